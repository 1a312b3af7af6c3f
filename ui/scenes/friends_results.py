"""The results of a friends game: as after a game against the computer, but "play again"
goes back to the friends scene (a new table is opened or joined there, with whoever comes)."""
from __future__ import annotations

from .results import ResultsScene


class FriendsResultsScene(ResultsScene):
    def _again(self) -> None:
        from .friends import FriendsScene
        from .menu import MenuScene
        self.app.reset(MenuScene(self.app))
        self.app.push(FriendsScene(self.app))
