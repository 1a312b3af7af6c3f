"""Helpers for the host-loss, resume and fault tests: an in-memory table whose host can be
lost and taken over by a player (`ResumableTable`), and saved games made from what a peer
received."""
from __future__ import annotations

import subprocess
import time
from collections import deque
from pathlib import Path
from typing import Any

from p2p_helpers import REPO, MemoryTable, cli, profile, subprocess_env

from zemlevlasnyk.p2p import savegame
from zemlevlasnyk.p2p.errors import Code
from zemlevlasnyk.p2p.handover import HANDOVER_GRACE_SECONDS, ResumedHost, Saved, replay
from zemlevlasnyk.p2p.host import Close, Phase
from zemlevlasnyk.p2p.peer import Arrived, HostBehind, Outgoing, Refused
from zemlevlasnyk.p2p.policy import Policy
from zemlevlasnyk.p2p.records import Replica


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
        return Saved(None, header, records, replay(self.host.table, self.first_host, records))

    def run(self, *, max_steps: int = 200_000, until: Any = None) -> None:
        """As `MemoryTable.run`, and peers hand records to a host that is behind them;
        stops early once `until()` is true."""
        for _ in range(max_steps):
            if until is not None and until():
                return
            if self._queue:
                conn, data, to_peer = self._queue.popleft()
                if to_peer:
                    self._to_peer(conn, data)
                elif conn not in self.closed:
                    self.deliver(self.host.receive(conn, data, self.now))
                continue
            outs = self.host.step(self.now)
            if not outs:
                return
            self.deliver(outs)
        raise AssertionError("the table never went quiet")

    def _to_peer(self, conn: int, data: bytes) -> None:
        if conn in self.closed or conn not in self.peers:
            return
        if conn in self.held:
            self._parked.append((conn, data, True))
            return
        self.sent_bytes[conn] = self.sent_bytes.get(conn, 0) + len(data)
        for out in self.peers[conn].receive(data, self.now):
            self.outputs[conn].append(out)
            if isinstance(out, Outgoing):
                self._queue.append((conn, out.payload, False))
            elif isinstance(out, Refused):
                self.refusals[conn].append(out)
            elif isinstance(out, Arrived):
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
        host = ResumedHost(profile(n), saved, now=self.now, policy=policy, grace=grace)
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
            if self.host.phase is Phase.FINISHED:
                self.run()
                return
            self.advance(step_seconds)
        raise AssertionError("the game did not finish")


def wait_for(predicate: Any, *, timeout: float, every: float = 0.2) -> bool:
    """Poll `predicate` (real processes run on real time) until true or `timeout` passes."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(every)
    return bool(predicate())


# --- real processes ------------------------------------------------------------------------------

class Player:
    """A `zemlevlasnyk` process (host, join or resume) with its own data folder; its output
    goes to files (nothing blocks on a full pipe) that the test reads as it goes."""

    def __init__(self, name: str, args: list[str], home: Path, *, env: dict[str, str] | None = None,
                 prefix: list[str] | None = None) -> None:
        self.name = name
        self.home = home
        self.args = args
        home.mkdir(parents=True, exist_ok=True)
        self.runs = 0
        self._env = env
        self._prefix = prefix or []
        self.proc: subprocess.Popen[bytes] = self._start()

    def _start(self) -> subprocess.Popen[bytes]:
        self.runs += 1
        out = (self.home / f"out{self.runs}.txt").open("wb")
        err = (self.home / f"err{self.runs}.txt").open("wb")
        env = self._env or subprocess_env(self.home)
        with out, err:
            return subprocess.Popen([*self._prefix, *cli(*self.args)], cwd=REPO, env=env, stdout=out, stderr=err)

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
