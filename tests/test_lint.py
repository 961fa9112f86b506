"""The lint: ruff, configured in pyproject.toml, finds nothing in the repository.

pyproject.toml's [tool.ruff] says what it checks (the rules ruff enables,
less the few the project's style chooses against, each with its reason).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.unit
def test_ruff_finds_nothing() -> None:
    found = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", str(ROOT)],
                           capture_output=True, text=True, cwd=ROOT, check=False)
    assert found.returncode == 0, found.stdout[-6000:] + found.stderr[-2000:]
