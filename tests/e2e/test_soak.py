"""A short seeded soak in the real page: the monkey of ``make soak`` (tools/soak.py), for twenty seconds of input.

Random input across the three games (clicks, taps, drags, keys, sliders,
undo, replay, dialogs, languages, navigation, reloads, share links), with the
soak's checks after every input and its replay of every saved game at the
end.  The number of inputs is bounded, and so is the time: a slower machine
makes fewer inputs (at least MIN_STEPS) and never fails for being slow; a
wait the time bound cuts short ends the run undecided, not failed.  A
failure prints the seed, the inputs so far and the ``make soak`` command
that replays them.
"""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import Server
from tools import soak

#: The run's seed and profile (``make soak SEED=7 PROFILE=quick`` makes the same inputs).
SEED = 7
PROFILE = "quick"
MAX_STEPS = 80
#: No new input after this many seconds once the first page is up (its engine started) ...
STEP_SECONDS = 20.0
#: ... and no wait past this many from the start: the test stays within a minute, the browser's start included.
HARD_SECONDS = 45.0
#: Fewer inputs than this would check nothing worth a minute (one input takes well under a second
#: here; a page load takes a few).
MIN_STEPS = 5


def test_a_short_seeded_soak_finds_no_fault(browser: Any, site: Server) -> None:
    result = soak.run_soak(
        browser, site.url, SEED, profile=PROFILE, max_steps=MAX_STEPS, seconds=STEP_SECONDS, hard_seconds=HARD_SECONDS
    )
    print(result.report())
    assert result.failure is None, result.report()
    assert len(result.steps) >= MIN_STEPS, f"only {len(result.steps)} inputs in {result.seconds:.0f} s\n{result.report()}"
