"""Player profiles on disk: `<data dir>/profiles/<profile>.json`.

The data dir (`p2p.store.folders`) is `$XDG_DATA_HOME/zemlevlasnyk` (default
`~/.local/share/zemlevlasnyk`), so tests and several players on one machine each point
`XDG_DATA_HOME` at their own folder. A profile is created on first use; the signing key never
leaves the file, which is readable by its owner only.
"""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

from zemlevlasnyk.p2p.core.errors import Code, local
from zemlevlasnyk.p2p.core.identity import COLOURS, Profile, clean_name
from zemlevlasnyk.p2p.store.folders import data_dir as data_dir  # re-exported: the profiles' folder holds them all

PROFILE_FORMAT = 1

_PROFILE_NAME = re.compile(r"^[A-Za-z0-9_-]{1,32}$")


def private_folder(sub: str, *, folder: Path | None = None) -> Path:
    """`<data dir>/<sub>`, created if missing; the data folder and `sub` are entered by
    their owner only (0700): they hold signing keys and the games played. `OSError` if they
    cannot be made."""
    base = folder or data_dir()
    path = base / sub
    for each in (base, path):
        each.mkdir(parents=True, exist_ok=True, mode=0o700)
        info = each.stat()
        if info.st_mode & 0o077 and info.st_uid == os.geteuid():
            each.chmod(0o700)
    return path


def load_or_create(profile: str = "default", *, name: str | None = None,
                   colour: str | None = None, folder: Path | None = None) -> Profile:
    """The named profile, created with a fresh key on first use.

    `name` and `colour`, when given, replace the stored ones (and are saved)."""
    if not _PROFILE_NAME.match(profile):
        raise local(Code.BAD_PROFILE, f"profile name {profile!r} must be 1-32 letters, digits, '-' or '_'",
                    reason="profile_name", params={"name": profile})
    if colour is not None and colour not in COLOURS:
        raise local(Code.BAD_PROFILE, f"colour {colour!r} is not one of {', '.join(COLOURS)}",
                    reason="profile_colour", params={"colour": colour, "known": ", ".join(COLOURS)})
    from nacl.signing import SigningKey
    path = (folder or data_dir()) / "profiles" / f"{profile}.json"
    if path.exists() or path.is_symlink():
        stored = _read(path)
    else:
        stored = Profile(clean_name(name or os.environ.get("USER", "") or "Player"),
                         colour or COLOURS[0], SigningKey.generate())
        _write(path, stored)
    if (name is not None and clean_name(name) != stored.name) or (colour is not None and colour != stored.colour):
        stored = Profile(clean_name(name) if name is not None else stored.name,
                         colour or stored.colour, stored.signing_key)
        _write(path, stored)
    return stored


def _read(path: Path) -> Profile:
    from nacl.signing import SigningKey
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError("it is not a JSON object")
        if data.get("format") != PROFILE_FORMAT:
            raise ValueError(f"unknown profile format {data.get('format')!r}")
        key = SigningKey(bytes.fromhex(data["signing_key"]))
        colour = data["colour"] if data.get("colour") in COLOURS else COLOURS[0]
        return Profile(clean_name(str(data["name"])), colour, key)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        raise local(Code.BAD_PROFILE, f"profile {path} is unreadable ({why}); move it away to start afresh",
                    reason="profile_unreadable", params={"path": str(path)}) from None


def _write(path: Path, profile: Profile) -> None:
    data = {"format": PROFILE_FORMAT, "name": profile.name, "colour": profile.colour,
            "signing_key": bytes(profile.signing_key).hex()}
    tmp = path.with_suffix(".tmp")
    try:
        private_folder(path.parent.name, folder=path.parent.parent)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(data, handle, indent=1)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        raise local(Code.BAD_PROFILE, f"cannot save profile {path} ({exc.strerror or exc})",
                    reason="profile_unsaved", params={"path": str(path)}, os_error=exc) from None
