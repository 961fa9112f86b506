"""Shared test set-up: registers the demonstration game Pig for the protocol tests, and Hypothesis's profile.

No test may depend on the machine's speed, so Hypothesis's per-example deadline (200 ms by default,
which a busy machine overran in Siege's gesture round trip) is off for every property test.
"""

from hypothesis import settings

import engine
from engine.examples.pig import Pig

engine.register(Pig())

settings.register_profile("suite", deadline=None)
settings.load_profile("suite")
