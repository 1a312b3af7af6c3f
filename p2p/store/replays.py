"""A saved game opened to be watched again: verified once, every record kept on the way.

`load_replay(path)` runs the offline verification (`p2p.store.verify.verify_game`, the same
checks a live peer makes) and keeps each record as it verifies (`p2p.core.rewind.Rewind`), so
the game can be stood at any record. The `Verdict` says whether the whole file verified; a
file that did not still holds its records up to the last good one (`watchable` says whether
that is the whole story told so far: a game still being played has no end record yet).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from zemlevlasnyk.p2p.core.rewind import Rewind
from zemlevlasnyk.p2p.store.verify import Failure, Verdict, verify_game


@dataclass(frozen=True)
class Replay:
    verdict: Verdict
    rewind: Rewind

    @property
    def watchable(self) -> bool:
        """Every record of the file verified: a whole game, or one not finished yet."""
        return (self.verdict.ok or self.verdict.failure is Failure.UNFINISHED) and len(self.rewind) > 0


def load_replay(path: Path) -> Replay:
    rewind = Rewind()
    verdict = verify_game(path, each=rewind.add)
    return Replay(verdict, rewind)
