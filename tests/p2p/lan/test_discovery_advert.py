"""Discovery without a network: the advert, its TXT record, choosing tables and interfaces."""
from __future__ import annotations

from dataclasses import replace

import ifaddr
import pytest

from zemlevlasnyk.p2p.core.errors import Code, Fault, ProtocolError
from zemlevlasnyk.p2p.lan.discovery import (
    AdvertError,
    AdvertPhase,
    BadAdvert,
    TableAdvert,
    TableChoiceError,
    decode_txt,
    encode_txt,
    select_table,
    to_invite,
    verify_host_key,
)
from zemlevlasnyk.p2p.lan.interfaces import ENV_VAR, InterfaceError, choose_interfaces, lan_addresses
from zemlevlasnyk.p2p.lan.txt import MAX_LABEL_BYTES
from zemlevlasnyk.ui.cli.tables import format_tables

KEY_A = bytes(range(32))
KEY_B = bytes(range(100, 132))


def advert(**changes: object) -> TableAdvert:
    base = TableAdvert(
        protocol=1,
        table_id="0123456789abcdef",
        table_name="Friday game",
        host_name="Olena",
        seats_taken=2,
        seats_free=1,
        phase=AdvertPhase.PLAYING,
        clock=True,
        host_key=KEY_A,
        port=40001,
        addresses=("10.0.0.5",),
    )
    return replace(base, **changes)


def as_received(txt: dict[str, str]) -> dict[bytes, bytes | None]:
    """What zeroconf hands a browser: bytes keys and values."""
    return {k.encode(): v.encode() for k, v in txt.items()}


def test_txt_round_trip_keeps_every_field() -> None:
    for a in (advert(), advert(phase=AdvertPhase.LOBBY, clock=False, seats_taken=0, seats_free=4),
              advert(phase=AdvertPhase.FINISHED, table_name="Землевласник ☕", host_name="Тарас")):
        back = decode_txt(as_received(encode_txt(a)), port=a.port, addresses=a.addresses)
        assert back == a


def test_txt_advertises_every_preset() -> None:
    """A table of any shipped preset (Казка too) says so in its advert, and a browser reads
    it back, to show the rules in the list of tables."""
    from zemlevlasnyk.engine import preset_names
    assert "kazka" in preset_names()
    for preset in preset_names():
        a = advert(preset=preset)
        assert decode_txt(as_received(encode_txt(a)), port=a.port, addresses=a.addresses).preset == preset


def test_txt_carries_the_documented_keys() -> None:
    txt = encode_txt(advert())
    assert txt == {
        "txtvers": "2", "pv": "1", "id": "0123456789abcdef", "name": "Friday game", "host": "Olena",
        "taken": "2", "free": "1", "phase": "playing", "clock": "on", "key": KEY_A.hex(),
        "preset": "zemlevlasnyk", "code": "04HMAS",
    }
    # RFC 6763 §6.1: each key=value string is at most 255 bytes.
    long = advert(table_name="Ж" * 40, host_name="☕" * 40)
    assert all(len(f"{k}={v}".encode()) <= 255 for k, v in encode_txt(long).items())


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"taken": None}, "lacks taken"),
        ({"txtvers": "1"}, "layout version"),
        ({"code": "ZZZZZZ"}, "code"),
        ({"preset": "Bad Preset!"}, "preset"),
        ({"phase": "bankrupt"}, "phase"),
        ({"clock": "yes"}, "clock"),
        ({"key": "zz" * 32}, "key"),
        ({"key": "ab" * 31}, "key"),
        ({"free": "-1"}, "free"),
        ({"free": "1e9"}, "free"),
        ({"taken": "9" * 40}, "taken"),
        ({"taken": "3", "free": "3"}, "at most 4 seats"),
        ({"name": ""}, "table name is empty"),
        ({"name": "x" * 41}, "longer than"),
        ({"host": "evil\x1b[2J"}, "control character"),
        ({"id": "../etc"}, "table id"),
        ({"pv": "one"}, "pv"),
    ],
)
def test_bad_txt_from_a_stranger_is_a_bad_advert(change: dict[str, str | None], why: str) -> None:
    txt: dict[str, str] = dict(encode_txt(advert()))
    for key, value in change.items():
        if value is None:
            del txt[key]
        else:
            txt[key] = value
    with pytest.raises(BadAdvert, match=why):
        decode_txt(as_received(txt))


def test_undecodable_bytes_are_a_bad_advert() -> None:
    received = as_received(encode_txt(advert()))
    received[b"name"] = b"\xff\xfe"
    with pytest.raises(BadAdvert, match="not valid text"):
        decode_txt(received)
    with pytest.raises(BadAdvert, match="not valid text"):
        decode_txt({b"\xc3": b"1"})


def test_valueless_txt_entries_do_not_crash_the_decoder() -> None:
    received: dict[bytes, bytes | None] = dict(as_received(encode_txt(advert())))
    received[b"clock"] = None
    with pytest.raises(BadAdvert, match="clock"):
        decode_txt(received)


def test_local_misuse_is_an_advert_error() -> None:
    with pytest.raises(AdvertError, match="at most 4 seats"):
        advert(seats_free=3)
    with pytest.raises(AdvertError, match="host key"):
        advert(host_key=b"short")
    with pytest.raises(AdvertError, match="IPv4"):
        advert(addresses=("::1",))


def test_instance_names_stay_unique_and_fit_a_dns_label() -> None:
    a, b = advert(), advert(host_key=KEY_B)
    assert a.instance_label() != b.instance_label()
    assert a.instance_label().startswith("Friday game [")
    long = advert(table_name="Ї" * 40)
    assert len(long.instance_label().encode()) <= MAX_LABEL_BYTES
    long.instance_label().encode().decode("utf-8")  # never cut inside a character
    assert "." not in advert(table_name="v1.0 game").instance_label()


def test_select_table_by_name_and_by_key_when_names_clash() -> None:
    a, b = advert(), advert(host_key=KEY_B, host_name="Taras")
    other = advert(table_name="Other")
    assert select_table([a, other], "Friday game") is a
    with pytest.raises(TableChoiceError, match=r"2 tables are called 'Friday game'.*Friday game#") as info:
        select_table([a, b, other], "Friday game")
    assert a.fingerprint in str(info.value) and b.fingerprint in str(info.value)
    assert select_table([a, b], f"Friday game#{b.fingerprint[:6]}") is b
    with pytest.raises(TableChoiceError, match="no table called 'Nope'"):
        select_table([a, b], "Nope")


def test_invite_from_an_advert_pins_the_advertised_key() -> None:
    a = advert(addresses=("10.0.0.5", "192.168.1.9"))
    invite = to_invite(a)
    assert (invite.host, invite.port, invite.table, invite.host_key, invite.secret) == (
        "10.0.0.5", 40001, a.table_id, KEY_A, None)
    assert to_invite(a, secret=b"s" * 16, address="192.168.1.9").host == "192.168.1.9"
    with pytest.raises(AdvertError, match="does not announce"):
        to_invite(a, address="10.9.9.9")
    with pytest.raises(AdvertError, match="no IPv4 address"):
        to_invite(advert(addresses=()))


def test_host_key_seen_in_mdns_must_match_the_proven_key() -> None:
    verify_host_key(advert(), KEY_A)
    with pytest.raises(ProtocolError) as info:
        verify_host_key(advert(), KEY_B)
    assert info.value.code is Code.HOST_KEY_MISMATCH and info.value.fault is Fault.REMOTE


def _adapter(name: str, *ips: str) -> ifaddr.Adapter:
    return ifaddr.Adapter(name, name, [ifaddr.IP(ip, 24, name) for ip in ips])


FAKE_MACHINE = [_adapter("lo", "127.0.0.1"), _adapter("wlan0", "192.168.1.20"), _adapter("eth1", "169.254.7.7")]


def test_default_interfaces_are_every_non_loopback_ipv4_address() -> None:
    assert lan_addresses(FAKE_MACHINE) == ("169.254.7.7", "192.168.1.20")
    assert choose_interfaces(None, environ={}, adapters=FAKE_MACHINE) == ("169.254.7.7", "192.168.1.20")


def test_explicit_interfaces_beat_the_environment_which_beats_the_default() -> None:
    env = {ENV_VAR: "127.0.0.1, 192.168.1.20,127.0.0.1"}
    assert choose_interfaces(None, environ=env, adapters=FAKE_MACHINE) == ("127.0.0.1", "192.168.1.20")
    assert choose_interfaces(["192.168.1.20"], environ=env, adapters=FAKE_MACHINE) == ("192.168.1.20",)


@pytest.mark.parametrize(
    ("explicit", "env", "why"),
    [
        (["wlan0"], "", "--interface: 'wlan0' is not an IP address"),
        (["::1"], "", "not an IPv4 address"),
        (["10.1.2.3"], "", "10.1.2.3 is not an address of this machine"),
        (None, "127.0.0.1,bogus", "ZEMLEVLASNYK_INTERFACES: 'bogus' is not an IP address"),
        (None, " , ", "ZEMLEVLASNYK_INTERFACES: '' is not an IP address"),
    ],
)
def test_bad_interface_addresses_say_what_is_wrong(explicit: list[str] | None, env: str, why: str) -> None:
    with pytest.raises(InterfaceError, match=why):
        choose_interfaces(explicit, environ={ENV_VAR: env}, adapters=FAKE_MACHINE)


def test_a_machine_with_no_lan_address_says_how_to_play_anyway() -> None:
    with pytest.raises(InterfaceError, match="--interface 127.0.0.1"):
        choose_interfaces(None, environ={}, adapters=[_adapter("lo", "127.0.0.1")])


def test_tables_are_printed_in_readable_columns() -> None:
    a, b = advert(), advert(table_name="Другий стіл", host_name="Taras", clock=False, host_key=KEY_B,
                            phase=AdvertPhase.LOBBY, seats_taken=1, seats_free=3)
    lines = format_tables([a, b], "en").splitlines()
    assert lines[0].split() == ["TABLE", "HOST", "CODE", "SEATS", "PHASE", "CLOCK", "ADDRESS", "KEY"]
    assert lines[1].split() == ["Friday", "game", "Olena", a.code, "2/3", "(1", "free)", "in", "play", "on",
                                "10.0.0.5:40001", a.fingerprint]
    assert "waiting for players" in lines[2] and "off" in lines[2] and b.fingerprint in lines[2]
    assert lines[0].index("HOST") == lines[1].index("Olena") == lines[2].index("Taras")
    assert format_tables([], "en") == "no tables found nearby"
    assert format_tables([a], "uk").splitlines()[0].split()[:3] == ["СТІЛ", "ГОСПОДАР", "КОД"]
