"""``python -m engine.ai speed ...``: see :mod:`engine.ai.speed`."""

import sys

from engine.ai.speed import main

if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["speed"]:
        args = args[1:]
    sys.exit(main(args))
