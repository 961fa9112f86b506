"""What a page shows the person in words, and nothing else: :data:`WORDED`.

The page's refusals (:class:`ui.app.refused.Refused`), the messages' and the
saves' own errors, and the engine's. Anything else a handler raises is a bug:
it leaves :meth:`ui.app.session.Session.handle_text`, and the worker reports it
as one (ui/worker.py's ``handle``), so the tests and the soak see it.
"""

from __future__ import annotations

import engine
from engine.analysis import NoHint
from engine.bots import UnknownBot
from engine.bounded import BadJson
from engine.core import BadOptions, BadState, IllegalAction
from engine.records import RecordError
from ui.app.messages import BadMessage
from ui.app.refused import Refused
from ui.store.saves import DamagedSave

WORDED: tuple[type[ValueError], ...] = (
    Refused, BadMessage, DamagedSave, RecordError, BadOptions, BadState, UnknownBot, engine.UnknownGame,
    IllegalAction, NoHint, BadJson,
)
