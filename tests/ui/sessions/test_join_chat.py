"""A joined window's chat after a (re)join (issue 19, friction 1): the table's chat was empty
in a window back after a host loss. The host hands its recent chat over on admission; the
join session shows it, with the speakers' colours from the game (the lobby comes after)."""
from __future__ import annotations

from helpers.p2p import MemoryTable, profile

from zemlevlasnyk.p2p import Invite
from zemlevlasnyk.p2p.core.handshake import PLAYING, Joiner
from zemlevlasnyk.p2p.core.host import CatchUp, Send
from zemlevlasnyk.ui.sessions.join import JoinSession

CONN = 7


def test_a_rejoined_window_shows_the_chat_said_before(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    table = MemoryTable(peers=2, level=None).start_game()
    table.send_from(2, table.peers[2].chat("добрий вечір").message)
    table.run()
    table.deliver(table.host.chat("раз", table.now))
    table.run()
    table.drop(1)
    # Peer 1's player opens the table in a new window (its process started again).
    me = profile(1)
    invite = Invite("127.0.0.1", 40001, table.host.table, table.host.profile.public_key, None)
    session = JoinSession(me, invite)
    assert session.chat == []
    joiner = Joiner(me.key_hex, me.name, me.colour, PLAYING, True, -1)
    outs = table.host.connect(CONN, joiner, table.now)
    for out in outs:
        if isinstance(out, CatchUp):
            for seq in range(out.start, out.stop):
                for seen in session.core.receive(table.host.records[seq], table.now):
                    session._output(seen)
        elif isinstance(out, Send) and out.conn == CONN:
            for seen in session.core.receive(out.payload, table.now):
                session._output(seen)
    said = [(e.name, e.text) for e in session.chat]
    assert said == [("P2", "добрий вечір"), ("Host", "раз")]
    colours = {p.name: p.colour for p in session.core.replica.players}
    assert session.chat[0].colour == colours["P2"], "a player's colour, though the lobby came after"
    assert session.records == table.host.seq + 1
