"""Discovery helpers: a table's advert as a host would make it, with any field changed."""
from __future__ import annotations

import secrets
from dataclasses import replace

from zemlevlasnyk.p2p.lan.discovery import AdvertPhase, TableAdvert


def make_advert(name: str = "Friday game", **changes: object) -> TableAdvert:
    advert = TableAdvert(
        protocol=1,
        table_id=secrets.token_hex(8),
        table_name=name,
        host_name="Olena",
        seats_taken=1,
        seats_free=3,
        phase=AdvertPhase.LOBBY,
        clock=True,
        host_key=secrets.token_bytes(32),
        port=45123,
    )
    return replace(advert, **changes)
