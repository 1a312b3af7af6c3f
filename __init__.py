"""Землевласник (Landlord): a Monopoly-family board game for 2–4 players on one Wi-Fi.

The repository's top-level folders install as one import package, `zemlevlasnyk`
(pyproject.toml maps them with `package-dir`): `zemlevlasnyk.engine` (the rules),
`zemlevlasnyk.p2p` (the table), `zemlevlasnyk.ui` (the command line and the window) and
`zemlevlasnyk.assets` (data). Nothing generic lands at the top of site-packages.
"""
from __future__ import annotations


def __getattr__(name: str) -> str:
    # The version is read from the installed metadata only when asked: reading it costs
    # more than starting most commands.
    if name == "__version__":
        from importlib import metadata

        try:
            return metadata.version("zemlevlasnyk")
        except metadata.PackageNotFoundError:  # imported from a tree that was never installed
            return "0+unknown"
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
