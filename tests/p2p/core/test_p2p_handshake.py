"""The handshake (Noise IK, then `auth`): interoperability with an independent Noise
implementation, byte for byte, and one test per security property: mutual authentication,
key pinning, forward secrecy, replay resistance, and the knock without the secret."""
from __future__ import annotations

import functools
import os
import random
import warnings
from collections.abc import Iterator

import pytest
import trio
from nacl.signing import SigningKey
from noise.connection import Keypair, NoiseConnection

from zemlevlasnyk.p2p.core import noise, wire
from zemlevlasnyk.p2p.core.errors import Code, Fault, ProtocolError
from zemlevlasnyk.p2p.core.handshake import (
    PROLOGUE,
    TAG_AUTH,
    ClientHandshake,
    HostHandshake,
    SecureChannel,
    join_proof,
    x25519_private,
    x25519_public,
)
from zemlevlasnyk.p2p.core.identity import Profile
from zemlevlasnyk.p2p.core.links import Invite

TABLE = "0123456789abcdef"
HOST_KEY = SigningKey(b"\x09" * 32)
SECRET = b"\x01" * 16
# Fixed ephemeral keys, only so that two implementations can be compared byte for byte.
E_PEER = bytes(range(32))
E_HOST = bytes(range(32, 64))


def _profile(seed: int, name: str = "Ann") -> Profile:
    return Profile(name, "red", SigningKey(bytes([seed]) * 32))


def _invite(*, key: SigningKey = HOST_KEY, secret: bytes | None = SECRET) -> Invite:
    return Invite("127.0.0.1", 1, TABLE, bytes(key.verify_key), secret)


@pytest.fixture(autouse=True)
def _quiet_fixed_ephemerals() -> Iterator[None]:
    # noiseprotocol warns (rightly) that fixed ephemeral keys are for tests only.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


def _theirs(*, initiator: bool, static: bytes, ephemeral: bytes, remote_static: bytes | None = None
            ) -> NoiseConnection:
    conn = NoiseConnection.from_name(noise.PROTOCOL_NAME)
    if initiator:
        conn.set_as_initiator()
    else:
        conn.set_as_responder()
    conn.set_prologue(PROLOGUE)
    conn.set_keypair_from_private_bytes(Keypair.STATIC, static)
    conn.set_keypair_from_private_bytes(Keypair.EPHEMERAL, ephemeral)
    if remote_static is not None:
        conn.set_keypair_from_public_bytes(Keypair.REMOTE_STATIC, remote_static)
    conn.start_handshake()
    return conn


def _shake(invite: Invite, client: Profile, *, host_key: SigningKey = HOST_KEY, secret: bytes = SECRET):
    """Both sides in memory; a refusal travels back to the client as the host would send it."""
    peer = ClientHandshake(client, invite)
    host = HostHandshake(host_key, TABLE, secret)
    try:
        welcome = host.receive_hello(peer.hello())
    except ProtocolError as exc:
        welcome = host.refusal(exc)
    peer_channel, auth = peer.receive_welcome(welcome)
    host_channel, joiner = host.receive_auth(auth)
    return peer_channel, host_channel, joiner


def _without_auth(profile: Profile) -> tuple[HostHandshake, SecureChannel]:
    """A host after message 2, and the peer's channel, before any auth was sealed."""
    initiator = noise.Initiator(x25519_private(profile.signing_key), x25519_public(bytes(HOST_KEY.verify_key)),
                                PROLOGUE)
    host = HostHandshake(HOST_KEY, TABLE, SECRET)
    message_2 = host.receive_hello(initiator.write_message_1(wire.encode(
        {"t": "hello", "proto": wire.PROTOCOL_VERSION, "table": TABLE})))
    _, session = initiator.read_message_2(message_2)
    return host, SecureChannel(session)


# --- interoperability with noiseprotocol ------------------------------------------------

def test_our_initiator_and_their_responder_agree_byte_for_byte() -> None:
    peer = _profile(1)
    host_static = x25519_private(HOST_KEY)
    theirs = _theirs(initiator=False, static=host_static, ephemeral=E_HOST)
    ours = ClientHandshake(peer, _invite(), ephemeral_private=E_PEER)
    # their initiator, with the same keys, writes exactly our message 1
    twin = _theirs(initiator=True, static=x25519_private(peer.signing_key), ephemeral=E_PEER,
                   remote_static=x25519_public(bytes(HOST_KEY.verify_key)))
    payload = bytes(theirs.read_message(ours.hello()))
    assert bytes(twin.write_message(payload)) == ours.hello()
    assert wire.decode(payload) == {"t": "hello", "proto": wire.PROTOCOL_VERSION, "table": TABLE}
    # their message 2 opens our channel; the handshake hashes agree
    welcome = bytes(theirs.write_message(wire.encode({"t": "welcome", "proto": wire.PROTOCOL_VERSION,
                                                      "table": TABLE})))
    channel, auth = ours.receive_welcome(welcome)
    assert channel.handshake_hash == theirs.get_handshake_hash()
    message = wire.decode(bytes(theirs.decrypt(auth)))
    assert message["t"] == "auth" and message["key"] == peer.key_hex
    # transport both ways
    assert wire.decode(bytes(theirs.decrypt(channel.seal({"t": "chat", "text": "привіт"})))) == \
        {"t": "chat", "text": "привіт"}
    assert channel.open(bytes(theirs.encrypt(wire.encode({"t": "ping"})))) == {"t": "ping"}


def test_their_initiator_joins_our_host_byte_for_byte() -> None:
    peer = _profile(2, "Bohdan")
    theirs = _theirs(initiator=True, static=x25519_private(peer.signing_key), ephemeral=E_PEER,
                     remote_static=x25519_public(bytes(HOST_KEY.verify_key)))
    host = HostHandshake(HOST_KEY, TABLE, SECRET, ephemeral_private=E_HOST)
    message_1 = bytes(theirs.write_message(wire.encode({"t": "hello", "proto": wire.PROTOCOL_VERSION,
                                                        "table": TABLE})))
    assert message_1 == ClientHandshake(peer, _invite(), ephemeral_private=E_PEER).hello()
    message_2 = host.receive_hello(message_1)
    twin = _theirs(initiator=False, static=x25519_private(HOST_KEY), ephemeral=E_HOST)
    twin.read_message(message_1)
    welcome_payload = bytes(theirs.read_message(message_2))
    assert bytes(twin.write_message(welcome_payload)) == message_2
    hh = theirs.get_handshake_hash()
    auth = {"t": "auth", "key": peer.key_hex, "name": peer.name, "colour": "blue", "want": "play",
            "last_seq": -1, "join": join_proof(SECRET, hh), "sig": peer.sign(TAG_AUTH + hh).hex()}
    channel, joiner = host.receive_auth(bytes(theirs.encrypt(wire.encode(auth))))
    assert joiner.key == peer.key_hex and joiner.has_secret and joiner.name == "Bohdan"
    assert wire.decode(bytes(theirs.decrypt(channel.seal({"t": "admitted"})))) == {"t": "admitted"}


def test_long_messages_are_cut_into_noise_sized_pieces_their_library_opens() -> None:
    peer = _profile(1)
    theirs = _theirs(initiator=False, static=x25519_private(HOST_KEY), ephemeral=E_HOST)
    ours = ClientHandshake(peer, _invite())
    theirs.read_message(ours.hello())
    channel, auth = ours.receive_welcome(bytes(theirs.write_message(wire.encode(
        {"t": "welcome", "proto": wire.PROTOCOL_VERSION, "table": TABLE}))))
    theirs.decrypt(auth)
    plain = wire.encode({"t": "chat", "text": "ж" * 100_000})
    sealed = channel.seal_encoded(plain)
    pieces = [sealed[i:i + noise.MAX_MESSAGE] for i in range(0, len(sealed), noise.MAX_MESSAGE)]
    assert len(pieces) == 4 and all(len(p) == noise.MAX_MESSAGE for p in pieces[:-1])
    assert b"".join(bytes(theirs.decrypt(p)) for p in pieces) == plain
    back = b"".join(bytes(theirs.encrypt(plain[i:i + noise.MAX_PLAINTEXT]))
                    for i in range(0, len(plain), noise.MAX_PLAINTEXT))
    assert channel.open_bytes(back) == plain


def test_a_frame_cut_at_a_piece_boundary_is_refused() -> None:
    # Found by the long fuzzing run: a message of 65 519 + 1 bytes, its last piece cut off,
    # must not open as the first 65 519 bytes.
    for size in (noise.MAX_PLAINTEXT + 1, noise.MAX_PLAINTEXT, 2 * noise.MAX_PLAINTEXT, 0):
        peer_channel, host_channel, _ = _shake(_invite(), _profile(1))
        sealed = peer_channel.seal_encoded(b"z" * size)
        assert len(sealed) % noise.MAX_MESSAGE >= noise.TAGLEN  # the last piece is never a full one
        assert host_channel.open_bytes(sealed) == b"z" * size
        for cut in range(noise.MAX_MESSAGE, len(sealed), noise.MAX_MESSAGE):
            peer_channel, host_channel, _ = _shake(_invite(), _profile(1))
            sealed = peer_channel.seal_encoded(b"z" * size)
            with pytest.raises(ProtocolError) as err:
                host_channel.open_bytes(sealed[:cut])
            assert err.value.code is Code.GARBAGE


# --- mutual authentication --------------------------------------------------------------

def test_mutual_authentication_gives_each_side_the_others_identity() -> None:
    peer = _profile(1)
    peer_channel, host_channel, joiner = _shake(_invite(), peer)
    assert joiner.key == peer.key_hex
    assert peer_channel.handshake_hash == host_channel.handshake_hash
    sealed = peer_channel.seal({"t": "chat", "text": "секрет"})
    assert "секрет".encode() not in sealed
    assert host_channel.open(sealed) == {"t": "chat", "text": "секрет"}
    assert peer_channel.open(host_channel.seal({"t": "x"})) == {"t": "x"}


def test_mutual_authentication_refuses_an_identity_the_handshake_was_not_made_with() -> None:
    # Ann runs the Noise handshake with her key, then claims to be Bohdan in auth.
    ann, bohdan = _profile(1), _profile(2, "Bohdan")
    host, channel = _without_auth(ann)
    hh = channel.handshake_hash
    claim = {"t": "auth", "key": bohdan.key_hex, "name": "Bohdan", "colour": "red", "want": "play",
             "last_seq": -1, "join": None, "sig": bohdan.sign(TAG_AUTH + hh).hex()}
    with pytest.raises(ProtocolError) as err:
        host.receive_auth(channel.seal(claim))
    assert err.value.code is Code.BAD_SIGNATURE and err.value.fault is Fault.REMOTE


def test_mutual_authentication_refuses_a_signature_over_another_session() -> None:
    ann = _profile(1)
    first_peer, _, _ = _shake(_invite(), ann)
    host, channel = _without_auth(ann)
    stale = {"t": "auth", "key": ann.key_hex, "name": "Ann", "colour": "red", "want": "play", "last_seq": -1,
             "join": None, "sig": ann.sign(TAG_AUTH + first_peer.handshake_hash).hex()}
    with pytest.raises(ProtocolError) as err:
        host.receive_auth(channel.seal(stale))
    assert err.value.code is Code.BAD_SIGNATURE


# --- key pinning ------------------------------------------------------------------------

def test_key_pinning_refuses_a_host_with_another_key() -> None:
    impostor = SigningKey(b"\x0a" * 32)
    with pytest.raises(ProtocolError) as err:
        _shake(_invite(), _profile(1), host_key=impostor)
    assert err.value.code is Code.HOST_KEY_MISMATCH and err.value.fault is Fault.REMOTE


def test_key_pinning_an_impostor_cannot_forge_message_2() -> None:
    # The impostor cannot read message 1, so it answers with a Noise message 2 of its own
    # making (as a responder that believes the peer spoke to it): the peer refuses it.
    impostor = SigningKey(b"\x0a" * 32)
    peer = ClientHandshake(_profile(1), _invite())
    forged = HostHandshake(impostor, TABLE, SECRET)
    fake_peer = ClientHandshake(_profile(1), _invite(key=impostor))
    message_2 = forged.receive_hello(fake_peer.hello())
    peer.hello()
    with pytest.raises(ProtocolError) as err:
        peer.receive_welcome(message_2)
    assert err.value.code is Code.HOST_KEY_MISMATCH


def test_key_pinning_a_plain_refusal_is_reported_as_unauthenticated() -> None:
    peer = ClientHandshake(_profile(1), _invite())
    with pytest.raises(ProtocolError) as err:
        peer.receive_welcome(wire.encode({"t": "error", "code": "busy", "message": "full"}))
    assert "unauthenticated" in err.value.message and err.value.fault is Fault.REMOTE


# --- forward secrecy --------------------------------------------------------------------

def _recorded_session() -> dict[str, bytes]:
    """One whole session as an eavesdropper records it."""
    ann = _profile(1)
    peer = ClientHandshake(ann, _invite())
    host = HostHandshake(HOST_KEY, TABLE, SECRET)
    message_1 = peer.hello()
    message_2 = host.receive_hello(message_1)
    peer_channel, auth = peer.receive_welcome(message_2)
    host_channel, _ = host.receive_auth(auth)
    return {"message_1": message_1, "message_2": message_2, "auth": auth,
            "to_peer": host_channel.seal({"t": "chat", "text": "the secret plan"}),
            "to_host": peer_channel.seal({"t": "chat", "text": "my reply"})}


def _attack(recorded: dict[str, bytes], s_peer: bytes, s_host: bytes, ee: bytes) -> bytes:
    """Replay the IK key schedule from the recording with the leaked static keys, using
    `ee` for the one DH that needs an ephemeral secret; the decrypted host message."""
    state = noise.SymmetricState()
    state.mix_hash(PROLOGUE)
    state.mix_hash(noise.public_key(s_host))
    message_1 = recorded["message_1"]
    e_peer = message_1[:32]
    state.mix_hash(e_peer)
    state.mix_key(noise.dh(s_host, e_peer))                       # es, from the host's static
    state.decrypt_and_hash(message_1[32:80])
    state.mix_key(noise.dh(s_host, noise.public_key(s_peer)))     # ss
    state.decrypt_and_hash(message_1[80:])
    message_2 = recorded["message_2"]
    e_host = message_2[:32]
    state.mix_hash(e_host)
    state.mix_key(ee)
    state.mix_key(noise.dh(s_peer, e_host))                       # se, from the peer's static
    state.decrypt_and_hash(message_2[32:])
    _, to_peer = state.split()
    return to_peer.decrypt_with_ad(b"", recorded["to_peer"])


def test_forward_secrecy_leaked_static_keys_do_not_open_a_recorded_session() -> None:
    recorded = _recorded_session()
    s_peer, s_host = x25519_private(_profile(1).signing_key), x25519_private(HOST_KEY)
    e_peer, e_host = recorded["message_1"][:32], recorded["message_2"][:32]
    p_peer, p_host = noise.public_key(s_peer), noise.public_key(s_host)
    # Every X25519 value the attacker can compute from both static secrets and the public
    # keys it saw, tried in place of the ephemeral-ephemeral one.
    guesses = [noise.dh(private, public) for private in (s_peer, s_host)
               for public in (e_peer, e_host, p_peer, p_host)]
    for guess in guesses:
        with pytest.raises(noise.NoiseError):
            _attack(recorded, s_peer, s_host, guess)


def test_forward_secrecy_attack_is_real_with_an_ephemeral_secret() -> None:
    # The same attack opens the session once an ephemeral secret is known: the test above
    # fails for the right reason only.
    ann = _profile(1)
    peer = ClientHandshake(ann, _invite(), ephemeral_private=E_PEER)
    host = HostHandshake(HOST_KEY, TABLE, SECRET)
    message_2 = host.receive_hello(peer.hello())
    peer.receive_welcome(message_2)
    assert host.channel is not None
    recorded = {"message_1": peer.hello(), "message_2": message_2,
                "to_peer": host.channel.seal({"t": "chat", "text": "the secret plan"})}
    ee = noise.dh(E_PEER, message_2[:32])
    plain = _attack(recorded, x25519_private(ann.signing_key), x25519_private(HOST_KEY), ee)
    assert wire.decode(plain)["text"] == "the secret plan"


# --- replay resistance ------------------------------------------------------------------

def test_replay_resistance_a_replayed_handshake_cannot_complete() -> None:
    recorded = _recorded_session()
    host = HostHandshake(HOST_KEY, TABLE, SECRET)
    host.receive_hello(recorded["message_1"])  # IK's first message replays, by design...
    with pytest.raises(ProtocolError) as err:   # ...but nothing after it does
        host.receive_auth(recorded["auth"])
    assert err.value.code is Code.GARBAGE and err.value.fault is Fault.REMOTE


def test_replay_resistance_a_replayed_or_reordered_frame_is_refused() -> None:
    peer_channel, host_channel, _ = _shake(_invite(), _profile(1))
    first = peer_channel.seal({"t": "chat", "text": "one"})
    second = peer_channel.seal({"t": "chat", "text": "two"})
    with pytest.raises(ProtocolError):
        host_channel.open(second)               # out of order
    assert host_channel.open(first)["text"] == "one"
    with pytest.raises(ProtocolError) as err:
        host_channel.open(first)                # replayed
    assert err.value.code is Code.GARBAGE
    tampered = bytearray(second)
    tampered[3] ^= 1
    with pytest.raises(ProtocolError):
        host_channel.open(bytes(tampered))      # altered
    assert host_channel.open(second)["text"] == "two"


def test_replay_resistance_a_join_proof_is_bound_to_its_session() -> None:
    recorded_proof = join_proof(SECRET, os.urandom(64))
    ann = _profile(1)
    host, channel = _without_auth(ann)
    hh = channel.handshake_hash
    auth = {"t": "auth", "key": ann.key_hex, "name": "Ann", "colour": "red", "want": "play", "last_seq": -1,
            "join": recorded_proof, "sig": ann.sign(TAG_AUTH + hh).hex()}
    with pytest.raises(ProtocolError) as err:
        host.receive_auth(channel.seal(auth))
    assert err.value.code is Code.BAD_SECRET


# --- the knock --------------------------------------------------------------------------

def test_knock_without_the_secret_only_asks() -> None:
    _, _, joiner = _shake(_invite(secret=None), _profile(1))
    assert not joiner.has_secret


def test_knock_with_a_wrong_secret_is_refused() -> None:
    with pytest.raises(ProtocolError) as err:
        _shake(_invite(secret=b"\x02" * 16), _profile(1))
    assert err.value.code is Code.BAD_SECRET and err.value.fault is Fault.REMOTE


# --- versions, tables, garbage ----------------------------------------------------------

def _hello_with(payload: dict[str, object]) -> bytes:
    initiator = noise.Initiator(x25519_private(_profile(1).signing_key), x25519_public(bytes(HOST_KEY.verify_key)),
                                PROLOGUE)
    return initiator.write_message_1(wire.encode(payload))


@pytest.mark.parametrize(("hello", "code"), [
    ({"t": "hello", "proto": 99, "table": TABLE}, Code.VERSION),
    ({"t": "hello", "proto": wire.PROTOCOL_VERSION, "table": "ffffffffffffffff"}, Code.WRONG_TABLE),
    ({"t": "welcome", "proto": wire.PROTOCOL_VERSION, "table": TABLE}, Code.HANDSHAKE),
])
def test_hello_is_checked_and_the_refusal_is_authenticated(hello: dict[str, object], code: Code) -> None:
    host = HostHandshake(HOST_KEY, TABLE, SECRET)
    with pytest.raises(ProtocolError) as err:
        host.receive_hello(_hello_with(hello))
    assert err.value.code is code
    refusal = host.refusal(err.value)
    assert wire.encode({"t": "error"})[:5] not in refusal[:5]  # inside Noise message 2, not plain


def test_the_peer_reads_an_authenticated_refusal_inside_message_2() -> None:
    peer = ClientHandshake(_profile(1), Invite("127.0.0.1", 1, "ffffffffffffffff", bytes(HOST_KEY.verify_key), None))
    host = HostHandshake(HOST_KEY, TABLE, SECRET)
    with pytest.raises(ProtocolError) as refused:
        host.receive_hello(peer.hello())
    with pytest.raises(ProtocolError) as err:
        peer.receive_welcome(host.refusal(refused.value))
    assert err.value.code is Code.WRONG_TABLE and "unauthenticated" not in err.value.message


def test_handshake_survives_random_garbage() -> None:
    rng = random.Random(7)
    for _ in range(200):
        host = HostHandshake(HOST_KEY, TABLE, SECRET)
        junk = bytes(rng.randrange(256) for _ in range(rng.randrange(200)))
        with pytest.raises(ProtocolError) as err:
            host.receive_hello(junk)
        assert err.value.fault is Fault.REMOTE
        peer = ClientHandshake(_profile(1), _invite())
        with pytest.raises(ProtocolError) as err:
            peer.receive_welcome(junk)
        assert err.value.fault is Fault.REMOTE


# --- over real TCP: accept_peer and open_table ------------------------------------------

async def test_accept_peer_and_open_table_over_tcp() -> None:
    from zemlevlasnyk.p2p.net.streams import accept_peer, open_table

    joined: list[tuple[str, bool]] = []
    failures: list[ProtocolError] = []

    async def host(stream: trio.SocketStream) -> None:
        try:
            secure, joiner = await accept_peer(stream, key=HOST_KEY, table=TABLE, join_secret=SECRET)
        except ProtocolError as exc:
            failures.append(exc)
            return
        joined.append((joiner.key, joiner.has_secret))
        message = await secure.receive()
        assert message is not None
        await secure.send({"t": "echo", "text": message["text"]})
        await secure.aclose()

    async with trio.open_nursery() as nursery:
        listeners = await nursery.start(functools.partial(trio.serve_tcp, host, 0, host="127.0.0.1"))
        port = listeners[0].socket.getsockname()[1]
        for secret in (SECRET, None):
            invite = Invite("127.0.0.1", port, TABLE, bytes(HOST_KEY.verify_key), secret)
            secure = await open_table(invite, _profile(3))
            await secure.send({"t": "chat", "text": "добрий вечір"})
            assert await secure.receive() == {"t": "echo", "text": "добрий вечір"}
            await secure.aclose()
        impostor = Invite("127.0.0.1", port, TABLE, bytes(SigningKey(b"\x0a" * 32).verify_key), SECRET)
        with pytest.raises(ProtocolError) as err:
            await open_table(impostor, _profile(4))
        assert err.value.code is Code.HOST_KEY_MISMATCH
        with trio.fail_after(5):
            while not failures:
                await trio.sleep(0.01)
        nursery.cancel_scope.cancel()
    assert joined == [(_profile(3).key_hex, True), (_profile(3).key_hex, False)]
    assert [f.code for f in failures] == [Code.HOST_KEY_MISMATCH]
