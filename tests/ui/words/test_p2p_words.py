"""What a player reads of a table error comes from the catalogues (`ui.reasons`, `ui.errors`),
Ukrainian first, never the error's English detail: a bad invite link, a computer level, an
interface, a host that cannot be reached, a cheating host's record, a saved game's forged
evidence; on the command line as in words built for the window."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import trio
from helpers.p2p import MemoryTable, body, profile

from zemlevlasnyk.p2p.core.errors import Cheat, CheatingHost, Explained
from zemlevlasnyk.p2p.core.links import parse_invite
from zemlevlasnyk.p2p.core.policy import make_policy
from zemlevlasnyk.p2p.core.records import TAG_RECORD, Replica, encode_record, split_record
from zemlevlasnyk.p2p.lan.interfaces import InterfaceError, choose_interfaces
from zemlevlasnyk.p2p.net.streams import dial
from zemlevlasnyk.ui.cli import main
from zemlevlasnyk.ui.words.problems import worded

KEY = "ea4a6c63e29c520abef5507b132ec5f9954776aebebe7b92421eea691446d22c"


def _raised(call) -> Explained:
    with pytest.raises(Explained) as caught:
        call()
    return caught.value


@pytest.mark.parametrize("link, uk, en", [
    ("http://nope", "має починатися з zemlevlasnyk://", "must start with zemlevlasnyk://"),
    ("zemlevlasnyk://127.0.0.1/0123456789abcdef?key=" + KEY, "немає порту", "no port"),
    ("zemlevlasnyk://127.0.0.1:1/0123?key=" + KEY, "16 шістнадцяткових цифр", "16 hex digits"),
    ("zemlevlasnyk://127.0.0.1:1/0123456789abcdef?key=" + "00" * 32, "не відкритий ключ", "not a public key"),
    ("zemlevlasnyk://127.0.0.1:1/0123456789abcdef?key=" + KEY + "&key=" + KEY, "key вказано двічі", "key given twice"),
    ("zemlevlasnyk://127.0.0.1:1/0123456789abcdef?key=" + KEY + "&secret=ab", "secret має складатися з 32",
     "secret must be 32 hex digits"),
])
def test_a_bad_invite_link_is_told_in_the_catalogues_words(link: str, uk: str, en: str) -> None:
    exc = _raised(lambda: parse_invite(link))
    assert uk in worded(exc, "uk") and en in worded(exc, "en")
    assert exc.message not in worded(exc, "en"), "the English detail (with the link) stays out"


def test_other_errors_a_player_meets_are_in_the_catalogues_words() -> None:
    level = _raised(lambda: make_policy("genius", 1))
    assert worded(level, "uk").startswith("невідомий рівень комп'ютерного гравця «genius»")
    interface = _raised(lambda: choose_interfaces(["10.254.254.254"]))
    assert isinstance(interface, InterfaceError)
    assert worded(interface, "uk").startswith("--interface: 10.254.254.254 — не адреса цього комп'ютера")

    async def unreachable() -> None:
        await dial(parse_invite(f"zemlevlasnyk://127.0.0.1:1/0123456789abcdef?key={KEY}"))

    reach = _raised(lambda: trio.run(unreachable))
    assert worded(reach, "uk") == "не вдалося з'єднатися з 127.0.0.1:1"


def test_a_cheating_host_is_told_by_its_kind_of_proof() -> None:
    """A record whose state hash was changed (and signed again by the host): the kind is the
    state, worded with the record's number; the English detail stays in the log."""
    table = MemoryTable(peers=2, level=None, clock=False)
    table.run()
    table.deliver(table.host.start(table.now))
    table.run()
    records = list(table.host.records)
    forged = body(records[-1])
    forged["state"] = "0" * 64
    data = json.dumps(forged, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()
    record = encode_record(data, profile(0).signing_key.sign(TAG_RECORD + data).signature)
    replica = Replica(table=table.host.table, host_key=profile(0).key_hex)
    for good in records[:-1]:
        replica.accept(good)
    assert split_record(record)[0] == data
    with pytest.raises(CheatingHost) as caught:
        replica.accept(record)
    seq = len(records) - 1
    assert caught.value.kind is Cheat.STATE and caught.value.seq == seq
    assert worded(caught.value, "uk") == f"у записі {seq} стан гри не той, що дають правила"
    assert worded(caught.value, "en") == f"record {seq} announces a game state other than the rules give"


def test_the_command_line_speaks_ukrainian_from_the_catalogues(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    monkeypatch.setenv("LANG", "uk_UA.UTF-8")
    monkeypatch.setenv("LC_ALL", "uk_UA.UTF-8")
    monkeypatch.setenv("LANGUAGE", "uk")
    assert main(["join", "zemlevlasnyk://127.0.0.1:1/0123456789abcdef?key=" + "00" * 32]) == 2
    err = capsys.readouterr().err
    assert "ключ господаря в посиланні — не відкритий ключ" in err
    assert "not a public key" not in err and "'zemlevlasnyk://" not in err
    assert main(["host", "--bots", "genius", "--no-mdns", "--bind", "127.0.0.1"]) == 2
    err = capsys.readouterr().err
    assert "невідомий рівень комп'ютерного гравця «genius»" in err and "unknown" not in err
