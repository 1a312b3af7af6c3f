"""A table's short code: six characters a host reads out and a friend types to ask for a seat.

Made from the table's id, so anyone who knows the table (its advert, its invite link, its
records) computes the same code, and typed back leniently (any case, O for 0, I or L for 1).
"""
from __future__ import annotations

# Crockford's base32: no I, L, O or U, so a code read aloud or typed is hard to get wrong.
CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
# Six characters, 30 bits of the table id: a room's few tables never share one by chance
# (two in a billion), and it is short enough to read out.
CODE_CHARS = 6
_CODE_READS_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})


def table_code(table_id: str) -> str:
    """The short code of a table: its id's first 30 bits in Crockford base32."""
    bits = int(table_id[:8], 16) >> 2
    return "".join(CODE_ALPHABET[(bits >> shift) & 31] for shift in range(25, -1, -5))


def normalise_code(text: str) -> str | None:
    """A code as typed (any case, O for 0, I or L for 1, a dash or spaces), or None if
    `text` is not one."""
    code = text.strip().upper().replace("-", "").replace(" ", "").translate(_CODE_READS_AS)
    return code if len(code) == CODE_CHARS and all(c in CODE_ALPHABET for c in code) else None
