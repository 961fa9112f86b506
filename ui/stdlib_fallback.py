"""The way back to the whole standard library, should a page import a module the light one left out.

The page's Pyodide runs on a light standard library (tools/stdlib_cut.py):
the modules the build traced a page loading, and a list of every module it
left out. The worker (ui/worker.py) installs ``FullStdlib`` at the end of
``sys.meta_path``: when an import finds nothing and the module is one the cut
left out, it downloads Pyodide's whole standard library from the site
(python_stdlib.zip, never precached: a visit that needs it fetches it), takes
the module from there, and says in words what happened. A module that is in
neither (an optional import that fails anywhere) is not its business: it
downloads nothing for it.
"""

from __future__ import annotations

import importlib.machinery
import sys

#: Where the whole standard library is written once downloaded (the worker's in-memory file system).
FULL_PATH = "/tmp/python_stdlib_full.zip"
#: The list of the modules the cut left out, inside the light standard library's zip (one dotted name a line).
LEFT_OUT = "boardgames-left-out.txt"


def find_light_stdlib(left_out_name: str = LEFT_OUT) -> tuple[str, frozenset[str]] | None:
    """The light standard library's zip on ``sys.path``, and the modules it left out (None: not a cut one)."""
    import zipfile

    for entry in sys.path:
        if not entry.endswith(".zip"):
            continue
        try:
            with zipfile.ZipFile(entry) as archive:
                names = archive.read(left_out_name).decode().split()
        except (OSError, KeyError, zipfile.BadZipFile):
            continue
        return entry, frozenset(names)
    return None


def download(url: str) -> bytes:
    """The bytes at ``url``, synchronously: an import cannot wait (a worker may block on a request)."""
    from js import XMLHttpRequest

    request = XMLHttpRequest.new()
    request.open("GET", url, False)
    request.responseType = "arraybuffer"
    request.send(None)
    if request.status != 200:
        raise OSError(f"HTTP {request.status}")
    return request.response.to_bytes()


class FullStdlib:
    """A meta-path finder of last resort: the modules the light standard library left out, from the whole one."""

    def __init__(self, url: str, light: str, left_out: frozenset[str], fetch=download) -> None:
        self.url = url
        self.light = light
        self.left_out = left_out
        self.fetch = fetch
        self.full: str | None = None
        #: What happened, in words, one line per module taken from the whole standard library.
        self.notes: list[str] = []

    def find_spec(self, name: str, path=None, target=None):
        if name not in self.left_out:
            return None
        if self.full is None:
            try:
                data = self.fetch(self.url)
            except Exception as exc:  # offline, or the site lost the file: the import fails, in words
                note = (
                    f"The engine needed Python's module {name}, which this site's light standard library "
                    f"leaves out, and could not download the whole standard library ({exc})."
                )
                self.say(note)
                raise ModuleNotFoundError(note, name=name) from exc
            with open(FULL_PATH, "wb") as file:
                file.write(data)
            self.full = FULL_PATH
            size = f"{len(data) / 1e6:.1f} MB"
            self.say(
                f"The engine needed Python's module {name}, which this site's light standard library "
                f"leaves out: it downloaded the whole standard library ({size}) from this site and went on."
            )
        else:
            self.say(f"The engine took Python's module {name} from the whole standard library.")
        search = [self.full] if path is None else [p.replace(self.light, self.full, 1) for p in path]
        return importlib.machinery.PathFinder.find_spec(name, search)

    def say(self, note: str) -> None:
        """Keep the note, and put it in the console (a warning the first time, then for information)."""
        self.notes.append(note)
        try:
            from js import console

            (console.warn if len(self.notes) == 1 else console.info)(note)
        except ImportError:  # not in a browser (the tests): the notes are enough
            pass


def install(url: str, left_out_name: str = LEFT_OUT) -> FullStdlib | None:
    """Put the fallback at the end of ``sys.meta_path`` (once); None when Python runs on a whole standard library."""
    for finder in sys.meta_path:
        if isinstance(finder, FullStdlib):
            return finder
    found = find_light_stdlib(left_out_name)
    if found is None:
        return None
    finder = FullStdlib(url, found[0], found[1])
    sys.meta_path.append(finder)
    return finder
