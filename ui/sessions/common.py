"""What the friends-mode scenes read from a network table, whichever side of it we sit on:
the lobby's seats, chat lines, the connection's state. (Refusals and failures are `Say`s
from `ui.words.problems`, in the catalogue's words.)

`ui.sessions.host.HostSession` (we host) and `ui.sessions.join.JoinSession` (we joined) both fill
these, so the lobby, the table and the chat panel have one code path for both.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

# Chat lines kept for the panel; older ones scroll away for good.
CHAT_KEEP = 100


class LinkState(Enum):
    """Our connection to the host, as the window shows it."""

    CONNECTING = "connecting"      # dialling, or waiting for the host's answer to a knock
    CONNECTED = "connected"
    SILENT = "silent"              # the host said nothing for a few seconds: moves wait
    RECONNECTING = "reconnecting"  # the connection is gone: dialling again
    LOOKING = "looking"            # the host stayed unreachable: dialling it, looking for the table on the LAN
    REDIALLING = "redialling"      # the host stayed unreachable: dialling it (nowhere else to look)
    LOST = "lost"                  # the host stayed unreachable and nobody tries any more: over for us


class Takeover(Enum):
    """Where this window stands in taking over a table whose host is lost (docs/PROTOCOL.md
    section 9): the window shows it over the board."""

    NONE = "none"            # not taking anything over (the host is here, or we never would)
    DUE = "due"              # the host is lost: we take the table over when the countdown ends
    TAKING = "taking"        # nobody else did: checking our saved game, opening the table here
    GRACE = "grace"          # we host the table: the others have a few seconds to come back


@dataclass(frozen=True)
class LobbySeat:
    """One seat of the lobby as the window shows it."""

    name: str
    colour: str
    bot: str | None
    ready: bool
    connected: bool
    mine: bool           # the person at this window sits here
    host_filled: bool    # the host put it there (its own seat or a computer player)
    temperament: str | None = None   # a computer player's


@dataclass(frozen=True)
class ChatEntry:
    name: str
    text: str
    colour: str | None = None


@dataclass(frozen=True)
class Knocking:
    """A stranger (found the table in the list, no secret) asking to sit."""

    conn: int
    name: str
    fingerprint: str

