"""`python -m zemlevlasnyk`: the same as the `zemlevlasnyk` command."""
from __future__ import annotations

import sys

from zemlevlasnyk.ui.cli import run

sys.exit(run())
