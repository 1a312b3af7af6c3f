"""«Ярмарок»'s kept cards at a table (issue 22, F14): a host and three peers in memory play a
game in which the cards are drawn, used (a certificate sold, a full-price sale, a
liquidation, a double ticket...) and a certificate changes hands in a trade, and every peer
replays and verifies each record to the host's hash; the saved game verifies offline, and
the cards are conserved (each held once or in its deck) at every record."""
from __future__ import annotations

import pytest
from helpers.p2p import MemoryTable, body, profile, seeded_secrets

from zemlevlasnyk.engine import Action, Game, Phase, ProposeTrade, UseCard
from zemlevlasnyk.engine.bots import make_bot
from zemlevlasnyk.p2p.core.host import TablePhase
from zemlevlasnyk.p2p.store import savegame
from zemlevlasnyk.p2p.store.verify import verify_game

TABLE = "00112233aabbccdd"
# A short game (the cap bounds it: about 4 s) whose seeded secrets (SEED) bring the cards:
# with fresh ones, 8 seeds measured used a card in 6 and traded a certificate in 1. It is a
# whole game's path, so a change to the bots' choices may need another seed: with 1c3e3cd's
# trades, seeds 15, 16, 18, 35, 42 and 44 of 1-45 hold every assertion (2 no longer did);
# with hard's half a lap of salary for houses, seeds 7, 15, 32 and 38 of 1-49 (44 no longer).
OPTIONS = {"turn_cap": 120}
SEED = 15
CERTIFICATE = "news_certificate"
# The trader asks this much for its certificate (worth 100 at the bank): a bargain beyond the
# margin a thinking partner asks of a deal (heuristic.py's margin_share of the start cash).
TRADE_PRICE = 50


class CardTrader:
    """An easy player that offers each certificate it draws to the next player for
    TRADE_PRICE, on its turn, and else spends every other card at its first chance (so that a
    short game meets several kinds of use)."""

    def __init__(self, seed: int) -> None:
        self.bot = make_bot("easy", seed)

    def choose(self, game: Game, seat: int) -> Action:
        index = game.rules.card_index[CERTIFICATE]
        partner = next((s for s in game._seats_from(seat)[1:] if game.alive[s]), None)
        if (game.phase in (Phase.PRE_ROLL, Phase.POST_ROLL) and game.active == seat and index in game.cards_held[seat]
                and partner is not None and partner not in game.proposed_to and game.cash[partner] >= TRADE_PRICE):
            offer = ProposeTrade(seat, partner, (), (), -TRADE_PRICE, (CERTIFICATE,))
            if game.is_legal(offer):
                return offer
        use = next((a for a in game.legal(seat).actions if isinstance(a, UseCard) and a.card != CERTIFICATE), None)
        return use if use is not None else self.bot.choose(game, seat)


@pytest.fixture(scope="module")
def finished() -> MemoryTable:
    with seeded_secrets(SEED):
        table = MemoryTable(peers=3, level="hard", clock=False, table=TABLE, preset="yarmarok",
                            options=dict(OPTIONS), seed=SEED)
        table.peers[1].policy = CardTrader(1)
        table.start_game()
    assert table.host.phase is TablePhase.FINISHED
    return table


def _acts(table: MemoryTable) -> list[dict]:
    return [b["act"]["action"] for b in map(body, table.host.records) if isinstance(b.get("act"), dict)]


def test_yarmarok_cards_table_every_peer_verifies_to_the_hosts_hash(finished: MemoryTable) -> None:
    host_game = finished.host.game
    assert host_game is not None and host_game.outcome() is not None
    ends = {n: finished.finished(n) for n in finished.peers}
    assert {end.state_hash for end in ends.values() if end is not None} == {host_game.state_hash()}
    assert all(end is not None for end in ends.values())
    assert all(not finished.refusals[n] and finished.cheated(n) is None for n in finished.peers)


def test_yarmarok_cards_table_used_and_traded_the_cards(finished: MemoryTable) -> None:
    acts = _acts(finished)
    used = {a["card"] for a in acts if a["type"] == "use_card"}
    assert CERTIFICATE in used and len(used) >= 2, used
    traded = [a for a in acts if a["type"] == "propose_trade" and a.get("cards")]
    assert traded and all(a["cards"] == [CERTIFICATE] for a in traded)
    answers = [acts[i + 1]["type"] for i, a in enumerate(acts) if a in traded]
    assert "accept_trade" in answers, answers


def test_yarmarok_cards_table_saved_game_verifies_offline(finished: MemoryTable, tmp_path) -> None:
    path = tmp_path / "yarmarok_cards.zvl"
    records = list(finished.host.records)
    header = savegame.header_for(records[0], table=TABLE, host=finished.host.profile.key_hex, me=profile(1).key_hex)
    with savegame.SaveGame.open(path, header) as saved:
        for seq, data in enumerate(records):
            saved.append(seq, data)
    verdict = verify_game(path)
    assert verdict.ok and verdict.records == len(records) and verdict.outcome is not None, verdict
