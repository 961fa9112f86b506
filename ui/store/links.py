"""Share links: a game record in the URL fragment, packed and bounded.

A link's fragment is ``#g1.`` (or ``#game=g1.``) followed by the record's
compact JSON, zlib-compressed, in base64url.  It never reaches a server, and
it is outside input like any other: :func:`decode_link` refuses a fragment
longer than :data:`~engine.bounded.MAX_LINK_CHARS` before decoding it, and
unpacks no more than :data:`~engine.bounded.MAX_RECORD_CHARS` bytes (a
20,000-action record fits), so a small link cannot inflate into a huge one.

>>> from engine.records import Seat
>>> record = GameRecord(game="pig", format=1, seats=[Seat(name="A"), Seat(name="B")], actions=["roll"])
>>> link = encode_link(record)
>>> link.startswith("g1.") and all(c.isalnum() or c in "-_." for c in link)
True
>>> decode_link("#" + link) == record
True
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib

from engine.bounded import MAX_LINK_CHARS, MAX_RECORD_CHARS
from engine.records import GameRecord, RecordError, parse_record

#: The fragment's marker and version: what follows is zlib + base64url JSON.
LINK_PREFIX = "g1."


def encode_link(record: GameRecord) -> str:
    """A record as a compact URL fragment: zlib-compressed JSON in base64url.

    Inverse of :func:`decode_link`.
    """
    raw = json.dumps(record.model_dump(mode="json"), separators=(",", ":")).encode()
    return LINK_PREFIX + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def decode_link(fragment: str) -> GameRecord:
    """The record a link's fragment carries; raises :class:`RecordError` in words.

    Inverse of :func:`encode_link`.

    >>> decode_link("g1.AAAA")
    Traceback (most recent call last):
    ...
    engine.records.RecordError: this link is damaged: its game data cannot be unpacked (was it cut short?)
    >>> decode_link("g1." + "A" * 1_000_000)
    Traceback (most recent call last):
    ...
    engine.records.RecordError: this link is too long: 1,000,003 characters, and a game's link has at most 817,341
    """
    if len(fragment) > MAX_LINK_CHARS:
        raise RecordError(
            f"this link is too long: {len(fragment):,} characters, and a game's link has at most {MAX_LINK_CHARS:,}"
        )
    text = fragment.lstrip("#").removeprefix("game=")
    if not text.startswith(LINK_PREFIX):
        raise RecordError(f"this link does not carry a game (it should start with {LINK_PREFIX!r})")
    body = text[len(LINK_PREFIX):]
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (ValueError, binascii.Error):
        raise RecordError("this link is damaged: its game data cannot be unpacked (was it cut short?)") from None
    return parse_record(unpack(packed))


def unpack(packed: bytes, limit: int = MAX_RECORD_CHARS) -> bytes:
    """zlib data inflated to at most ``limit`` bytes, or :class:`RecordError` in words.

    >>> unpack(zlib.compress(b"x" * 1000), limit=100)
    Traceback (most recent call last):
    ...
    engine.records.RecordError: this link's game is too large: it unpacks to more than 100 characters, and the largest game takes fewer
    """
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(packed, limit + 1)
    except zlib.error:
        raise RecordError("this link is damaged: its game data cannot be unpacked (was it cut short?)") from None
    if len(raw) > limit or inflater.unconsumed_tail:
        raise RecordError(
            f"this link's game is too large: it unpacks to more than {limit:,} characters, "
            "and the largest game takes fewer"
        )
    if not inflater.eof:
        raise RecordError("this link is damaged: its game data cannot be unpacked (was it cut short?)")
    return raw


__all__ = ["LINK_PREFIX", "decode_link", "encode_link", "unpack"]
