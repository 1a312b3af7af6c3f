"""Helpers for the host-loss, resume and fault tests: an in-memory table whose host can be
lost and taken over by a player (`ResumableTable`), and saved games made from what a peer
received."""
from __future__ import annotations

import subprocess
from collections import deque
from pathlib import Path
from typing import Any

from helpers.netns import Laptop
from helpers.p2p import REPO, MemoryTable, cli, profile, subprocess_env
from helpers.wait import wait_for
from zemlevlasnyk.p2p.core.errors import Code
from zemlevlasnyk.p2p.core.handover import HANDOVER_GRACE_SECONDS, ResumedHost, replay
from zemlevlasnyk.p2p.core.host import Close, TablePhase
from zemlevlasnyk.p2p.core.peer import Arrived, HostBehind
from zemlevlasnyk.p2p.core.policy import Policy
from zemlevlasnyk.p2p.core.records import Replica
from zemlevlasnyk.p2p.lan.interfaces import ENV_VAR
from zemlevlasnyk.p2p.store import savegame
from zemlevlasnyk.p2p.store.saved import Saved


class ResumableTable(MemoryTable):
    """A `MemoryTable` whose peers keep the records they received (as a saved game would)
    and hand them to a host that holds fewer, and whose host can be replaced by a player's
    `ResumedHost`."""

    def __init__(self, **kw: Any) -> None:
        self.kept: dict[int, dict[int, bytes]] = {}
        self.first_host = ""
        super().__init__(**kw)
        self.first_host = self.host.key_hex

    def records_of(self, n: int) -> list[bytes]:
        kept = self.kept.get(n, {})
        return [kept[seq] for seq in sorted(kept)]

    def saved(self, n: int) -> Saved:
        """Peer n's saved game, as its file would hold it."""
        records = tuple(self.records_of(n))
        header = savegame.Header(self.host.table, self.first_host, profile(n).key_hex, "zemlevlasnyk")
        return Saved(self.host.table, records, replay(self.host.table, self.first_host, records), None, header)

    def _seen(self, conn: int, out: Any) -> None:
        super()._seen(conn, out)
        if isinstance(out, Arrived):
            self.kept.setdefault(conn, {}).setdefault(out.seq, out.wire)
        elif isinstance(out, HostBehind):
            for record in self.records_of(conn)[out.start:]:
                self._queue.append((conn, record, False))

    def lose_host(self) -> None:
        """The host's laptop vanishes: every connection and message in flight is gone."""
        self._queue = deque()
        self._parked = deque()
        for n in list(self.peers):
            self.closed[n] = self.closed.get(n) or Close(n, Code.CLOSED, "the host is gone")

    def take_over(self, n: int, *, policy: Policy | None = None, grace: float = HANDOVER_GRACE_SECONDS,
                  rejoin: tuple[int, ...] = ()) -> ResumedHost:
        """Peer n takes the table over from its saved records (the old host must be lost
        first); the peers in `rejoin` reconnect with their keys and records."""
        saved = self.saved(n)
        # As `p2p.net.resume` does: the table's chat as this player heard it goes on.
        host = ResumedHost(profile(n), saved, now=self.now, policy=policy, grace=grace,
                           chat=self.peers[n].heard_chat)
        self.host = host
        del self.peers[n]
        for other in rejoin:
            self.rejoin(other)
        return host

    def rejoin(self, n: int) -> None:
        peer = self.peers[n]
        self.add_peer(n, last_seq=peer.replica.seq)

    def finish(self, *, step_seconds: float = 31.0, limit: int = 2000) -> None:
        """Run, letting virtual time pass whenever the table waits, until it is finished."""
        for _ in range(limit):
            self.run()
            if self.host.phase is TablePhase.FINISHED:
                self.run()
                return
            self.advance(step_seconds)
        raise AssertionError("the game did not finish")


# --- real processes ------------------------------------------------------------------------------

class Player:
    """A `zemlevlasnyk` process (host, join or resume) with its own data folder; its output
    goes to files (nothing blocks on a full pipe) that the test reads as it goes. `program`
    is the command to run instead of this interpreter's `python -m zemlevlasnyk` (the
    standalone build), `prefix` what runs it (a namespace)."""

    def __init__(self, name: str, args: list[str], home: Path, *, env: dict[str, str] | None = None,
                 prefix: list[str] | None = None, program: list[str] | None = None) -> None:
        self.name = name
        self.home = home
        self.args = args
        home.mkdir(parents=True, exist_ok=True)
        self.runs = 0
        self._env = env
        self._prefix = prefix or []
        self._program = program
        self.proc: subprocess.Popen[bytes] = self._start()

    def _start(self) -> subprocess.Popen[bytes]:
        self.runs += 1
        out = (self.home / f"out{self.runs}.txt").open("wb")
        err = (self.home / f"err{self.runs}.txt").open("wb")
        env = self._env or subprocess_env(self.home)
        with out, err:
            command = [*self._program, *self.args] if self._program else cli(*self.args)
            return subprocess.Popen([*self._prefix, *command], cwd=REPO, env=env, stdout=out, stderr=err)

    def restart(self, args: list[str] | None = None) -> None:
        """Start the process again (after it died), with the same data folder."""
        assert self.proc.poll() is not None
        self.args = args or self.args
        self.proc = self._start()

    def out(self) -> str:
        return (self.home / f"out{self.runs}.txt").read_text("utf-8", errors="replace")

    def err(self, run: int | None = None) -> str:
        return (self.home / f"err{run or self.runs}.txt").read_text("utf-8", errors="replace")

    def all_err(self) -> str:
        return "".join(self.err(n) for n in range(1, self.runs + 1))

    def link(self, timeout: float = 30.0) -> str:
        assert wait_for(lambda: "\n" in self.out(), timeout=timeout), self.err()
        return self.out().splitlines()[0].strip()

    def signal(self, sig: int) -> None:
        self.proc.send_signal(sig)

    def wait(self, timeout: float) -> int:
        return self.proc.wait(timeout=timeout)

    def final_hash(self) -> str | None:
        lines = [line for line in self.out().splitlines() if line.startswith("final state ")]
        return lines[-1].split()[-1] if lines else None

    def saved_game(self) -> Path:
        return next((self.home / "zemlevlasnyk" / "games").glob("*.zvl"))

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=30)


# A whole game of computer players takes well under a minute here; this only bounds a hang
# on a machine busy with other tests.
GAME_TIMEOUT_SECONDS = 900


def finish_on_one_hash(players: list[Player]) -> str:
    """Every process ends well on one final state hash; that hash."""
    for player in players:
        code = player.wait(GAME_TIMEOUT_SECONDS)
        assert code == 0, f"{player.name} exited {code}:\n{player.all_err()[-3000:]}"
        assert "CHEATED" not in player.out() + player.all_err(), player.all_err()[-3000:]
    hashes = {player.name: player.final_hash() for player in players}
    assert len(set(hashes.values())) == 1 and None not in hashes.values(), hashes
    return next(iter(hashes.values())) or ""


def on_laptop(laptop: Laptop, name: str, args: list[str], home: Path) -> Player:
    """A `zemlevlasnyk` process inside a test laptop (tests/helpers/netns.py), its mDNS on
    the laptop's address only."""
    env = {**subprocess_env(home), ENV_VAR: laptop.address}
    return Player(name, [*args, "--interface", laptop.address], home, env=env, prefix=laptop.command([]))


def verify(path: Path) -> subprocess.CompletedProcess[str]:
    """`zemlevlasnyk verify FILE` (in English)."""
    return subprocess.run(cli("verify", str(path), "--lang", "en"), cwd=REPO, env=subprocess_env(path.parent),
                          capture_output=True, text=True, check=False, timeout=300)


class SavedGameWatcher:
    """Follows a saved game as its process writes it: new records are verified and
    replayed, so a test sees the game as the host had it (phase, who is to decide)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.replica: Replica | None = None

    def poll(self) -> Replica | None:
        try:
            loaded = savegame.read(self.path)
        except (savegame.SaveGameError, OSError):
            return self.replica
        if self.replica is None:
            self.replica = Replica(table=loaded.header.table, host_key=loaded.header.host)
        for line in loaded.records[self.replica.seq + 1:]:
            self.replica.accept(line.data)
        return self.replica

    def pending(self) -> tuple[str, set[int]]:
        """The phase and the seats to decide, as of the latest record."""
        replica = self.poll()
        if replica is None or replica.game is None:
            return "", set()
        game = replica.game
        return str(game.phase), {d.seat for d in game.pending()}
