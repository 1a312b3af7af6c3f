"""Fuzzing with hypothesis (issue 8): the frame decoder, the message decoder, the handshake
and the sealed channel take any bytes and answer with a typed remote error, never a crash,
and never accept a frame that was changed.

Short here; `benchmarks/fuzz_long.py` runs the same properties with many more examples
(it sets ZEMLEVLASNYK_FUZZ_EXAMPLES)."""
from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from nacl.signing import SigningKey

from zemlevlasnyk.p2p import wire
from zemlevlasnyk.p2p.errors import Code, Fault, ProtocolError
from zemlevlasnyk.p2p.framing import HEADER, MAX_FRAME, FrameDecoder, encode_frame
from zemlevlasnyk.p2p.handshake import ClientHandshake, HostHandshake
from zemlevlasnyk.p2p.identity import Profile
from zemlevlasnyk.p2p.links import Invite

EXAMPLES = int(os.environ.get("ZEMLEVLASNYK_FUZZ_EXAMPLES", "150"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize="ZEMLEVLASNYK_FUZZ_EXAMPLES" not in os.environ,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

TABLE = "0123456789abcdef"
HOST_KEY = SigningKey(b"\x09" * 32)
SECRET = b"\x01" * 16
PEER = Profile("Ann", "red", SigningKey(b"\x05" * 32))
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
