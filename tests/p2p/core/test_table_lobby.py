"""The lobby (issue 10, the table's side): names made unique by the host and shown to all,
colours chosen among the free ones, the table's settings shown read-only to joiners, the
short table code; and the pure `Lobby` on its own."""
from __future__ import annotations

from helpers.p2p import MemoryTable, profile

from zemlevlasnyk.p2p.core.codes import normalise_code, table_code
from zemlevlasnyk.p2p.core.errors import Code, ProtocolError
from zemlevlasnyk.p2p.core.identity import COLOURS, MAX_NAME, Profile
from zemlevlasnyk.p2p.core.lobby import Lobby
from zemlevlasnyk.p2p.core.messages import Settings
from zemlevlasnyk.p2p.core.policy import make_policy


def test_names_are_made_unique_by_the_host_and_shown_to_all() -> None:
    table = MemoryTable(peers=0, level=None)
    table.host.profile = Profile("Оля", "red", table.host.profile.signing_key)
    table.host.lobby.host_name = "Оля"
    table.deliver(table.host.sit_host(table.now))
    for n in (1, 2, 3):
        table.peers[n] = _named(table, n, "Оля")
    table.run()
    names = [s.name for s in table.peers[3].lobby.seats if s is not None]
    assert names == ["Оля", "Оля 2", "Оля 3", "Оля 4"]
    assert [s.name for s in table.peers[1].lobby.seats if s is not None] == names


def _named(table: MemoryTable, n: int, name: str):
    me = profile(n, name)
    from zemlevlasnyk.p2p.core.handshake import PLAYING, Joiner
    from zemlevlasnyk.p2p.core.peer import TablePeer
    peer = TablePeer(me, table=table.host.table, host_key=table.host.profile.public_key, entropy_key=bytes([n]) * 32)
    table.peers[n] = peer
    table.refusals.setdefault(n, [])
    table.outputs.setdefault(n, [])
    table.deliver(table.host.connect(n, Joiner(me.key_hex, me.name, me.colour, PLAYING, True, -1), table.now))
    return peer


def test_a_long_name_keeps_its_number_within_the_length_limit() -> None:
    lobby = Lobby(host_key="00" * 32, host_name="H", settings=Settings(True, "zemlevlasnyk"))
    long = "Я" * MAX_NAME
    lobby.sit("11" * 32, long, "red")
    lobby.sit("22" * 32, long, "red")
    second = lobby.seats[1]
    assert second is not None and second.name == "Я" * (MAX_NAME - 2) + " 2" and len(second.name) == MAX_NAME


def test_joiners_keep_a_free_colour_and_get_another_when_theirs_is_taken() -> None:
    lobby = Lobby(host_key="00" * 32, host_name="H", settings=Settings(True, "zemlevlasnyk"))
    lobby.sit("11" * 32, "A", "green")
    lobby.sit("22" * 32, "B", "green")
    colours = [s.colour for s in lobby.seats if s is not None]
    assert colours[0] == "green" and colours[1] != "green" and colours[1] in COLOURS
    try:
        lobby.change(1, "B", "green")
    except ProtocolError as exc:
        assert exc.code is Code.TAKEN and "green" in exc.message
    else:
        raise AssertionError("a taken colour was given away")
    assert lobby.change(1, "B", lobby.free_colours(1)[-1])


def test_the_table_settings_are_in_every_lobby_message() -> None:
    table = MemoryTable(peers=1, level=None, clock=False)
    table.run()
    lobby = table.peers[1].lobby
    assert lobby is not None
    assert lobby.settings == Settings(False, "zemlevlasnyk", {})
    assert lobby.code == table.host.code == table_code(table.host.table)
    table.deliver(table.host.set_clock(True))
    table.run()
    assert table.peers[1].lobby.settings.clock is True


def test_the_table_code_reads_back_however_it_is_typed() -> None:
    code = table_code("ec20ba19947893e7")
    assert len(code) == 6 and code == "XGGBM6"
    assert normalise_code("xggbm6") == normalise_code("XGG-BM6") == code
    assert normalise_code("0O1IL2") == "001112"
    assert normalise_code("XGGBMU") is None and normalise_code("XGGBM") is None


def test_the_host_seats_itself_and_computer_players_with_their_own_names() -> None:
    table = MemoryTable(peers=1, level=None)
    table.deliver(table.host.add_bot("easy", make_policy("easy", 1), table.now))
    table.deliver(table.host.sit_host(table.now))
    table.run()
    names = [s.name for s in table.peers[1].lobby.seats if s is not None]
    assert names == ["P1", "Bot 1 (easy)", "Host"]
