"""A small disk for tests of a full one: a tmpfs of a given size mounted on a test's folder.

`small_disk(folder, size)` mounts it (we are root in CI), yields, and unmounts it in a
`finally`, on failure too (lazily, should a process the test started still hold a file
there). `fill(folder)` then takes every free byte with one file, so the next write that
needs a new page of the disk is refused with ENOSPC, as on a laptop whose disk filled up.
Where mounting is not allowed (not root, a container without the right), `DiskUnavailable`
says why and a test turns it into a skip.
"""
from __future__ import annotations

import errno
import os
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

# A `mount` or `umount` that takes longer than this is stuck.
MOUNT_TIMEOUT_S = 20
# The filler is written in pieces this big (a tmpfs refuses the piece that does not fit).
FILL_PIECE = 4096
FILLER = "filler"


class DiskUnavailable(Exception):
    """A small disk cannot be mounted here."""


def _run(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, capture_output=True, text=True, timeout=MOUNT_TIMEOUT_S, check=False)


@contextmanager
def small_disk(folder: Path, size: int) -> Iterator[Path]:
    """A tmpfs of `size` bytes mounted on `folder` (made if missing), private to its owner."""
    if os.geteuid() != 0:
        raise DiskUnavailable("mounting a tmpfs needs root")
    folder.mkdir(parents=True, exist_ok=True)
    done = _run("mount", "-t", "tmpfs", "-o", f"size={size},mode=0700", "tmpfs", str(folder))
    if done.returncode != 0:
        raise DiskUnavailable(f"mount failed: {done.stderr.strip()}")
    try:
        yield folder
    finally:
        if _run("umount", str(folder)).returncode != 0:
            _run("umount", "-l", str(folder))


def fill(folder: Path) -> int:
    """Take every free byte of `folder`'s disk with one file; the bytes it took."""
    taken = 0
    piece = b"\0" * FILL_PIECE
    fd = os.open(folder / FILLER, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    try:
        while True:
            try:
                written = os.write(fd, piece)
            except OSError as exc:
                if exc.errno != errno.ENOSPC:
                    raise
                break
            if written == 0:
                break
            taken += written
    finally:
        os.close(fd)
    return taken
