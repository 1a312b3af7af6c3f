"""Fuzzing with hypothesis (issue 8): the frame decoder, the message parser, the handshake,
the sealed channel and the record verifier take any bytes and answer with a typed remote
error, never a crash, and never accept a frame or a record that was changed.

Short here; `benchmarks/fuzz_long.py` runs the same properties with many more examples
(it sets ZEMLEVLASNYK_FUZZ_EXAMPLES)."""
from __future__ import annotations

import copy
import functools
import json
import os
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from nacl.signing import SigningKey

from zemlevlasnyk.engine import canonical_json
from zemlevlasnyk.p2p.core import messages, wire
from zemlevlasnyk.p2p.core.errors import CheatingHost, Code, Fault, ProtocolError, RemoteProtocolError
from zemlevlasnyk.p2p.core.framing import HEADER, MAX_FRAME, FrameDecoder, encode_frame
from zemlevlasnyk.p2p.core.handshake import ClientHandshake, HostHandshake
from zemlevlasnyk.p2p.core.host import TablePhase
from zemlevlasnyk.p2p.core.identity import Profile
from zemlevlasnyk.p2p.core.links import Invite
from zemlevlasnyk.p2p.core.records import Replica, seal

EXAMPLES = int(os.environ.get("ZEMLEVLASNYK_FUZZ_EXAMPLES", "80"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize="ZEMLEVLASNYK_FUZZ_EXAMPLES" not in os.environ,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

TABLE = "0123456789abcdef"
HOST_KEY = SigningKey(b"\x09" * 32)
SECRET = b"\x01" * 16
PEER = Profile("Ann", "red", SigningKey(b"\x05" * 32))
HOST_SIGNER = SigningKey(bytes([1]) * 32)  # p2p_helpers.profile(0)'s key: the memory table's host
INVITE = Invite("127.0.0.1", 1, TABLE, bytes(HOST_KEY.verify_key), SECRET)


def _remote(exc: ProtocolError) -> None:
    assert exc.fault is Fault.REMOTE, exc


# A mutation of a genuine byte string: flip bits, cut, or add at chosen places.
mutations = st.lists(st.tuples(st.sampled_from(["flip", "cut", "insert"]), st.integers(0, 10**6),
                               st.integers(1, 255)), min_size=1, max_size=4)


def mutate(data: bytes, edits: list[tuple[str, int, int]]) -> bytes:
    out = bytearray(data)
    for what, where, value in edits:
        at = where % (len(out) + 1)
        if what == "flip" and out:
            out[at % len(out)] ^= value
        elif what == "cut":
            del out[at:at + value]
        else:
            out[at:at] = bytes([value]) * (value % 7 + 1)
    return bytes(out)


@FUZZ
@given(st.binary(max_size=2000), st.integers(1, 300))
def test_fuzz_frame_decoder_takes_any_bytes(data: bytes, chunk: int) -> None:
    decoder = FrameDecoder()
    try:
        for i in range(0, len(data), chunk):
            for frame in decoder.feed(data[i:i + chunk]):
                assert len(frame) <= MAX_FRAME
            assert decoder.pending < HEADER.size + MAX_FRAME
    except ProtocolError as exc:
        _remote(exc)
        assert exc.code is Code.FRAME_TOO_LARGE


@FUZZ
@given(st.lists(st.binary(max_size=500), max_size=6), mutations)
def test_fuzz_frame_decoder_on_mutated_streams(payloads: list[bytes], edits: list[tuple[str, int, int]]) -> None:
    stream = mutate(b"".join(encode_frame(p) for p in payloads), edits)
    try:
        FrameDecoder().feed(stream)
    except ProtocolError as exc:
        _remote(exc)


@FUZZ
@given(st.one_of(st.binary(max_size=400), st.text(max_size=200).map(str.encode),
                 st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=10),
                              lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner,
                                                                                          max_size=4),
                              max_leaves=30).map(lambda v: wire.encode({"t": "x", "v": v}) if v is not None else b"")))
def test_fuzz_message_decoder_answers_typed_errors(payload: bytes) -> None:
    try:
        message = wire.decode(payload)
    except ProtocolError as exc:
        _remote(exc)
        assert exc.code in (Code.GARBAGE, Code.BAD_MESSAGE)
    else:
        assert isinstance(message, dict) and isinstance(message["t"], str)


MESSAGE_1 = ClientHandshake(PEER, INVITE).hello()


@FUZZ
@given(mutations)
def test_fuzz_host_refuses_every_changed_message_1(edits: list[tuple[str, int, int]]) -> None:
    changed = mutate(MESSAGE_1, edits)
    host = HostHandshake(HOST_KEY, TABLE, SECRET)
    try:
        host.receive_hello(changed)
    except ProtocolError as exc:
        _remote(exc)
    else:
        assert changed == MESSAGE_1


@FUZZ
@given(mutations)
def test_fuzz_peer_refuses_every_changed_message_2(edits: list[tuple[str, int, int]]) -> None:
    peer = ClientHandshake(PEER, INVITE)
    host = HostHandshake(HOST_KEY, TABLE, SECRET)
    genuine = host.receive_hello(peer.hello())
    changed = mutate(genuine, edits)
    try:
        peer.receive_welcome(changed)
    except ProtocolError as exc:
        _remote(exc)
    else:
        assert changed == genuine


@FUZZ
@given(mutations, st.one_of(
    st.binary(max_size=300),
    # around the sizes where a message is cut into several Noise messages
    st.sampled_from([65_518, 65_519, 65_520, 131_038, 131_039, 131_040, 200_000]).map(lambda n: b"z" * n)))
def test_fuzz_sealed_channel_never_opens_a_changed_frame(edits: list[tuple[str, int, int]], text: bytes) -> None:
    peer = ClientHandshake(PEER, INVITE)
    host = HostHandshake(HOST_KEY, TABLE, SECRET)
    peer_channel, auth = peer.receive_welcome(host.receive_hello(peer.hello()))
    host_channel, _ = host.receive_auth(auth)
    sealed = peer_channel.seal_encoded(text)
    changed = mutate(sealed, edits)
    try:
        opened = host_channel.open_bytes(changed)
    except ProtocolError as exc:
        _remote(exc)
        assert exc.code is Code.GARBAGE
    else:
        assert changed == sealed and opened == text


# --- the message parser (p2p/core/messages.py) -------------------------------------------------

_json = st.recursive(st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.text(max_size=12),
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                 max_size=5),
                     max_leaves=25)
_PEER_TYPES = ["ready", "unready", "profile", "act", "contrib", "chat", "sync", "bye", "ping", "auth", "x"]
_HOST_TYPES = ["admitted", "lobby", "record", "chat", "reject", "error", "ping", "x"]


def _parsed_or_refused(parse: Callable[[bytes], object], payload: bytes) -> None:
    try:
        parse(payload)
    except RemoteProtocolError as exc:
        assert exc.code in (Code.GARBAGE, Code.BAD_MESSAGE), exc


@FUZZ
@given(st.sampled_from(_PEER_TYPES), st.dictionaries(st.sampled_from(
    ["table", "seq", "seat", "action", "entropy", "sig", "key", "commit", "name", "colour", "text", "from",
     "state", "record", "note", "type", "amount"]), _json, max_size=8))
def test_fuzz_message_parser_from_peers(kind: str, fields: dict[str, object]) -> None:
    _parsed_or_refused(messages.parse_from_peer, wire.encode({**fields, "t": kind}))


@FUZZ
@given(st.sampled_from(_HOST_TYPES), st.dictionaries(st.sampled_from(
    ["role", "seat", "engine_seat", "table", "head", "name", "phase", "seats", "code", "message", "ref", "seq",
     "key", "text", "clock", "settings", "spectators", "you", "body", "sig"]), _json, max_size=8))
def test_fuzz_message_parser_from_the_host(kind: str, fields: dict[str, object]) -> None:
    _parsed_or_refused(messages.parse_from_host, wire.encode({**fields, "t": kind}))


@FUZZ
@given(st.binary(max_size=300), mutations)
def test_fuzz_message_parser_on_any_bytes(data: bytes, edits: list[tuple[str, int, int]]) -> None:
    genuine = messages.encode(messages.Chat("привіт"))
    for payload in (data, mutate(genuine, edits)):
        _parsed_or_refused(messages.parse_from_peer, payload)
        _parsed_or_refused(messages.parse_from_host, payload)


# --- the record verifier (Replica) --------------------------------------------------------

@functools.cache
def _game() -> tuple[list[bytes], dict[int, Replica]]:
    """A whole game's records, and replicas that verified the first k of them."""
    from helpers.p2p import MemoryTable

    table = MemoryTable(peers=2, clock=False, table=RECORD_TABLE)
    table.run()
    if table.host.phase is TablePhase.LOBBY:
        table.deliver(table.host.start(table.now))
    table.run()
    records = list(table.host.records)
    snapshots: dict[int, Replica] = {}
    replica = Replica(table=RECORD_TABLE, host_key=table.host.key_hex)
    for k, data in enumerate(records):
        if k in SNAPSHOTS:
            snapshots[k] = copy.deepcopy(replica)
        replica.accept(data)
    snapshots[len(records)] = replica
    return records, snapshots


RECORD_TABLE = "00112233aabbccdd"
SNAPSHOTS = (0, 1, 2, 7, 30)


def _edit(value: Any, data: st.DataObject, depth: int = 0) -> Any:
    """`value` with one place changed: a leaf replaced, a key dropped or added, a list cut."""
    if isinstance(value, dict) and value and depth < 6 and data.draw(st.booleans()):
        key = data.draw(st.sampled_from(sorted(value)))
        what = data.draw(st.sampled_from(["descend", "drop", "add"]))
        if what == "descend":
            return {**value, key: _edit(value[key], data, depth + 1)}
        if what == "drop":
            return {k: v for k, v in value.items() if k != key}
        return {**value, data.draw(st.text(max_size=6)): data.draw(_json)}
    if isinstance(value, list) and value and depth < 6 and data.draw(st.booleans()):
        at = data.draw(st.integers(0, len(value) - 1))
        if data.draw(st.booleans()):
            return [*value[:at], *value[at + 1:]]
        return [*value[:at], _edit(value[at], data, depth + 1), *value[at + 1:]]
    return data.draw(_json)


@FUZZ
@given(st.sampled_from(SNAPSHOTS), st.data())
def test_fuzz_replica_refuses_changed_records_signed_by_the_host(k: int, data: st.DataObject) -> None:
    """The host's own signature on a changed record: the replica checks everything else and
    answers `CheatingHost`, whatever the change (or accepts it if nothing changed)."""
    records, snapshots = _game()
    genuine = json.loads(records[k])["body"]
    changed = _edit(genuine, data)
    replica = copy.deepcopy(snapshots[k])
    try:
        replica.accept(seal(HOST_SIGNER, changed).wire if isinstance(changed, dict) else wire.encode({"x": changed}))
    except CheatingHost:
        return
    assert canonical_json(changed) == canonical_json(genuine)


@FUZZ
@given(st.sampled_from(SNAPSHOTS), mutations)
def test_fuzz_replica_refuses_records_changed_on_the_way(k: int, edits: list[tuple[str, int, int]]) -> None:
    records, snapshots = _game()
    changed = mutate(records[k], edits)
    replica = copy.deepcopy(snapshots[k])
    try:
        replica.accept(changed)
    except CheatingHost:
        return
    assert changed == records[k]
