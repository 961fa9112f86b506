"""Where the build keeps what it derives from content alone, across clones of the project.

The brotli siblings of the runtime (minutes at quality 11) and the bytecode of
Pyodide's standard library never change under their keys (the SHA-256 of the
input and the version of the tool that made them), so a fresh clone on the
same machine need not make them again: they live in the user's cache folder,
as pip keeps its wheels. ``BOARDGAMES_BUILD_CACHE`` names another folder;
deleting it only makes the next build slower.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def folder(name: str) -> Path:
    """The cache folder ``name`` (not created here)."""
    chosen = os.environ.get("BOARDGAMES_BUILD_CACHE")
    if chosen:
        return Path(chosen) / name
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "boardgames-build" / name


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so that another build reading or writing it at once never sees half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=path.parent, prefix=path.name + ".", suffix=".part", delete=False) as partial:
        partial.write(data)
    Path(partial.name).replace(path)
