"""The table over real TCP on 127.0.0.1, in one process: a game goes on while intruders
are turned away with typed errors."""
from __future__ import annotations

import pytest
import trio
from helpers.p2p import WrongRentHost, body, payload, profile, serve_on_loopback

from zemlevlasnyk.engine import Roll, load_preset
from zemlevlasnyk.p2p.core import wire
from zemlevlasnyk.p2p.core.errors import CheatingHost, Code, Fault, ProtocolError
from zemlevlasnyk.p2p.core.framing import MAX_FRAME, FrameDecoder, encode_frame
from zemlevlasnyk.p2p.core.host import TableHost, TablePhase
from zemlevlasnyk.p2p.core.links import Invite
from zemlevlasnyk.p2p.core.messages import make_act
from zemlevlasnyk.p2p.core.peer import Refused, TablePeer
from zemlevlasnyk.p2p.core.policy import make_policy
from zemlevlasnyk.p2p.core.records import Replica
from zemlevlasnyk.p2p.net.client import PeerClient
from zemlevlasnyk.p2p.net.streams import open_table
from zemlevlasnyk.p2p.store import savegame
from zemlevlasnyk.p2p.store.verify import verify_game


async def _raw_error(invite: Invite, data: bytes) -> dict:
    """Send raw bytes to the host; the error message it answers with."""
    stream = await trio.open_tcp_stream("127.0.0.1", invite.port)
    await stream.send_all(data)
    decoder = FrameDecoder()
    with trio.fail_after(5):
        while True:
            chunk = await stream.receive_some(65536)
            assert chunk, "the host hung up without saying why"
            frames = decoder.feed(chunk)
            if frames:
                await stream.aclose()
                return wire.decode(frames[0])


async def test_intruders_get_typed_errors_while_the_game_goes_on(tmp_path) -> None:
    core = TableHost(profile(0, "Host"), auto_start_at=3, clock=False)
    core.sit_host(0.0, policy=make_policy("medium", 1))
    players = {n: TablePeer(profile(n), table=core.table, host_key=core.profile.public_key,
                            policy=make_policy("medium", 10 + n)) for n in (1, 2)}
    refusals: list[Refused] = []
    async with trio.open_nursery() as nursery:
        server, invite = await serve_on_loopback(nursery, core, log_path=tmp_path / "host.zvl")
        results = {}

        async def play(n: int, client: PeerClient) -> None:
            results[n] = await client.run()

        # intruders first, so that the game is certainly still on while they knock
        error = await _raw_error(invite, encode_frame(b"\x00garbage\xff"))
        assert error["code"] in (Code.GARBAGE.value, Code.BAD_MESSAGE.value)
        error = await _raw_error(invite, (MAX_FRAME + 1).to_bytes(4, "big") + b"x" * 100)
        assert error["code"] == Code.FRAME_TOO_LARGE.value
        wrong_secret = Invite(invite.host, invite.port, invite.table, invite.host_key, b"\x00" * 16)
        stream = await open_table(wrong_secret, profile(7))
        message = await stream.receive()
        assert message["t"] == "error" and message["code"] == Code.BAD_SECRET.value
        impostor = Invite(invite.host, invite.port, invite.table, profile(9).public_key, invite.secret)
        with pytest.raises(ProtocolError) as err:
            await open_table(impostor, profile(8))
        assert err.value.code is Code.HOST_KEY_MISMATCH and err.value.fault is Fault.REMOTE

        clients = {n: PeerClient(players[n], invite, log_path=tmp_path / f"peer{n}.zvl",
                                 on_output=lambda out: refusals.append(out) if isinstance(out, Refused) else None)
                   for n in players}
        for n in players:
            nursery.start_soon(play, n, clients[n])
        # a cheeky seated player: a forged action over its real connection, mid-game
        while core.phase is TablePhase.LOBBY or core.seq < 5 or clients[1]._stream is None:
            await trio.sleep(0.01)
        action = make_act(profile(1).signing_key, table=core.table, seq=core.seq + 1,
                          action=Roll(0), entropy=bytes(32))
        await clients[1].send(payload({**action.to_json(), "sig": "00" * 64}))
        with trio.fail_after(10):
            while not any(r.code == Code.BAD_SIGNATURE.value for r in refusals):
                await trio.sleep(0.01)
    assert core.phase is TablePhase.FINISHED
    final = body(core.records[-1])["state"]
    assert results[1].state_hash == final == results[2].state_hash


async def test_logs_verify_offline(tmp_path) -> None:
    core = TableHost(profile(0, "Host"), auto_start_at=2)
    core.sit_host(0.0, policy=make_policy("medium", 3))
    peer = TablePeer(profile(1), table=core.table, host_key=core.profile.public_key,
                     policy=make_policy("medium", 4))
    async with trio.open_nursery() as nursery:
        _, invite = await serve_on_loopback(nursery, core, log_path=tmp_path / "host.zvl")
        finished = await PeerClient(peer, invite, log_path=tmp_path / "peer.zvl").run()
    host_lines = [line.data for line in savegame.read(tmp_path / "host.zvl").records]
    peer_lines = [line.data for line in savegame.read(tmp_path / "peer.zvl").records]
    assert host_lines == peer_lines == core.records
    for path in (tmp_path / "host.zvl", tmp_path / "peer.zvl"):
        verdict = verify_game(path)
        assert verdict.ok and verdict.records == core.seq + 1, verdict
    replica = Replica(table=core.table, host_key=core.key_hex, rules=load_preset("zemlevlasnyk"))
    for line in peer_lines:
        replica.accept(line)
    assert replica.ended and replica.head == core.head
    assert finished.state_hash == body(core.records[-1])["state"]


async def test_a_cheating_host_is_reported_by_the_peer(tmp_path) -> None:
    core = WrongRentHost(profile(0, "Host"), auto_start_at=2)
    core.sit_host(0.0, policy=make_policy("medium", 3))
    peer = TablePeer(profile(1), table=core.table, host_key=core.profile.public_key,
                     policy=make_policy("medium", 4))
    async with trio.open_nursery() as nursery:
        _, invite = await serve_on_loopback(nursery, core)
        with pytest.raises(CheatingHost) as err:
            await PeerClient(peer, invite, log_path=tmp_path / "peer.zvl").run()
        nursery.cancel_scope.cancel()
    assert err.value.fault is Fault.REMOTE and "rules" in err.value.message


async def test_a_late_arrival_watches_and_verifies_everything(tmp_path) -> None:
    from zemlevlasnyk.p2p.core.handshake import WATCHING
    core = TableHost(profile(0, "Host"), auto_start_at=2)
    core.sit_host(0.0, policy=make_policy("medium", 5))
    player = TablePeer(profile(1), table=core.table, host_key=core.profile.public_key,
                       policy=make_policy("medium", 6))
    watcher = TablePeer(profile(2), table=core.table, host_key=core.profile.public_key,
                        policy=make_policy("medium", 7))
    roles = []
    async with trio.open_nursery() as nursery:
        _, invite = await serve_on_loopback(nursery, core)
        nursery.start_soon(PeerClient(player, invite).run)
        while core.seq < 30 and core.phase is not TablePhase.FINISHED:
            await trio.sleep(0.001)
        finished = await PeerClient(watcher, invite, want=WATCHING,
                                    on_output=lambda o: roles.append(getattr(o, "role", None))).run()
    assert "spectator" in roles and watcher.seat is None
    assert watcher.replica.seq == core.seq and finished.state_hash == body(core.records[-1])["state"]
