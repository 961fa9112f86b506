"""The page's refusals: :class:`Refused`, a request the page turns down with words for the person at it.

The rules refuse an action with :class:`engine.core.IllegalAction`; the page
refuses everything else a person can ask of it (a tap that does nothing now,
"Undo" with nothing to undo, a lesson's other move) with :class:`Refused`.
The session (:meth:`ui.app.session.Session.handle_text`) shows these, and the
engine's and the messages' own error types, to the person in words; any other
exception is a bug, and is reported as one (ui/worker.py: "the engine
failed: ...", its traceback on the console).

>>> refused = Refused("no_cell", "There is no cell zz on this board.", cell="zz")
>>> str(refused), refused.key, refused.values
('There is no cell zz on this board.', 'no_cell', {'cell': 'zz'})
>>> import copy
>>> isinstance(refused, ValueError), copy.copy(refused).values
(True, {'cell': 'zz'})
"""

from __future__ import annotations

from typing import Any

__all__ = ["Refused"]


class Refused(ValueError):
    """A request the page refuses: its words (already in the page's language), the reason as data.

    ``key`` names the reason ("not_your_turn", "no_cell"), one entry of the
    refusing module's table of words; ``values`` are what those words were
    filled with (cells, steps), as :class:`engine.core.Refusal` carries them
    for the rules.  ``str()`` is the sentence the page shows.
    """

    def __init__(self, key: str, words: str, **values: Any) -> None:
        super().__init__(words)
        self.key = key
        self.values = values

    def __reduce__(self) -> tuple[Any, ...]:  # copied whole (the default would call Refused(words))
        return (type(self), (self.key, str(self)), self.__dict__)
