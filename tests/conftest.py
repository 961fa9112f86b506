"""Shared test set-up: registers the demonstration game Pig for the protocol tests."""

import engine
from engine.examples.pig import Pig

engine.register(Pig())
