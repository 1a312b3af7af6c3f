"""Землевласник (Landlord): a Monopoly-family board game for 2–4 players on one Wi-Fi.

The repository's top-level folders install as one import package, `zemlevlasnyk`
(pyproject.toml maps them with `package-dir`): `zemlevlasnyk.engine` (the rules),
`zemlevlasnyk.p2p` (the table), `zemlevlasnyk.ui` (the command line and the window) and
`zemlevlasnyk.assets` (data). Nothing generic lands at the top of site-packages.
"""
from __future__ import annotations

from importlib import metadata

try:
    __version__ = metadata.version("zemlevlasnyk")
except metadata.PackageNotFoundError:  # imported from a tree that was never installed
    __version__ = "0+unknown"
