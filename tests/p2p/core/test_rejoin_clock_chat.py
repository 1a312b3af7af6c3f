"""A player back at a table after its host was lost (issue 19, friction 1), sans-IO: the
records it is caught up with arrive late, and its decision clock must count from the
host's clock, not from their arrival; and the table's recent chat comes back with it."""
from __future__ import annotations

import pytest
from helpers.faults import ResumableTable
from helpers.p2p import profile

from zemlevlasnyk.p2p.core import messages
from zemlevlasnyk.p2p.core.host import TablePhase
from zemlevlasnyk.p2p.core.peer import Admitted, ChatLine, TablePeer
from zemlevlasnyk.p2p.core.policy import make_policy

# How long the table waits on the person before the old host comes back: well inside the
# 30 s decision clock, and far beyond any rounding.
AWAY = 13.0


def _table() -> ResumableTable:
    """The host plays a seat, peer 1 is a computer player's laptop, peer 2 a person."""
    table = ResumableTable(peers=0, seed=5)
    table.deliver(table.host.sit_host(table.now, policy=make_policy("medium", 5)))
    table.add_peer(1, policy=make_policy("medium", 501))
    table.add_peer(2)
    table.run()
    table.deliver(table.host.start(table.now))
    table.run()
    return table


def _person_decides(table: ResumableTable) -> None:
    game = table.host.game
    assert table.host.phase is TablePhase.PLAYING and game is not None
    assert any(d.seat == table.peers[2].seat for d in game.pending())


def _say(table: ResumableTable, n: int, text: str) -> None:
    table.send_from(n, table.peers[n].chat(text).message)
    table.run()


def test_a_rejoined_window_counts_the_clock_from_the_hosts_time_and_has_the_chat() -> None:
    table = _table()
    _person_decides(table)
    _say(table, 2, "добрий вечір")
    table.deliver(table.host.chat("раз", table.now))
    table.run()
    said = [("P2", "добрий вечір"), ("Host", "раз")]
    # The host's laptop vanishes; peer 1 takes the table over, the person rejoins it.
    old_records = list(table.host.records)
    table.lose_host()
    new = table.take_over(1, policy=make_policy("medium", 7), rejoin=(2,))
    table.run()
    _person_decides(table)
    assert [(c.name, c.text) for c in new.chat_history] == said
    # The table waits on the person; the old host's process comes back meanwhile, with
    # its saved game, and is caught up with what was made since.
    table.advance(AWAY)
    _person_decides(table)
    back = TablePeer(profile(0, "Host"), table=new.table, host_key=profile(0).public_key)
    for record in old_records:
        back.receive(messages.encode(messages.RecordWire(record)), table.now - AWAY)
    table.peers[0] = back
    table.add_peer(0, last_seq=back.replica.seq)
    table.run()
    assert back.replica.head == new.head
    truth = new.clock_left(table.now)
    seat = table.peers[2].seat
    assert truth[seat] == pytest.approx(new.clock_left()[seat] - AWAY, abs=0.1)
    # As of the latest record's arrival (the window counts on from there), and later.
    assert back.clock_left() == pytest.approx(truth, abs=0.05), "counted from the catch-up's arrival"
    table.now += 4
    assert back.clock_left(table.now) == pytest.approx(new.clock_left(table.now), abs=0.05)
    # The chat said before the loss, handed on by the player who took the table over.
    admitted = [o for o in table.outputs[0] if isinstance(o, Admitted)]
    assert [(c.name, c.text) for c in admitted[-1].chat] == said
    assert all(isinstance(c, ChatLine) for c in admitted[-1].chat)
    # Lines said after the takeover are the new host's to hand on too: the old host's
    # process, started once more, has all three.
    _say(table, 2, "ще тут")
    table.drop(0)
    table.peers[0] = TablePeer(profile(0, "Host"), table=new.table, host_key=profile(0).public_key)
    table.add_peer(0)
    table.run()
    assert table.peers[0].replica.head == new.head
    last = [o for o in table.outputs[0] if isinstance(o, Admitted)][-1]
    assert [c.text for c in last.chat] == ["добрий вечір", "раз", "ще тут"]
    assert [c.text for c in table.peers[0].heard_chat] == ["добрий вечір", "раз", "ще тут"]


def test_the_chat_history_is_bounded_and_only_during_a_game() -> None:
    """A lobby hands on no chat (the lobby view is the table then); a game hands on the
    last `CHAT_HISTORY` lines, and a peer refuses a longer history as a bad message."""
    table = ResumableTable(peers=2, seed=5, level=None)
    table.deliver(table.host.chat("у лобі", table.now))
    table.run()
    assert [o.chat for o in table.outputs[1] if isinstance(o, Admitted)] == [()]
    table.deliver(table.host.start(table.now))
    table.run()
    for n in range(messages.CHAT_HISTORY + 5):
        table.deliver(table.host.chat(f"рядок {n}", table.now))
    table.run()
    table.drop(1)
    table.rejoin(1)
    table.run()
    last = [o for o in table.outputs[1] if isinstance(o, Admitted)][-1]
    assert len(last.chat) == messages.CHAT_HISTORY and last.chat[-1].text == f"рядок {messages.CHAT_HISTORY + 4}"
    wire = messages.encode(messages.Admitted(messages.Role.PLAYER, 0, 0, table.host.table, 3, 1000,
                                             tuple(messages.ChatRelay("k", "n", "t")
                                                   for _ in range(messages.CHAT_HISTORY + 1))))
    with pytest.raises(Exception, match="chat"):
        messages.parse_from_host(wire)
