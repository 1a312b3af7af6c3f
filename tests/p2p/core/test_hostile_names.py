"""Names that reach a terminal (issue 20, item 3): a start record the host signed with names
that break the name rules (a terminal's escape, a bell, a carriage return, U+202E, too
long) is the host's fault at every peer; live texts from a host (lobby names, chat) are
shown without what a terminal acts on. The real host and peer cores."""
from __future__ import annotations

import pytest
from helpers.p2p import profile

from zemlevlasnyk.engine import canonical_json
from zemlevlasnyk.p2p.core import messages
from zemlevlasnyk.p2p.core.errors import Cheat, CheatingHost
from zemlevlasnyk.p2p.core.host import TableHost
from zemlevlasnyk.p2p.core.peer import HostCheated, TablePeer
from zemlevlasnyk.p2p.core.policy import make_policy
from zemlevlasnyk.p2p.core.records import Replica

TABLE = "00112233aabbccdd"
# What a hostile host could sign: an escape that clears the screen, a bell, a carriage
# return that lets a line pass for the command's own («final state 00ff»), a right-to-left
# override, and a name far over the length a table allows.
HOSTILE = {
    "escape": "Ev\x1b[2Jil",
    "bell": "Be\x07ll",
    "carriage return": "Anna\rfinal state 00ff",
    "bidi override": "Olena\u202eelbat",
    "too long": "N" * 60,
}
_ACTING = ("\x1b", "\x07", "\r", "\u202e")


def hosted_records(host_name: str, *, moves: int = 10) -> tuple[TableHost, list[bytes]]:
    """A table of the host's computer players whose host is called `host_name` (a hostile
    host signs whatever it likes: the name goes into its start record as it is)."""
    core = TableHost(profile(0, host_name), clock=False, solo=True, table=TABLE)
    core.sit_host(0.0, policy=make_policy("medium", 1))
    core.add_bot("medium", make_policy("medium", 2), 0.0)
    core.start(0.0)
    for n in range(moves):
        core.step(1.0 + n)
    return core, list(core.records)


@pytest.mark.parametrize("kind", list(HOSTILE))
def test_a_start_record_whose_names_break_the_name_rules_is_the_hosts_fault(kind: str) -> None:
    core, records = hosted_records(HOSTILE[kind])
    replica = Replica(table=TABLE, host_key=core.key_hex)
    with pytest.raises(CheatingHost) as caught:
        replica.accept(records[0])
    assert caught.value.kind is Cheat.NAME and caught.value.seq == 0
    assert HOSTILE[kind] not in caught.value.message and not set(_ACTING) & set(caught.value.message)
    assert replica.players == () and replica.game is None, "nothing of it is taken"


def test_a_peer_refuses_a_start_record_with_hostile_names() -> None:
    core, records = hosted_records(HOSTILE["carriage return"])
    peer = TablePeer(profile(1, "Taras"), table=TABLE, host_key=core.profile.public_key, policy=None)
    outs = peer.receive(records[0], 0.0)
    cheated = [out for out in outs if isinstance(out, HostCheated)]
    assert cheated and cheated[0].error.kind is Cheat.NAME


@pytest.mark.parametrize("name", ["Олена", "Anna-Марія", "Taras's table", "Ωmega", "x" * 24])
def test_a_start_record_with_names_within_the_rules_verifies(name: str) -> None:
    core, records = hosted_records(name)
    replica = Replica(table=TABLE, host_key=core.key_hex)
    for record in records:
        replica.accept(record)
    assert replica.players[0].name == name and replica.seq == len(records) - 1


def test_live_names_and_chat_from_a_host_are_shown_clean() -> None:
    seat = {"name": "Ev\x1b[2Jil", "colour": "red\x07", "key": "aa" * 32, "bot": None, "ready": True,
            "connected": True}
    lobby = {"t": "lobby", "table": TABLE, "name": "Table\r\x1b]0;pwned\x07", "code": "ABC\u202eDEF",
             "phase": "lobby", "settings": {"clock": True, "preset": "zemlevlasnyk", "options": {}},
             "commit": "00" * 32, "host": {"name": "Host\x1b[31m", "key": "aa" * 32},
             "seats": [seat, None, None, None], "spectators": 0, "you": 0}
    view = messages.parse_from_host(canonical_json(lobby))
    assert isinstance(view, messages.LobbyView)
    seated = [s for s in view.seats if s is not None]
    shown = [view.name, view.code, view.host_name, *(s.name for s in seated), *(s.colour for s in seated)]
    assert shown == ["Table]0;pwned", "ABCDEF", "Host[31m", "Ev[2Jil", "red"]
    chat = messages.parse_from_host(canonical_json({"t": "chat", "key": "aa" * 32, "name": "A\x1bB",
                                                       "text": "hi\rfinal state 00ff\x07"}))
    assert isinstance(chat, messages.ChatRelay) and (chat.name, chat.text) == ("AB", "hifinal state 00ff")
