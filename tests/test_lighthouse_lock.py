"""Lighthouse, pinned for ``make lighthouse`` (tools/lighthouse/), installs from its lock with ``npm ci``.

``npm ci`` resolves a dependency asked for by dist-tag ("latest") against the registry
again, and refuses the lock once the tag has moved past the version the lock holds
(tools/lighthouse.py says how that happened). So no package in the lock may ask for a
tag unless an override names the exact version the lock holds.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "tools/lighthouse"
#: A version or a range (1.2.3, ^1.2, >=1 <2, 1.x, *): anything else npm takes for a dist-tag.
RANGE = re.compile(r"^[\s\d.xX*^~<>=|-]+$")


@pytest.mark.unit
def test_lighthouse_is_pinned_exactly_and_its_lock_asks_for_no_tag_an_override_does_not_fix() -> None:
    package = json.loads((FOLDER / "package.json").read_text())
    lock = json.loads((FOLDER / "package-lock.json").read_text())
    assert package["devDependencies"] == {"lighthouse": "12.8.2"}
    assert lock["packages"]["node_modules/lighthouse"]["version"] == "12.8.2"
    overrides = package.get("overrides", {})
    tagged = []
    for path, entry in lock["packages"].items():
        name = path.rsplit("node_modules/", 1)[-1]
        for dependency, spec in entry.get("dependencies", {}).items():
            if RANGE.match(spec):
                continue
            pinned = overrides.get(name, {}).get(dependency) if isinstance(overrides.get(name), dict) else None
            held = lock["packages"].get(f"node_modules/{dependency}", {}).get("version")
            if pinned is None or pinned != held:
                tagged.append(f"{name} asks for {dependency}@{spec} (the lock holds {held}, the override says {pinned})")
    assert not tagged, tagged
