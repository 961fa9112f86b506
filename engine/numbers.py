"""Numbers as each language writes them: French takes a decimal comma and a
narrow no-break space (U+202F) before "%" ("70,5 %"); English "70.5%".

The game logs (engine) and the page (ui) both write numbers through these.

>>> number(70.5), number(70.5, "fr"), number(3), number(2.26, "fr", places=1)
('70.5', '70,5', '3', '2,3')
>>> percent(70.5), percent(70.5, "fr") == "70,5\\u202f%", percent(0.4375, "fr", places=1, share=True)
('70.5%', True, '43,8\\u202f%')
"""

from __future__ import annotations

import re

#: what French puts between a number and "%" (and a few other signs): a narrow no-break space
NARROW_NBSP = "\u202f"


def number(value: float, lang: str = "en", places: int | None = None) -> str:
    """``value`` with ``places`` decimals (or as short as it goes), in ``lang``'s decimal mark."""
    text = f"{value:.{places}f}" if places is not None else f"{value:g}"
    return text.replace(".", ",") if lang == "fr" else text


def percent(value: float, lang: str = "en", places: int | None = None, *, share: bool = False) -> str:
    """``value`` per cent ("70.5%", French "70,5 %" with a narrow no-break space); ``share``: 0..1."""
    shown = number(100 * value if share else value, lang, places)
    return f"{shown}{NARROW_NBSP}%" if lang == "fr" else f"{shown}%"


_SPACED_PERCENT = re.compile(r"(\d)[ \n\u00a0]?%")


def french_percents(text: str) -> str:
    """French prose with the narrow no-break space before every "%" after a figure ("43 %", "43%" -> "43\u202f%").

    >>> french_percents("43 % et 56%, (44,0-49,6\\n%)") == "43\u202f% et 56\u202f%, (44,0-49,6\u202f%)"
    True
    """
    return _SPACED_PERCENT.sub("\\1" + NARROW_NBSP + "%", text)
