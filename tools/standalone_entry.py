"""The standalone program's first code (frozen by tools/build_standalone.py): the same entry
function as the installed `zemlevlasnyk` command, `zemlevlasnyk.ui.cli:run`.

`simulate --jobs N` runs games in worker processes started with multiprocessing's "spawn".
A frozen program has no interpreter to start them with, so multiprocessing starts this
executable again, with its own arguments instead of a command: `--multiprocessing-fork ...`
for a worker, `-c "from multiprocessing.resource_tracker import main;main(FD)"` for the
tracker of its semaphores. Such a start becomes that process here, before the command line
sees it. PyInstaller's runtime hook for multiprocessing would do the same, but it imports
multiprocessing at every start, a fifth of `--help`'s time, so the build leaves it out
(`DROPPED_RUNTIME_HOOKS` there) and multiprocessing is imported only when it is used.
"""
from __future__ import annotations

import re
import sys

# The resource tracker's command line, as multiprocessing.resource_tracker writes it: only
# this is run, and by calling its function, never by executing the text.
TRACKER = re.compile(r"from multiprocessing\.resource_tracker import main;\s*main\((\d+)\)")


def as_multiprocessing_helper(argv: list[str]) -> bool:
    """Run the multiprocessing helper that `argv` asks for; False if it asks for none."""
    if len(argv) > 1 and argv[1] == "--multiprocessing-fork":
        from multiprocessing import spawn

        # Reads the worker's arguments from sys.argv, runs it and exits.
        spawn.freeze_support()
        return True
    if "-c" in argv[1:-1]:
        found = TRACKER.fullmatch(argv[argv.index("-c") + 1])
        if found:
            from multiprocessing import resource_tracker

            resource_tracker.main(int(found.group(1)))
            return True
    return False


if __name__ == "__main__":
    if as_multiprocessing_helper(sys.argv):
        sys.exit(0)
    from zemlevlasnyk.ui.cli import run

    sys.exit(run())
