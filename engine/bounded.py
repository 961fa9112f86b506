"""Outside text, bounded before it is parsed; outside values, shortened before they are echoed.

Everything that reaches Python from outside (a bridge message, a record in a
file, a share link, a saved game) is JSON text.  :func:`parse_json` checks its
size, then its nesting depth by one linear scan that skips strings (no
recursion, so a record nested 100,000 deep costs a glance, not the engine),
and only then hands it to :func:`json.loads`, refusing non-finite numbers
(``NaN``, ``Infinity``, ``1e400``) and numbers too long to be anything but an
attack (Python's int-string limit sits at 4,300 digits).  Every refusal is a
:class:`BadJson` in words.

>>> parse_json('{"seed": 7, "actions": ["end"]}')
{'seed': 7, 'actions': ['end']}
>>> parse_json("[" * 3000 + "]" * 3000)
Traceback (most recent call last):
...
engine.bounded.BadJson: the JSON is nested more than 32 deep
>>> parse_json('{"seed": 1e400}')
Traceback (most recent call last):
...
engine.bounded.BadJson: the number 1e400 is too large to be exact

:func:`shorten` (``repr`` style) and :func:`clip` (plain text, for « »)
cut every echoed input to a few dozen characters, so a refusal of a 150 MB
option value is one line:

>>> shorten("peace-" + "x" * 10_000)
"'peace-xxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'"
>>> clip("fly\\nto the moon and back again and again and again")
'fly\\\\nto the moon and…and again and again'

The limits are named constants so that the page's JavaScript bridge can use
the same numbers (:data:`LIMITS`); each one says how it is derived.
"""

from __future__ import annotations

import json
import math
import re
import reprlib
from typing import Any

# -- the largest legal record, from the record schema's own numbers ---------------------

#: Actions in one record (a long Siege game has about 2,000).
MAX_ACTIONS = 20_000
#: Seats in one record, characters in a seat's name and in its controller's name.
MAX_SEATS = 8
MAX_NAME_CHARS = 40
MAX_CONTROLLER_CHARS = 32
#: The longest action text any game writes: Siege's ``fire mortar 85 100``
#: (a test checks every game's actions against it).
LONGEST_ACTION_CHARS = 18

#: One action in the roomiest form a record is written in: one action per
#: line indented 8 spaces (``json.dumps(record, indent=4)``; the page's export
#: indents 2, its links are compact), plus two quotes, a comma and a newline.
_CHARS_PER_ACTION = 8 + LONGEST_ACTION_CHARS + 2 + 1 + 1
#: Everything but the actions: every seat's name written as ``\\ud83d\\ude00``
#: escapes (12 characters per character), its controller, keys, quotes and
#: indents (64 a seat), and 8 KiB for game, format, seed, options and the rest.
_CHARS_BESIDE_ACTIONS = MAX_SEATS * (MAX_NAME_CHARS * 12 + MAX_CONTROLLER_CHARS + 64) + 8 * 1024

#: The largest record text accepted (characters, or bytes of a file or an
#: unpacked link): a 20,000-action record of the longest action, pretty-printed,
#: fits; compact, that record is about 425,000 characters.
MAX_RECORD_CHARS = MAX_ACTIONS * _CHARS_PER_ACTION + _CHARS_BESIDE_ACTIONS


def deflate_bound(size: int) -> int:
    """The most bytes zlib can write for ``size`` bytes of input (zlib's ``compressBound``).

    >>> deflate_bound(1000)
    1013
    """
    return size + (size >> 12) + (size >> 14) + (size >> 25) + 13


#: The longest share-link fragment accepted, ``#game=`` and ``g1.`` included:
#: the largest record even if zlib could not shrink it at all, in base64.
MAX_LINK_CHARS = len("#game=") + len("g1.") + -(-4 * deflate_bound(MAX_RECORD_CHARS) // 3)

#: What one origin may keep in localStorage (5 MiB of characters in Chromium,
#: Firefox and Safari): the saved games the page lists come from there.
STORAGE_CHARS = 5 * 1024 * 1024

#: The longest bridge message accepted: the saved-games message carries every
#: stored entry as a string, each of whose characters JSON may write as two
#: (a quote or a backslash); a record sent as text may take 6 per character
#: (``\\u0001``); a link its own length; plus 1 MiB for keys and fields.
MAX_MESSAGE_CHARS = max(2 * STORAGE_CHARS, 6 * MAX_RECORD_CHARS, MAX_LINK_CHARS) + 1024 * 1024

#: The deepest nesting of arrays and objects accepted.  Legal data needs at
#: most 5 (a Siege state: state, sides, side, setting, pair; a message
#: carrying a record: message, record, seats, seat); CPython parses about
#: 1,000 deep and Pyodide's stack gave out at 3,000 in the page.
MAX_JSON_DEPTH = 32

#: The longest number token accepted: a seed below 2**53 has 16 digits.
MAX_NUMBER_CHARS = 32

#: Seeds are whole numbers from 0 to ``SEED_LIMIT - 1``: JavaScript holds
#: integers exactly only below 2**53 (``Number.MAX_SAFE_INTEGER + 1``).
SEED_LIMIT = 2**53

#: Characters of an outside value echoed in a message.
ECHO_CHARS = 40

#: The numbers the JavaScript bridge mirrors, by name.
LIMITS: dict[str, int] = {
    "MAX_RECORD_CHARS": MAX_RECORD_CHARS,
    "MAX_LINK_CHARS": MAX_LINK_CHARS,
    "MAX_MESSAGE_CHARS": MAX_MESSAGE_CHARS,
    "MAX_JSON_DEPTH": MAX_JSON_DEPTH,
    "SEED_LIMIT": SEED_LIMIT,
}


class BadJson(ValueError):
    """Outside JSON text refused before or while parsing; the message is words.

    ``kind`` says which check refused it: ``size``, ``depth``, ``encoding``,
    ``number`` or ``syntax``.
    """

    def __init__(self, kind: str, message: str) -> None:
        self.kind = kind
        super().__init__(message)


# -- echoes ---------------------------------------------------------------------------------


class _Echo(reprlib.Repr):
    """``reprlib`` with every size knob at the echo limit, and no huge int printed."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.maxstring = self.maxlong = self.maxother = max(limit, 5)
        self.maxlevel = 3
        self.maxlist = self.maxtuple = self.maxdict = self.maxset = self.maxfrozenset = self.maxdeque = 4

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 4 * self.maxlong:  # too long to be worth (or, past 4,300 digits, able to be) printed
            return f"<a number of {math.floor(math.log10(abs(x))) + 1} digits>"
        return super().repr_int(x, level)


_ECHOES: dict[int, _Echo] = {}


def _cut(text: str, limit: int, fill: str) -> str:
    """``text`` kept whole if it fits in ``limit`` characters, else its two ends around ``fill``."""
    if len(text) <= limit:
        return text
    head = (limit - len(fill) + 1) // 2
    tail = limit - len(fill) - head
    return text[:head] + fill + (text[len(text) - tail:] if tail > 0 else "")


def shorten(value: Any, limit: int = ECHO_CHARS) -> str:
    """``repr(value)`` in at most ``limit`` characters, for a message that repeats an input.

    >>> shorten("move a1 b2")
    "'move a1 b2'"
    >>> shorten(["x" * 100] * 100)
    "['xxxxxxxxxxxxxxxxx...xxxxxxxxxxx', ...]"
    >>> shorten(7**10_000)
    '<a number of 8451 digits>'
    """
    echo = _ECHOES.get(limit)
    if echo is None:
        echo = _ECHOES.setdefault(limit, _Echo(limit))
    return _cut(echo.repr(value), limit, "...")


def _printable(text: str) -> str:
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def clip(text: Any, limit: int = ECHO_CHARS) -> str:
    """``text`` as plain words in at most ``limit`` characters (control characters escaped).

    For echoes inside quotation marks of a sentence (« move a1 b2 »); a value
    that is not text is shown as :func:`shorten` shows it.

    >>> clip("move a1 b2")
    'move a1 b2'
    >>> len(clip("é" * 10_000))
    40
    """
    if not isinstance(text, str):
        return shorten(text, limit)
    if len(text) <= limit:
        shown = _printable(text)
        if len(shown) <= limit:
            return shown
    head = limit // 2
    tail = limit - 1 - head
    return _printable(text[:head])[:head] + "…" + (_printable(text[-tail:])[-tail:] if tail > 0 else "")


# -- bounded JSON ----------------------------------------------------------------------------

#: One token of the depth scan: an opening bracket, a closing one, or a whole
#: string (skipped at C speed, escapes included; an unterminated string runs
#: to the end, where ``json.loads`` will refuse it anyway).
_TOKEN = re.compile(r'([\[{])|([\]}])|"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)


def json_depth(text: str, limit: int = MAX_JSON_DEPTH) -> int:
    """How deep ``text`` nests arrays and objects, counting no further than ``limit + 1``.

    Brackets inside strings do not count:

    >>> json_depth('{"a": [1, {"b": "[[[["}]}')
    3
    >>> json_depth("[" * 100_000, limit=32)
    33
    """
    depth = deepest = 0
    for match in _TOKEN.finditer(text):
        kind = match.lastindex
        if kind == 1:
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    break
        elif kind == 2:
            depth -= 1
    return deepest


def _parse_int(token: str) -> int:
    if len(token) > MAX_NUMBER_CHARS:
        raise BadJson("number", f"a number is {len(token)} characters long; at most {MAX_NUMBER_CHARS} are accepted")
    return int(token)


def _parse_float(token: str) -> float:
    if len(token) > MAX_NUMBER_CHARS:
        raise BadJson("number", f"a number is {len(token)} characters long; at most {MAX_NUMBER_CHARS} are accepted")
    value = float(token)
    if not math.isfinite(value):
        raise BadJson("number", f"the number {token} is too large to be exact")
    return value


def _parse_constant(name: str) -> Any:
    raise BadJson("number", f"{name} is not a number: JSON has no {name}")


def parse_json(data: str | bytes, *, max_chars: int = MAX_RECORD_CHARS, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """The value of outside JSON text, checked for size and depth before it is parsed.

    ``data`` is text, or bytes that must be UTF-8 (a byte-order mark is
    skipped).  Raises :class:`BadJson` in words; never ``RecursionError``,
    ``OverflowError`` or a raw ``ValueError`` from Python's limits.

    >>> parse_json(b'\\xef\\xbb\\xbf[1, 2.5, "\\xc3\\xa9"]')
    [1, 2.5, 'é']
    >>> parse_json(b"[\\xff]")
    Traceback (most recent call last):
    ...
    engine.bounded.BadJson: the text is not UTF-8 (byte 0xff at position 1 cannot start a character)
    >>> parse_json("x" * 100, max_chars=10)
    Traceback (most recent call last):
    ...
    engine.bounded.BadJson: the text is too large: 100 characters, at most 10
    >>> parse_json('{"seed": ' + "1" * 5000 + "}")
    Traceback (most recent call last):
    ...
    engine.bounded.BadJson: a number is 5000 characters long; at most 32 are accepted
    >>> parse_json('{"seats": [{"na')
    Traceback (most recent call last):
    ...
    engine.bounded.BadJson: the JSON is broken at line 1, column 13 (is the file truncated?)
    """
    if not isinstance(data, (str, bytes, bytearray)):
        raise BadJson("syntax", f"expected JSON text, not {type(data).__name__}")
    if len(data) > max_chars:
        unit = "characters" if isinstance(data, str) else "bytes"
        raise BadJson("size", f"the text is too large: {len(data):,} {unit}, at most {max_chars:,}")
    if isinstance(data, (bytes, bytearray)):
        try:
            text = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise BadJson(
                "encoding",
                f"the text is not UTF-8 (byte 0x{data[exc.start]:02x} at position {exc.start} {_utf8_reason(exc)})",
            ) from None
    else:
        text = data
    depth = json_depth(text, max_depth)
    if depth > max_depth:
        raise BadJson("depth", f"the JSON is nested more than {max_depth} deep")
    try:
        return json.loads(text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant)
    except json.JSONDecodeError as exc:
        raise BadJson(
            "syntax", f"the JSON is broken at line {exc.lineno}, column {exc.colno} (is the file truncated?)"
        ) from None


def _utf8_reason(exc: UnicodeDecodeError) -> str:
    return {"invalid start byte": "cannot start a character", "unexpected end of data": "is cut short"}.get(
        exc.reason, "is not part of a character"
    )


__all__ = [
    "ECHO_CHARS",
    "LIMITS",
    "MAX_ACTIONS",
    "MAX_JSON_DEPTH",
    "MAX_LINK_CHARS",
    "MAX_MESSAGE_CHARS",
    "MAX_RECORD_CHARS",
    "SEED_LIMIT",
    "BadJson",
    "clip",
    "json_depth",
    "parse_json",
    "shorten",
]
