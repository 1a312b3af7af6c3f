"""A whole game over real TCP on 127.0.0.1: a host and three peers, each its own process,
computer players at every seat. Every peer must end on the host's final state hash."""
from __future__ import annotations

import json
import os
import signal
import subprocess
from pathlib import Path

import pytest
from helpers.p2p import REPO, cli, profile, subprocess_env

from zemlevlasnyk.engine import load_preset
from zemlevlasnyk.p2p.core.links import Invite, parse_invite
from zemlevlasnyk.p2p.core.records import Replica, split_record
from zemlevlasnyk.p2p.store import savegame

# A whole game between random players takes 5-30 s on an idle laptop; this only guards
# against a hang, with room for a machine busy running other tests.
GAME_TIMEOUT_SECONDS = 400


def _final_hash(stdout: str) -> str:
    lines = [line for line in stdout.splitlines() if line.startswith("final state ")]
    assert lines, f"no final state in output:\n{stdout}"
    return lines[-1].split()[-1]


@pytest.mark.slow
def test_four_processes_play_a_game_and_agree(tmp_path) -> None:
    host = subprocess.Popen(cli("host", "--name", "Host", "--bot", "medium", "--start-at", "4",
                                "--bind", "127.0.0.1", "--port", "0", "--seed", "1", "--no-mdns"),
                            cwd=REPO, env=subprocess_env(tmp_path / "host"), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    peers: list[subprocess.Popen] = []
    try:
        link = host.stdout.readline().strip()
        invite = parse_invite(link)
        assert invite.host == "127.0.0.1"
        for n in range(3):
            peers.append(subprocess.Popen(
                cli("join", link, "--bot", "medium", "--name", f"Peer{n}", "--seed", str(10 + n)),
                cwd=REPO, env=subprocess_env(tmp_path / f"peer{n}"), stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, text=True))
        outs = [p.communicate(timeout=GAME_TIMEOUT_SECONDS) for p in peers]
        host_out, host_err = host.communicate(timeout=GAME_TIMEOUT_SECONDS)
    finally:
        for p in [host, *peers]:
            if p.poll() is None:
                p.kill()
    assert host.returncode == 0, host_err
    final = _final_hash(host_out)
    assert "result: " in host_out
    for p, (out, err) in zip(peers, outs, strict=True):
        assert p.returncode == 0, err
        assert _final_hash(out) == final
    # each peer kept the records in its saved game, and they verify offline to the same end
    games = [next((tmp_path / f"peer{n}" / "zemlevlasnyk" / "games").glob("*.zvl")) for n in range(3)]
    host_game = next((tmp_path / "host" / "zemlevlasnyk" / "games").glob("*.zvl"))
    records = [line.data for line in savegame.read(host_game).records]
    assert all([line.data for line in savegame.read(game).records] == records for game in games)
    replica = Replica(table=invite.table, host_key=invite.host_key.hex(), rules=load_preset("zemlevlasnyk"))
    for line in records:
        replica.accept(line)
    assert replica.ended and replica.state_hash == final
    done = subprocess.run(cli("verify", str(games[0]), "--lang", "en"), cwd=REPO, env=subprocess_env(tmp_path),
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0 and done.stdout.startswith("OK:"), done.stdout + done.stderr


# House rules switched from Класика's defaults: the pot, double money on Start, no rent
# from jail, a bankrupt's deeds back to the bank, a 90 s clock, and a turn cap that bounds
# the game's length.
KLASYKA_OPTIONS = {"pot": True, "start_bonus": True, "no_rent_in_jail": True, "bankrupt_deeds": "return",
                   "clock": 90, "turn_cap": 250}


def _option_flag(name: str, value: object) -> str:
    return f"{name}={('on' if value else 'off') if isinstance(value, bool) else value}"


def _play_to_one_hash(tmp_path, preset: str, options: dict[str, object], seed: int,
                      levels: tuple[str, ...], peer_seed: int) -> tuple[Invite, savegame.Loaded, Path]:
    """A host (`levels[0]`) and three players (the others), each its own process on 127.0.0.1
    joined by the invite's address (no mDNS), `preset` with `options`: everyone ends on the
    host's final state, every player's saved game holds the host's records and passes
    `verify`. The invite, the host's saved game and its path."""
    flags = [arg for name, value in options.items() for arg in ("--option", _option_flag(name, value))]
    host = subprocess.Popen(cli("host", "--name", "Host", "--bot", levels[0], "--start-at", "4", "--rules", preset,
                                *flags, "--bind", "127.0.0.1", "--port", "0", "--seed", str(seed), "--no-mdns"),
                            cwd=REPO, env=subprocess_env(tmp_path / "host"), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    peers: list[subprocess.Popen] = []
    try:
        link = host.stdout.readline().strip()
        invite = parse_invite(link)
        for n, level in enumerate(levels[1:]):
            peers.append(subprocess.Popen(
                cli("join", link, "--bot", level, "--name", f"Peer{n}", "--seed", str(peer_seed + n)),
                cwd=REPO, env=subprocess_env(tmp_path / f"peer{n}"), stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, text=True))
        outs = [p.communicate(timeout=GAME_TIMEOUT_SECONDS) for p in peers]
        host_out, host_err = host.communicate(timeout=GAME_TIMEOUT_SECONDS)
    finally:
        for p in [host, *peers]:
            if p.poll() is None:
                p.kill()
    assert host.returncode == 0, host_err
    final = _final_hash(host_out)
    for p, (out, err) in zip(peers, outs, strict=True):
        assert p.returncode == 0, err
        assert _final_hash(out) == final
    host_game = next((tmp_path / "host" / "zemlevlasnyk" / "games").glob("*.zvl"))
    hosted = savegame.read(host_game)
    setup = json.loads(split_record(hosted.records[0].data)[0])["setup"]
    assert setup["preset"] == preset and setup["options"] == options
    for n in range(3):
        game = next((tmp_path / f"peer{n}" / "zemlevlasnyk" / "games").glob("*.zvl"))
        done = subprocess.run(cli("verify", str(game), "--lang", "en"), cwd=REPO, env=subprocess_env(tmp_path),
                              capture_output=True, text=True, check=False)
        assert done.returncode == 0 and done.stdout.startswith("OK:"), done.stdout + done.stderr
        assert [line.data for line in savegame.read(game).records] == [line.data for line in hosted.records]
    return invite, hosted, host_game


def test_four_processes_play_klasyka_with_house_rules_to_the_end(tmp_path) -> None:
    """Host and three players, each its own process on 127.0.0.1 (joined by the invite's
    address, no mDNS), computer players in every seat, Класика with house rules: everyone
    ends on the same final state, and each player's saved game passes `verify`."""
    invite, _, host_game = _play_to_one_hash(tmp_path, "klasyka", KLASYKA_OPTIONS, 3, ("medium",) * 4, 20)
    assert invite.table in host_game.name


# «Ярмарок» (issue 22) with its own option, every add-on plate on the board, and house rules
# it keeps; the turn cap bounds the game's length.
YARMAROK_OPTIONS = {"plates": "aggressive", "bankrupt_deeds": "auction", "start_bonus": True, "turn_cap": 300}


@pytest.mark.slow
def test_four_processes_play_yarmarok_with_its_plates_to_the_end(tmp_path) -> None:
    """The same on «Ярмарок»: the stepped auctions, the deposits, the casino and the credit
    (their chance from the committed dice), transfers, raids and investments replayed and
    verified by every peer and offline."""
    _play_to_one_hash(tmp_path, "yarmarok", YARMAROK_OPTIONS, 3, ("medium",) * 4, 20)


# Казка with a house rule that its board plays its own way (the pot goes to «Обери
# персонажа»), and a cap that bounds the game.
KAZKA_OPTIONS = {"pot": True, "turn_cap": 240}


@pytest.mark.slow
def test_four_processes_play_kazka_to_one_hash(tmp_path) -> None:
    """Host and three players, each its own process, computer players in every seat using
    their kept cards (payments due, lasting potions, chosen moves, all through the records
    and the committed chance): everyone ends on the host's final state, every saved game
    holds the same records, and each verifies offline."""
    _, hosted, _ = _play_to_one_hash(tmp_path, "kazka", KAZKA_OPTIONS, 5, ("hard", "medium", "easy", "random"), 30)
    assert any(b'"use_card"' in line.data for line in hosted.records), "no kept card was used in the game"


@pytest.mark.parametrize("args, message", [
    (["join", "http://nope"], "not a table invite link"),
    (["join", "zemlevlasnyk://127.0.0.1:1/0123456789abcdef?key=" + "00" * 32], "not a public key"),
    (["join", "zemlevlasnyk://127.0.0.1:1/0123456789abcdef?key="
              "ea4a6c63e29c520abef5507b132ec5f9954776aebebe7b92421eea691446d22c"], "cannot reach"),
    (["join"], "an invite link"),
    (["join", "zemlevlasnyk://127.0.0.1:1/0123456789abcdef?key=" + "00" * 32, "--table", "x"], "an invite link"),
    (["host", "--start-at", "9"], "--start-at"),
    (["host", "--interface", "10.254.254.254"], "10.254.254.254"),
    (["host", "--bots", "random,random,random,random"], "every seat but one"),
    (["host", "--bots", "genius"], "unknown computer player level"),
    (["host", "--port", "70000"], "--port 70000"),
    (["host", "--option", "auctions=maybe", "--no-mdns"], "auctions=maybe"),
    (["host", "--rules", "nope", "--no-mdns"], "--rules nope"),
])
def test_bad_command_lines_give_clear_messages(tmp_path, args, message) -> None:
    done = subprocess.run(cli(*args), cwd=REPO, env=subprocess_env(tmp_path), capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2
    assert message in done.stderr and "Traceback" not in done.stderr
    if args[0] == "host":   # a bad command line makes no profile, saved game or folder
        assert not (tmp_path / "zemlevlasnyk").exists()


def test_a_port_in_use_is_a_clear_message(tmp_path) -> None:
    import socket
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(cli("host", "--bind", "127.0.0.1", "--port", str(port), "--no-mdns"), cwd=REPO,
                              env=subprocess_env(tmp_path), capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.splitlines() == [f"zemlevlasnyk host: cannot listen on 127.0.0.1:{port}: another program "
                                        "listens on that port"]


_LINK = "zemlevlasnyk://127.0.0.1:1/0123456789abcdef?key=ea4a6c63e29c520abef5507b132ec5f9954776aebebe7b92421eea691446d22c"


def _run(tmp_path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    environment = {**(env or subprocess_env(tmp_path)), "LANG": "en_GB.UTF-8", "LC_ALL": "en_GB.UTF-8"}
    return subprocess.run(cli(*args), cwd=REPO, env=environment, capture_output=True, text=True, timeout=60)


def test_log_in_a_missing_folder_is_refused_and_no_folder_is_made(tmp_path) -> None:
    missing = tmp_path / "no" / "such" / "folder"
    for command in (["join", _LINK], ["host", "--bind", "127.0.0.1", "--no-mdns"]):
        done = _run(tmp_path, *command, "--log", str(missing / "game.zvl"))
        assert done.returncode == 2 and "Traceback" not in done.stderr
        assert str(missing) in done.stderr and done.stderr.count("\n") == 1, done.stderr
        assert not (tmp_path / "no").exists()
    done = _run(tmp_path, "join", _LINK, "--log", str(tmp_path))
    assert done.returncode == 2 and "cannot write" in done.stderr and "Traceback" not in done.stderr


def test_an_unusable_data_folder_is_a_clear_message(tmp_path) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("a file where the data folder should be")
    env = {**subprocess_env(tmp_path), "XDG_DATA_HOME": str(blocker)}
    for command in (["join", _LINK], ["host", "--bind", "127.0.0.1", "--no-mdns"]):
        done = _run(tmp_path, *command, env=env)
        assert done.returncode == 2 and "Traceback" not in done.stderr and done.stderr.count("\n") == 1, done.stderr
    assert blocker.read_text() == "a file where the data folder should be"


def test_a_profile_that_is_not_an_object_is_a_clear_message(tmp_path) -> None:
    profile_file = tmp_path / "zemlevlasnyk" / "profiles" / "default.json"
    profile_file.parent.mkdir(parents=True)
    profile_file.write_text("[1, 2, 3]")
    done = _run(tmp_path, "join", _LINK)
    assert done.returncode == 2 and "Traceback" not in done.stderr and str(profile_file) in done.stderr
    assert profile_file.read_text() == "[1, 2, 3]"


@pytest.mark.parametrize("seconds", ["-5", "nan", "inf"])
def test_a_bad_resume_after_is_refused_and_nothing_is_made(tmp_path, seconds: str) -> None:
    done = _run(tmp_path, "join", _LINK, "--resume-after", seconds)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.splitlines() == [f"zemlevlasnyk join: --resume-after {seconds}: give a number of seconds, "
                                        "0 or more"]
    assert not (tmp_path / "zemlevlasnyk").exists()


def test_an_unreachable_host_blames_nobody(tmp_path) -> None:
    done = _run(tmp_path, "join", _LINK)
    assert done.returncode == 2 and "cannot reach" in done.stderr and "this side" not in done.stderr


def test_joining_with_the_hosts_own_profile_says_so_and_blames_nobody(tmp_path) -> None:
    """The host refuses its own key; the joiner is told to use another profile, not that
    the host failed a secure connection (as it was: «at fault: the host»)."""
    host = subprocess.Popen(cli("host", "--bind", "127.0.0.1", "--no-mdns"), cwd=REPO, env=subprocess_env(tmp_path),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        link = host.stdout.readline().strip()
        key = parse_invite(link).host_key[:8].hex()
        done = _run(tmp_path, "join", link)
    finally:
        host.terminate()
        host.communicate(timeout=60)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.splitlines() == [f"zemlevlasnyk join: this profile is the host's own (key {key}): on the "
                                        "host's computer, join with another one, e.g. --profile guest"]


def _host_process(tmp_path, *args: str) -> tuple[subprocess.Popen, str]:
    """A headless host announcing on 127.0.0.1, and its invite link once it listens."""
    host = subprocess.Popen(cli("host", "--interface", "127.0.0.1", "--bind", "127.0.0.1", *args), cwd=REPO,
                            env=subprocess_env(tmp_path / "host"), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    return host, host.stdout.readline().strip()


@pytest.mark.slow
def test_join_by_the_tables_short_code(tmp_path) -> None:
    """`join CODE` finds the table by mDNS (127.0.0.1 only) and sits once the host lets it in."""
    from zemlevlasnyk.p2p.core.codes import table_code
    host, link = _host_process(tmp_path, "--bots", "medium", "--start-at", "2", "--admit", "--seed", "4",
                               "--name", f"Code {os.getpid()}")
    try:
        code = table_code(parse_invite(link).table)
        joiner = subprocess.run(cli("join", code.lower()[:3] + "-" + code[3:], "--interface", "127.0.0.1",
                                    "--bot", "medium", "--seed", "5"),
                                cwd=REPO, env=subprocess_env(tmp_path / "joiner"), capture_output=True, text=True,
                                timeout=GAME_TIMEOUT_SECONDS)
        host_out, host_err = host.communicate(timeout=GAME_TIMEOUT_SECONDS)
    finally:
        if host.poll() is None:
            host.kill()
    assert joiner.returncode == 0, joiner.stderr
    assert f"code {code}" in joiner.stderr and "Traceback" not in joiner.stderr
    assert _final_hash(joiner.stdout) == _final_hash(host_out)


def test_ctrl_c_while_waiting_exits_130_in_one_line_and_withdraws_the_advert(tmp_path) -> None:
    import trio

    from zemlevlasnyk.p2p.lan.discovery import TableRemoved, browse, open_mdns
    host, link = _host_process(tmp_path, "--name", f"Waiting {os.getpid()}")
    table = parse_invite(link).table
    try:
        async def watch() -> bool:
            async with open_mdns(("127.0.0.1",)) as mdns, browse(mdns) as browser:
                with trio.fail_after(30):
                    while not any(t.table_id == table for t in browser.tables.values()):
                        await browser.events.receive()
                host.send_signal(signal.SIGINT)
                with trio.fail_after(30):
                    while True:
                        event = await browser.events.receive()
                        if isinstance(event, TableRemoved) and event.table.table_id == table:
                            return True

        assert trio.run(watch), "the advert was withdrawn"
        _, err = host.communicate(timeout=60)
    finally:
        if host.poll() is None:
            host.kill()
    assert host.returncode == 130
    assert "Traceback" not in err and err.strip().splitlines()[-1] == "zemlevlasnyk: interrupted"


def test_ctrl_c_while_a_join_waits_for_the_host_exits_130_in_one_line(tmp_path) -> None:
    """A host that takes the connection and never answers the handshake: Ctrl-C ends the wait."""
    import socket

    from zemlevlasnyk.p2p.core.links import Invite
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        link = Invite("127.0.0.1", silent.getsockname()[1], "0123456789abcdef", profile(3).public_key, None).to_link()
        joiner = subprocess.Popen(cli("join", link, "--bot", "idle"), cwd=REPO, env=subprocess_env(tmp_path),
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            connection, _ = silent.accept()
            with connection:
                joiner.send_signal(signal.SIGINT)
                _, err = joiner.communicate(timeout=60)
        finally:
            if joiner.poll() is None:
                joiner.kill()
    assert joiner.returncode == 130
    assert "Traceback" not in err and err.strip().splitlines() == ["zemlevlasnyk: interrupted"]


@pytest.mark.parametrize(("locale", "words"), [
    ("en_GB.UTF-8", "cannot write /proc/zemlevlasnyk-test.zvl: no such file"),
    ("uk_UA.UTF-8", "не вдається записати /proc/zemlevlasnyk-test.zvl: немає такого файлу"),
])
def test_a_log_that_cannot_be_written_is_refused_before_anyone_sits(tmp_path, locale: str, words: str) -> None:
    """A folder that exists but takes no file (/proc): refused at once, in the player's
    language, instead of a whole game played with nothing saved."""
    env = {**subprocess_env(tmp_path), "LANG": locale, "LC_ALL": locale}
    for command in (["join", _LINK], ["host", "--bind", "127.0.0.1", "--no-mdns"]):
        done = subprocess.run(cli(*command, "--log", "/proc/zemlevlasnyk-test.zvl"), cwd=REPO, env=env,
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
        assert words in done.stderr and done.stderr.count("\n") == 1, done.stderr


def test_a_log_checked_for_writing_is_left_as_it_was(tmp_path) -> None:
    existing = tmp_path / "old.zvl"
    existing.write_bytes(b"kept")
    fresh = tmp_path / "fresh.zvl"
    for log in (existing, fresh):
        # Port 1 on 127.0.0.1 refuses the connection: join stops after checking its log.
        _run(tmp_path, "join", _LINK, "--log", str(log))
    assert existing.read_bytes() == b"kept" and not fresh.exists()
