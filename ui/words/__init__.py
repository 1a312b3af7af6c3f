"""The game's words: text catalogues, the language chosen, narration of events, a ruleset's names,
problems told in the player's words, and a game's story in figures. No pygame here."""
