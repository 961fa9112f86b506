"""Shared test set-up: registers the demonstration game Pig for the protocol tests."""

import engine
from tests.pig import Pig

engine.register(Pig())
