"""Length-prefixed frames: a 4-byte big-endian length, then that many payload bytes.

Sans-IO: `FrameDecoder.feed` takes whatever bytes arrived and returns the complete frames;
`encode_frame` gives the bytes to write. A length above `MAX_FRAME` is refused before a
single payload byte is buffered, so a hostile peer cannot make us hold more than that.
"""
from __future__ import annotations

import struct

from zemlevlasnyk.p2p.core.errors import Code, local, remote

# The largest record (the start record carries the whole initial state, a few KiB) is far
# below this; 256 KiB leaves room for bigger rulesets while capping what one peer can make
# us buffer.
MAX_FRAME = 256 * 1024

HEADER = struct.Struct(">I")


def encode_frame(payload: bytes) -> bytes:
    if len(payload) > MAX_FRAME:
        raise local(Code.FRAME_TOO_LARGE, f"refusing to send a {len(payload)}-byte frame (max {MAX_FRAME})")
    return HEADER.pack(len(payload)) + payload


class FrameDecoder:
    """Reassembles frames from a byte stream cut anywhere."""

    def __init__(self, *, max_frame: int = MAX_FRAME) -> None:
        self._buffer = bytearray()
        self._max = max_frame

    def feed(self, data: bytes) -> list[bytes]:
        self._buffer += data
        frames: list[bytes] = []
        while len(self._buffer) >= HEADER.size:
            (length,) = HEADER.unpack_from(self._buffer)
            if length > self._max:
                raise remote(Code.FRAME_TOO_LARGE, f"peer announced a {length}-byte frame (max {self._max})")
            end = HEADER.size + length
            if len(self._buffer) < end:
                break
            frames.append(bytes(self._buffer[HEADER.size:end]))
            del self._buffer[:end]
        return frames

    @property
    def pending(self) -> int:
        """Bytes received but not yet part of a complete frame."""
        return len(self._buffer)
