"""Sans-IO tests of the wire: frames, messages, profiles and invite links (the handshake:
test_p2p_handshake.py)."""
from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nacl.signing import SigningKey

from zemlevlasnyk.engine import Roll
from zemlevlasnyk.p2p.core import messages, wire
from zemlevlasnyk.p2p.core.errors import Code, Fault, ProtocolError
from zemlevlasnyk.p2p.core.framing import MAX_FRAME, FrameDecoder, encode_frame
from zemlevlasnyk.p2p.core.identity import COLOURS, Profile
from zemlevlasnyk.p2p.core.links import Invite, parse_invite
from zemlevlasnyk.p2p.store.profiles import load_or_create

TABLE = "0123456789abcdef"


def _profile(seed: int, name: str = "Ann") -> Profile:
    return Profile(name, "red", SigningKey(bytes([seed]) * 32))


# --- framing -----------------------------------------------------------------------------

@given(st.lists(st.binary(max_size=300), max_size=8), st.integers(1, 50))
@settings(max_examples=60, deadline=None)
def test_frames_survive_any_cut(payloads: list[bytes], chunk: int) -> None:
    stream = b"".join(encode_frame(p) for p in payloads)
    decoder = FrameDecoder()
    out: list[bytes] = []
    for i in range(0, len(stream), chunk):
        out += decoder.feed(stream[i:i + chunk])
    assert out == payloads
    assert decoder.pending == 0


def test_oversized_frame_is_refused_before_buffering() -> None:
    decoder = FrameDecoder()
    with pytest.raises(ProtocolError) as err:
        decoder.feed((MAX_FRAME + 1).to_bytes(4, "big") + b"x")
    assert err.value.code is Code.FRAME_TOO_LARGE and err.value.fault is Fault.REMOTE


def test_sending_an_oversized_frame_is_our_fault() -> None:
    with pytest.raises(ProtocolError) as err:
        encode_frame(b"x" * (MAX_FRAME + 1))
    assert err.value.fault is Fault.LOCAL


# --- messages ----------------------------------------------------------------------------

@pytest.mark.parametrize("payload", [
    b"\xff\xfe", b"not json", b"[1,2]", b'{"x":1}', b'{"t":1}', b'{"t":"a","t":"b"}',
    b'{"t":"a","v":1.5}', b'{"t":"a","v":NaN}', b'{"t":"a","v":' + b"[" * 5000 + b"]" * 5000 + b"}",
    b'{"t":"a","v":"\\ud800"}', b'{"v":"\\udfff","t":"a"}', b'{"t":"a","x":{"y":1,"y":2}}',
])
def test_garbage_is_a_remote_error(payload: bytes) -> None:
    with pytest.raises(ProtocolError) as err:
        wire.decode(payload)
    assert err.value.fault is Fault.REMOTE
    assert err.value.code in (Code.GARBAGE, Code.BAD_MESSAGE)


@pytest.mark.parametrize("payload", [
    b'{"t":"a","x":1}', b'{"x": 1, "t": "a"}', b'{"t":"a","x":{"z":[1,{"y":"\xd1\x97"}]}}',
])
def test_messages_canonical_or_not_decode_alike(payload: bytes) -> None:
    """The C-speed path (a canonical message) and the checking path (any other) agree."""
    import json
    assert wire.decode(payload) == json.loads(payload)


def test_a_lone_surrogate_in_an_action_is_garbage_and_the_table_goes_on() -> None:
    """It could never be encoded again to check a signature: once, it took the host down."""
    from helpers.p2p import MemoryTable
    table = MemoryTable(peers=2, level=None)
    table.run()
    table.deliver(table.host.start(table.now))
    table.run()
    act = (b'{"action":{},"entropy":"' + b"00" * 32 + b'","seat":0,"seq":1,"sig":"' + b"00" * 64
           + b'","t":"act","table":"\\ud800"}')
    table.send_from(1, act)
    table.run()
    assert table.closed[1].code is Code.GARBAGE
    assert 2 not in table.closed and table.host.seq >= 0


def test_signatures_cover_the_tag_and_every_field() -> None:
    key = SigningKey(b"\x01" * 32)
    signed = wire.sign(key, wire.TAG_ACTION, {"t": "act", "seq": 3})
    public = bytes(key.verify_key).hex()
    sig = bytes.fromhex(str(signed["sig"]))

    def holds(tag: bytes, obj: dict, signature: bytes = sig, who: str = public) -> bool:
        return wire.verify_raw(who, wire.signed_bytes(tag, obj), signature)

    assert holds(wire.TAG_ACTION, signed)
    assert not holds(wire.TAG_RECORD, signed)
    assert not holds(wire.TAG_ACTION, {**signed, "seq": 4})
    assert not holds(wire.TAG_ACTION, signed, bytes(64))
    assert not holds(wire.TAG_ACTION, signed, who="zz")


def test_a_signed_message_is_checked_by_one_function_over_its_typed_fields() -> None:
    """`signed_by` checks what the sender signed: its typed fields give back the signed
    object exactly, so a field changed after signing, another key or another kind of
    message's tag each fail."""
    key = SigningKey(b"\x02" * 32)
    public = bytes(key.verify_key).hex()
    act = messages.make_act(key, table=TABLE, seq=7, action=Roll(1), entropy=bytes(32))
    assert messages.signed_by(act, public)
    assert messages.parse_act(act.to_json()) == act
    assert not messages.signed_by(replace(act, seq=8), public)
    assert not messages.signed_by(replace(act, action=Roll(2)), public)
    assert not messages.signed_by(act, bytes(SigningKey(b"\x03" * 32).verify_key).hex())
    contrib = messages.make_contrib(key, table=TABLE, seq=7, seat=1, record="ab" * 32, entropy=bytes(32))
    assert messages.signed_by(contrib, public)
    assert not messages.signed_by(replace(act, sig=contrib.sig), public)
    assert not messages.signed_by(messages.Bye(6, "cd" * 32), public), "an unsigned goodbye is signed by nobody"


# --- profiles ----------------------------------------------------------------------------

def test_profile_is_created_once_and_kept(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    first = load_or_create(name="Олена", colour="green")
    again = load_or_create()
    assert again.public_key == first.public_key and again.name == "Олена" and again.colour == "green"
    path = tmp_path / "zemlevlasnyk" / "profiles" / "default.json"
    assert path.stat().st_mode & 0o777 == 0o600
    renamed = load_or_create(name="Olena")
    assert renamed.public_key == first.public_key and load_or_create().name == "Olena"


def test_bad_profile_input_is_a_local_error(tmp_path) -> None:
    with pytest.raises(ProtocolError) as err:
        load_or_create("../evil", folder=tmp_path)
    assert err.value.fault is Fault.LOCAL
    with pytest.raises(ProtocolError):
        load_or_create(colour="tartan", folder=tmp_path)
    (tmp_path / "profiles").mkdir()
    (tmp_path / "profiles" / "broken.json").write_text("{")
    with pytest.raises(ProtocolError) as err:
        load_or_create("broken", folder=tmp_path)
    assert err.value.code is Code.BAD_PROFILE
    assert len(COLOURS) >= 4


# --- invite links ------------------------------------------------------------------------

def test_invite_round_trip() -> None:
    key = bytes(SigningKey(b"\x02" * 32).verify_key)
    invite = Invite("192.168.1.20", 47000, TABLE, key, b"\x03" * 16)
    assert parse_invite(invite.to_link()) == invite
    stranger = parse_invite(invite.to_link(with_secret=False))
    assert stranger.secret is None and stranger.host_key == invite.host_key
    v6 = Invite("fe80::1", 5, TABLE, key, None)
    assert parse_invite(v6.to_link()) == v6


@pytest.mark.parametrize("link", [
    "", "http://1.2.3.4:5/0123456789abcdef?key=" + "00" * 32,
    "zemlevlasnyk://1.2.3.4/0123456789abcdef?key=" + "00" * 32,
    "zemlevlasnyk://1.2.3.4:99999/0123456789abcdef?key=" + "00" * 32,
    "zemlevlasnyk://1.2.3.4:5/xyz?key=" + "00" * 32,
    "zemlevlasnyk://1.2.3.4:5/0123456789abcdef",
    "zemlevlasnyk://1.2.3.4:5/0123456789abcdef?key=00",
    "zemlevlasnyk://1.2.3.4:5/0123456789abcdef?key=" + "00" * 32 + "&secret=zz",
    "zemlevlasnyk://[::1:5/0123456789abcdef?key=" + "00" * 32,
    "zemlevlasnyk://a b:5/0123456789abcdef?key=" + "00" * 32,
    "zemlevlasnyk://1.2.3.4:5/0123456789abcdef?key=" + "00" * 32,  # not a point on the curve
])
def test_bad_links_say_what_is_wrong(link: str) -> None:
    with pytest.raises(ProtocolError) as err:
        parse_invite(link)
    assert err.value.code is Code.BAD_LINK and err.value.fault is Fault.LOCAL
