"""`python -m zemlevlasnyk`: the same as the `zemlevlasnyk` command."""
from __future__ import annotations

import sys

from zemlevlasnyk.ui.cli import main

sys.exit(main())
