"""The table: a host and its peers over trio, signed records, commit-reveal chance, mDNS.

Four rooms (docs/DESIGN.md):
- `core/`: the sans-IO protocol objects (wire, handshake, records, the host and peer cores,
  the ledger, the lobby, the decision clock). They take bytes, messages and the time, and
  return messages and effects; nothing there touches a socket, a file, a clock or a thread.
- `lan/`: finding tables on the local network (mDNS, the TXT record, interfaces).
- `store/`: the data folder, profiles, saved games and their offline verification.
- `net/`: the trio adapters that run the cores over TCP in real time.

This module is the public face the window and the command line use (`from zemlevlasnyk.p2p
import TableHost`): every name below, imported from its room only when first asked for, so
that a headless command which needs a profile's colours does not load trio, zeroconf or
libsodium.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

# Each public name, and the module (under this package) it lives in.
FACE: dict[str, str] = {
    "MAX_CHAT_CHARS": "core.chat",
    "normalise_code": "core.codes",
    "table_code": "core.codes",
    "CheatingHost": "core.errors",
    "Code": "core.errors",
    "Explained": "core.errors",
    "Fault": "core.errors",
    "ProtocolError": "core.errors",
    "Rejoining": "core.follow",
    "RESUME_AFTER_SECONDS": "core.follow",
    "Rewound": "core.follow",
    "StillLooking": "core.follow",
    "TakeoverDue": "core.follow",
    "TakingOver": "core.follow",
    "ResumeError": "core.handover",
    "Joiner": "core.handshake",
    "PLAYING": "core.handshake",
    "WATCHING": "core.handshake",
    "ChatRelayed": "core.host",
    "KnockArrived": "core.host",
    "KnockWithdrawn": "core.host",
    "MAX_SEATS": "core.host",
    "Output": "core.host",
    "Published": "core.host",
    "SeatOnline": "core.host",
    "TableFinished": "core.host",
    "TableHost": "core.host",
    "clean_name": "core.identity",
    "COLOURS": "core.identity",
    "fingerprint": "core.identity",
    "MAX_NAME": "core.identity",
    "Profile": "core.identity",
    "Invite": "core.links",
    "parse_invite": "core.links",
    "SCHEME": "core.links",
    "HandoverBody": "core.bodies",
    "Player": "core.bodies",
    "RecordKind": "core.bodies",
    "Bye": "core.messages",
    "LobbyView": "core.messages",
    "make_ready": "core.messages",
    "PeerMessage": "core.messages",
    "Role": "core.messages",
    "SeatView": "core.messages",
    "Settings": "core.messages",
    "TablePhase": "core.messages",
    "ActionUnanswered": "core.peer",
    "Admitted": "core.peer",
    "Applied": "core.peer",
    "ChatLine": "core.peer",
    "ContributionNotAsked": "core.peer",
    "ContributionOmitted": "core.peer",
    "Finished": "core.peer",
    "HostCheated": "core.peer",
    "HostError": "core.peer",
    "LobbyChanged": "core.peer",
    "Refused": "core.peer",
    "TableNote": "core.peer",
    "TablePeer": "core.peer",
    "TimedOutWhileHere": "core.peer",
    "levels": "core.policy",
    "make_policy": "core.policy",
    "temperaments": "core.policy",
    "Policy": "core.policy",
    "bot_policy": "core.solo",
    "chain_seed": "core.solo",
    "seeded_table": "core.solo",
    "Rewind": "core.rewind",
    "rewind_of": "core.rewind",
    "Step": "core.rewind",
    "takes_now": "core.turns",
    "PROTOCOL_VERSION": "core.wire",
    "AdvertError": "lan.discovery",
    "AdvertPhase": "lan.discovery",
    "browse": "lan.discovery",
    "find_table": "lan.discovery",
    "look_alikes": "lan.discovery",
    "MdnsError": "lan.discovery",
    "open_mdns": "lan.discovery",
    "snapshot": "lan.discovery",
    "TableAdvert": "lan.discovery",
    "TableChoiceError": "lan.discovery",
    "to_invite": "lan.discovery",
    "choose_interfaces": "lan.interfaces",
    "shares_a_network": "lan.interfaces",
    "ENV_VAR": "lan.interfaces",
    "InterfaceError": "lan.interfaces",
    "data_dir": "store.folders",
    "load_or_create": "store.profiles",
    "private_folder": "store.profiles",
    "default_path": "store.savegame",
    "fresh_path": "store.savegame",
    "game_path": "store.savegame",
    "GameFile": "store.savegame",
    "game_file": "store.savegame",
    "GAMES_DIR": "store.savegame",
    "games_folder": "store.savegame",
    "games_of": "store.savegame",
    "Header": "store.savegame",
    "list_games": "store.savegame",
    "Problem": "store.savegame",
    "Seated": "store.savegame",
    "prune_finished": "store.savegame",
    "read": "store.savegame",
    "SaveGameError": "store.savegame",
    "SUFFIX": "store.savegame",
    "load_replay": "store.replays",
    "Replay": "store.replays",
    "Failure": "store.verify",
    "Verdict": "store.verify",
    "verify_game": "store.verify",
    "Connected": "net.client",
    "HostLost": "net.client",
    "HostSilent": "net.client",
    "Reconnecting": "net.client",
    "SaveFailed": "net.client",
    "Continued": "net.driver",
    "prepare": "net.driver",
    "prepare_continued": "net.driver",
    "TableConfig": "net.driver",
    "TableHandle": "net.driver",
    "Follower": "net.resume",
    "FollowerOutput": "net.resume",
    "GOODBYE_SECONDS": "net.resume",
    "Hosting": "net.resume",
    "Listening": "net.resume",
    "REDIAL_SECONDS": "net.resume",
    "resume_follower": "net.resume",
    "SavedRecords": "net.resume",
}

__all__ = sorted(FACE)

if TYPE_CHECKING:
    from zemlevlasnyk.p2p.core.bodies import (
        HandoverBody as HandoverBody,
    )
    from zemlevlasnyk.p2p.core.bodies import (
        Player as Player,
    )
    from zemlevlasnyk.p2p.core.bodies import (
        RecordKind as RecordKind,
    )
    from zemlevlasnyk.p2p.core.chat import (
        MAX_CHAT_CHARS as MAX_CHAT_CHARS,
    )
    from zemlevlasnyk.p2p.core.codes import (
        normalise_code as normalise_code,
    )
    from zemlevlasnyk.p2p.core.codes import (
        table_code as table_code,
    )
    from zemlevlasnyk.p2p.core.errors import (
        CheatingHost as CheatingHost,
    )
    from zemlevlasnyk.p2p.core.errors import (
        Code as Code,
    )
    from zemlevlasnyk.p2p.core.errors import (
        Explained as Explained,
    )
    from zemlevlasnyk.p2p.core.errors import (
        Fault as Fault,
    )
    from zemlevlasnyk.p2p.core.errors import (
        ProtocolError as ProtocolError,
    )
    from zemlevlasnyk.p2p.core.follow import (
        RESUME_AFTER_SECONDS as RESUME_AFTER_SECONDS,
    )
    from zemlevlasnyk.p2p.core.follow import (
        Rejoining as Rejoining,
    )
    from zemlevlasnyk.p2p.core.follow import (
        Rewound as Rewound,
    )
    from zemlevlasnyk.p2p.core.follow import (
        StillLooking as StillLooking,
    )
    from zemlevlasnyk.p2p.core.follow import (
        TakeoverDue as TakeoverDue,
    )
    from zemlevlasnyk.p2p.core.follow import (
        TakingOver as TakingOver,
    )
    from zemlevlasnyk.p2p.core.handover import (
        ResumeError as ResumeError,
    )
    from zemlevlasnyk.p2p.core.handshake import (
        PLAYING as PLAYING,
    )
    from zemlevlasnyk.p2p.core.handshake import (
        WATCHING as WATCHING,
    )
    from zemlevlasnyk.p2p.core.handshake import (
        Joiner as Joiner,
    )
    from zemlevlasnyk.p2p.core.host import (
        MAX_SEATS as MAX_SEATS,
    )
    from zemlevlasnyk.p2p.core.host import (
        ChatRelayed as ChatRelayed,
    )
    from zemlevlasnyk.p2p.core.host import (
        KnockArrived as KnockArrived,
    )
    from zemlevlasnyk.p2p.core.host import (
        KnockWithdrawn as KnockWithdrawn,
    )
    from zemlevlasnyk.p2p.core.host import (
        Output as Output,
    )
    from zemlevlasnyk.p2p.core.host import (
        Published as Published,
    )
    from zemlevlasnyk.p2p.core.host import (
        SeatOnline as SeatOnline,
    )
    from zemlevlasnyk.p2p.core.host import (
        TableFinished as TableFinished,
    )
    from zemlevlasnyk.p2p.core.host import (
        TableHost as TableHost,
    )
    from zemlevlasnyk.p2p.core.identity import (
        COLOURS as COLOURS,
    )
    from zemlevlasnyk.p2p.core.identity import (
        MAX_NAME as MAX_NAME,
    )
    from zemlevlasnyk.p2p.core.identity import (
        Profile as Profile,
    )
    from zemlevlasnyk.p2p.core.identity import (
        clean_name as clean_name,
    )
    from zemlevlasnyk.p2p.core.identity import (
        fingerprint as fingerprint,
    )
    from zemlevlasnyk.p2p.core.links import (
        SCHEME as SCHEME,
    )
    from zemlevlasnyk.p2p.core.links import (
        Invite as Invite,
    )
    from zemlevlasnyk.p2p.core.links import (
        parse_invite as parse_invite,
    )
    from zemlevlasnyk.p2p.core.messages import (
        Bye as Bye,
    )
    from zemlevlasnyk.p2p.core.messages import (
        LobbyView as LobbyView,
    )
    from zemlevlasnyk.p2p.core.messages import (
        PeerMessage as PeerMessage,
    )
    from zemlevlasnyk.p2p.core.messages import (
        Role as Role,
    )
    from zemlevlasnyk.p2p.core.messages import (
        SeatView as SeatView,
    )
    from zemlevlasnyk.p2p.core.messages import (
        Settings as Settings,
    )
    from zemlevlasnyk.p2p.core.messages import (
        TablePhase as TablePhase,
    )
    from zemlevlasnyk.p2p.core.messages import (
        make_ready as make_ready,
    )
    from zemlevlasnyk.p2p.core.peer import (
        ActionUnanswered as ActionUnanswered,
    )
    from zemlevlasnyk.p2p.core.peer import (
        Admitted as Admitted,
    )
    from zemlevlasnyk.p2p.core.peer import (
        Applied as Applied,
    )
    from zemlevlasnyk.p2p.core.peer import (
        ChatLine as ChatLine,
    )
    from zemlevlasnyk.p2p.core.peer import (
        ContributionNotAsked as ContributionNotAsked,
    )
    from zemlevlasnyk.p2p.core.peer import (
        ContributionOmitted as ContributionOmitted,
    )
    from zemlevlasnyk.p2p.core.peer import (
        Finished as Finished,
    )
    from zemlevlasnyk.p2p.core.peer import (
        HostCheated as HostCheated,
    )
    from zemlevlasnyk.p2p.core.peer import (
        HostError as HostError,
    )
    from zemlevlasnyk.p2p.core.peer import (
        LobbyChanged as LobbyChanged,
    )
    from zemlevlasnyk.p2p.core.peer import (
        Refused as Refused,
    )
    from zemlevlasnyk.p2p.core.peer import (
        TableNote as TableNote,
    )
    from zemlevlasnyk.p2p.core.peer import (
        TablePeer as TablePeer,
    )
    from zemlevlasnyk.p2p.core.peer import (
        TimedOutWhileHere as TimedOutWhileHere,
    )
    from zemlevlasnyk.p2p.core.policy import (
        Policy as Policy,
    )
    from zemlevlasnyk.p2p.core.policy import (
        levels as levels,
    )
    from zemlevlasnyk.p2p.core.policy import (
        make_policy as make_policy,
    )
    from zemlevlasnyk.p2p.core.policy import (
        temperaments as temperaments,
    )
    from zemlevlasnyk.p2p.core.rewind import (
        Rewind as Rewind,
    )
    from zemlevlasnyk.p2p.core.rewind import (
        Step as Step,
    )
    from zemlevlasnyk.p2p.core.rewind import (
        rewind_of as rewind_of,
    )
    from zemlevlasnyk.p2p.core.solo import (
        bot_policy as bot_policy,
    )
    from zemlevlasnyk.p2p.core.solo import (
        chain_seed as chain_seed,
    )
    from zemlevlasnyk.p2p.core.solo import (
        seeded_table as seeded_table,
    )
    from zemlevlasnyk.p2p.core.turns import (
        takes_now as takes_now,
    )
    from zemlevlasnyk.p2p.core.wire import (
        PROTOCOL_VERSION as PROTOCOL_VERSION,
    )
    from zemlevlasnyk.p2p.lan.discovery import (
        AdvertError as AdvertError,
    )
    from zemlevlasnyk.p2p.lan.discovery import (
        AdvertPhase as AdvertPhase,
    )
    from zemlevlasnyk.p2p.lan.discovery import (
        MdnsError as MdnsError,
    )
    from zemlevlasnyk.p2p.lan.discovery import (
        TableAdvert as TableAdvert,
    )
    from zemlevlasnyk.p2p.lan.discovery import (
        TableChoiceError as TableChoiceError,
    )
    from zemlevlasnyk.p2p.lan.discovery import (
        browse as browse,
    )
    from zemlevlasnyk.p2p.lan.discovery import (
        find_table as find_table,
    )
    from zemlevlasnyk.p2p.lan.discovery import (
        look_alikes as look_alikes,
    )
    from zemlevlasnyk.p2p.lan.discovery import (
        open_mdns as open_mdns,
    )
    from zemlevlasnyk.p2p.lan.discovery import (
        snapshot as snapshot,
    )
    from zemlevlasnyk.p2p.lan.discovery import (
        to_invite as to_invite,
    )
    from zemlevlasnyk.p2p.lan.interfaces import (
        ENV_VAR as ENV_VAR,
    )
    from zemlevlasnyk.p2p.lan.interfaces import (
        InterfaceError as InterfaceError,
    )
    from zemlevlasnyk.p2p.lan.interfaces import (
        choose_interfaces as choose_interfaces,
    )
    from zemlevlasnyk.p2p.lan.interfaces import (
        shares_a_network as shares_a_network,
    )
    from zemlevlasnyk.p2p.net.client import (
        Connected as Connected,
    )
    from zemlevlasnyk.p2p.net.client import (
        HostLost as HostLost,
    )
    from zemlevlasnyk.p2p.net.client import (
        HostSilent as HostSilent,
    )
    from zemlevlasnyk.p2p.net.client import (
        Reconnecting as Reconnecting,
    )
    from zemlevlasnyk.p2p.net.client import (
        SaveFailed as SaveFailed,
    )
    from zemlevlasnyk.p2p.net.driver import (
        Continued as Continued,
    )
    from zemlevlasnyk.p2p.net.driver import (
        TableConfig as TableConfig,
    )
    from zemlevlasnyk.p2p.net.driver import (
        TableHandle as TableHandle,
    )
    from zemlevlasnyk.p2p.net.driver import (
        prepare as prepare,
    )
    from zemlevlasnyk.p2p.net.driver import (
        prepare_continued as prepare_continued,
    )
    from zemlevlasnyk.p2p.net.resume import (
        GOODBYE_SECONDS as GOODBYE_SECONDS,
    )
    from zemlevlasnyk.p2p.net.resume import (
        REDIAL_SECONDS as REDIAL_SECONDS,
    )
    from zemlevlasnyk.p2p.net.resume import (
        Follower as Follower,
    )
    from zemlevlasnyk.p2p.net.resume import (
        FollowerOutput as FollowerOutput,
    )
    from zemlevlasnyk.p2p.net.resume import (
        Hosting as Hosting,
    )
    from zemlevlasnyk.p2p.net.resume import (
        Listening as Listening,
    )
    from zemlevlasnyk.p2p.net.resume import (
        SavedRecords as SavedRecords,
    )
    from zemlevlasnyk.p2p.net.resume import (
        resume_follower as resume_follower,
    )
    from zemlevlasnyk.p2p.store.folders import (
        data_dir as data_dir,
    )
    from zemlevlasnyk.p2p.store.profiles import (
        load_or_create as load_or_create,
    )
    from zemlevlasnyk.p2p.store.profiles import (
        private_folder as private_folder,
    )
    from zemlevlasnyk.p2p.store.replays import (
        Replay as Replay,
    )
    from zemlevlasnyk.p2p.store.replays import (
        load_replay as load_replay,
    )
    from zemlevlasnyk.p2p.store.savegame import (
        GAMES_DIR as GAMES_DIR,
    )
    from zemlevlasnyk.p2p.store.savegame import (
        SUFFIX as SUFFIX,
    )
    from zemlevlasnyk.p2p.store.savegame import (
        GameFile as GameFile,
    )
    from zemlevlasnyk.p2p.store.savegame import (
        Header as Header,
    )
    from zemlevlasnyk.p2p.store.savegame import (
        Problem as Problem,
    )
    from zemlevlasnyk.p2p.store.savegame import (
        SaveGameError as SaveGameError,
    )
    from zemlevlasnyk.p2p.store.savegame import (
        Seated as Seated,
    )
    from zemlevlasnyk.p2p.store.savegame import (
        default_path as default_path,
    )
    from zemlevlasnyk.p2p.store.savegame import (
        fresh_path as fresh_path,
    )
    from zemlevlasnyk.p2p.store.savegame import (
        game_file as game_file,
    )
    from zemlevlasnyk.p2p.store.savegame import (
        game_path as game_path,
    )
    from zemlevlasnyk.p2p.store.savegame import (
        games_folder as games_folder,
    )
    from zemlevlasnyk.p2p.store.savegame import (
        games_of as games_of,
    )
    from zemlevlasnyk.p2p.store.savegame import (
        list_games as list_games,
    )
    from zemlevlasnyk.p2p.store.savegame import (
        prune_finished as prune_finished,
    )
    from zemlevlasnyk.p2p.store.savegame import (
        read as read,
    )
    from zemlevlasnyk.p2p.store.verify import (
        Failure as Failure,
    )
    from zemlevlasnyk.p2p.store.verify import (
        Verdict as Verdict,
    )
    from zemlevlasnyk.p2p.store.verify import (
        verify_game as verify_game,
    )
else:
    def __getattr__(name: str) -> object:
        try:
            module = FACE[name]
        except KeyError:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
        value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
        globals()[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(globals()) | set(FACE))
