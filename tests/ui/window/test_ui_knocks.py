"""The window host's knock list empties (issue 8, defect 8): strangers who ask for a seat
without the invite's secret and hang up before the host answers leave the lobby's list,
wave after wave, over real TCP on 127.0.0.1 (the window's table is announced by mDNS bound
to 127.0.0.1). Before the fix, every stranger who had knocked stayed listed as waiting."""
from __future__ import annotations

import hashlib
from pathlib import Path

import trio
from helpers.friends import SEEN_SECONDS, hosting
from nacl.signing import SigningKey

from zemlevlasnyk.p2p.core.admission import GUEST_CAP
from zemlevlasnyk.p2p.core.identity import COLOURS, Profile
from zemlevlasnyk.p2p.core.links import Invite
from zemlevlasnyk.p2p.core.peer import TablePeer
from zemlevlasnyk.p2p.net.client import PeerClient

# Strangers knock in waves no larger than the host's guest places (more would be told the
# table is busy, which is another test's); this many waves, 200 strangers in all.
WAVE = min(10, GUEST_CAP)
WAVES = 20


async def _knock(invite: Invite, n: int) -> None:
    """A stranger asks for a seat without the secret and waits for the answer."""
    key = SigningKey(hashlib.sha256(b"stranger %d" % n).digest())
    stranger = TablePeer(Profile(f"Stranger {n}", COLOURS[n % len(COLOURS)], key), table=invite.table,
                         host_key=invite.host_key)
    await PeerClient(stranger, invite).run()


async def test_ui_knocks_of_strangers_who_hang_up_leave_the_hosts_list(loopback: Path) -> None:
    async with trio.open_nursery() as nursery:
        app, drive, lobby, session = await hosting(nursery)
        invite = Invite(session.invite.host, session.invite.port, session.invite.table, session.invite.host_key, None)
        most = 0
        for wave in range(WAVES):
            async with trio.open_nursery() as strangers:
                for n in range(WAVE):
                    strangers.start_soon(_knock, invite, wave * WAVE + n)
                await drive.until(lambda: len(session.knocks) == WAVE, SEEN_SECONDS)
                most = max(most, len(lobby.knock_buttons) // 2)
                strangers.cancel_scope.cancel()     # every stranger hangs up unanswered
            await drive.until(lambda: not session.knocks and not lobby.knock_buttons, SEEN_SECONDS)
        assert most >= 1, "the lobby showed the strangers knocking"
        assert not [s.name for s in session.lobby_seats() if s is not None and s.name.startswith("Stranger")]
        nursery.cancel_scope.cancel()
