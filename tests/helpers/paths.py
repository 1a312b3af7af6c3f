"""Where things are, for tests in any folder: the repository's root and the tests' data."""
from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "tests" / "data"
