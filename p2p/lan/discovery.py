"""Finding tables on the LAN by mDNS: the one import for the window and the commands.

A hosted table is a DNS-SD service of type `_zemlevlasnyk._tcp.local.` whose TXT record is a
`TableAdvert` (docs/DISCOVERY.md). The work is split three ways, re-exported here:
`p2p.lan.txt` (the advert and its TXT codec, table codes, choosing a table by name or code),
`p2p.lan.mdns` (the zeroconf instance, advertising a table) and `p2p.lan.browse` (following the
tables nearby).
"""
from __future__ import annotations

from zemlevlasnyk.p2p.core.codes import normalise_code, table_code
from zemlevlasnyk.p2p.lan.browse import (
    TableAdded,
    TableBrowser,
    TableEvent,
    TableRemoved,
    TableUpdated,
    browse,
    find_table,
    snapshot,
)
from zemlevlasnyk.p2p.lan.mdns import Advertisement, Mdns, MdnsError, advertise, advertise_table, open_mdns
from zemlevlasnyk.p2p.lan.txt import (
    SERVICE_TYPE,
    AdvertError,
    AdvertPhase,
    BadAdvert,
    TableAdvert,
    TableChoiceError,
    advert_for,
    decode_txt,
    describe,
    encode_txt,
    look_alikes,
    select_table,
    to_invite,
    verify_host_key,
)

__all__ = [
    "SERVICE_TYPE", "AdvertError", "Advertisement", "BadAdvert", "Mdns", "MdnsError", "AdvertPhase", "TableAdded",
    "TableAdvert", "TableBrowser", "TableChoiceError", "TableEvent", "TableRemoved", "TableUpdated",
    "advert_for", "advertise", "advertise_table", "browse", "decode_txt", "describe", "encode_txt", "find_table",
    "look_alikes", "normalise_code", "open_mdns", "select_table", "snapshot", "table_code", "to_invite",
    "verify_host_key",
]
