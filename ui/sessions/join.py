"""Joining a friends table from the window: `TablePeer` behind a `p2p.net.resume.Follower`, which
dials the host with a `PeerClient` and, when the host is lost, looks for the table on the
network (the host back at a new address, or a player who took it over) and rejoins it.

`JoinSession.run` is the trio task: it dials the host from the invite (with its secret we
sit at once; without it, found in the list, we knock and the host decides), follows the
lobby, and once the game starts checks every record on our own engine. The person's
Ready, moves and chat are signed by `TablePeer` and sent from a task of our own through
`Background.soon`. A host caught cheating stops the table and says so; a host that
refuses us, or cannot be reached, gives a message instead of a traceback.

A saved game can be resumed the same way (`saved_game`, from the menu's unfinished games):
the table is rejoined where it is advertised again, else this window takes it over and
hosts it (docs/PROTOCOL.md section 9); the session still shows a player's view of it.

A player's window that can look for its table on the network (it has interfaces) also
takes the table over on its own when the host is lost, exactly as `zemlevlasnyk join`
does (the same `Follower`: the people's seats in order, the first after the agreed
silence): `takeover` and `takeover_in` say where it stands, for the banner over the board.
A spectator is in no such order and never hosts.

The connection's state (`link`: connected, silent, reconnecting, still looking for the
table after the client gave up, lost once nobody tries any more), who is offline
and the complaints only this side can make (`take_complaints`: our dice contribution left
out, our action left unanswered, a timeout while we were here, another player's evidence)
are kept for the window from the client's outputs.
"""
from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

import trio

from zemlevlasnyk.engine import Action, Event, Game, OptionValue
from zemlevlasnyk.p2p import (
    GOODBYE_SECONDS,
    MAX_CHAT_CHARS,
    RESUME_AFTER_SECONDS,
    ActionUnanswered,
    Admitted,
    Applied,
    Bye,
    ChatLine,
    ChatRelayed,
    CheatingHost,
    Code,
    Connected,
    ContributionOmitted,
    Follower,
    FollowerOutput,
    HostCheated,
    HostError,
    Hosting,
    HostLost,
    HostSilent,
    Invite,
    Listening,
    LobbyChanged,
    PeerMessage,
    Profile,
    ProtocolError,
    Reconnecting,
    RecordKind,
    Refused,
    Rejoining,
    ResumeError,
    SavedRecords,
    SaveFailed,
    StillLooking,
    TableNote,
    TablePeer,
    TakeoverDue,
    TakingOver,
    TimedOutWhileHere,
    default_path,
    resume_follower,
    shares_a_network,
)
from zemlevlasnyk.ui.sessions.background import Background
from zemlevlasnyk.ui.sessions.common import CHAT_KEEP, ChatEntry, Knocking, LinkState, LobbySeat, Takeover
from zemlevlasnyk.ui.sessions.local import THINK_ASIDE
from zemlevlasnyk.ui.words.problems import (
    cheating,
    error_words,
    explain,
    not_saved,
    refused,
    resume_words,
    said_fully,
    trouble,
)
from zemlevlasnyk.ui.words.text import Say

Complaint = ContributionOmitted | ActionUnanswered | TimedOutWhileHere | TableNote

# Messages the person may queue before the connection takes them: far more than anyone
# clicks in the moment a connection takes to come back.
OUTBOX = 64
# How a lobby we sat in ends when its host goes: it left (closed the table), or it stayed
# away for the agreed silence (nobody can take a lobby over, docs/PROTOCOL.md section 9).
_GONE = (Code.HOST_LEFT, Code.HOST_LOST)


class JoinSession:
    """A table joined from this window (see the module docstring)."""

    def __init__(self, profile: Profile, invite: Invite | None, *, interfaces: Sequence[str] = (),
                 saved_game: Path | None = None, takeover_after: float = RESUME_AFTER_SECONDS) -> None:
        """`interfaces`: where to look for the table (mDNS) if its host is lost and comes
        back, or another player takes it over, at a new address; with them, a player's
        window takes the table over itself when its turn comes, the first in the order
        after `takeover_after` seconds without a host (every player must use the same
        figure: tests shorten it). With `saved_game` (and no invite) the table of that
        saved game is resumed: rejoined where it is advertised, else hosted by this window
        (`p2p.net.resume.resume_follower`; `ResumeError` if it cannot be)."""
        self.invite = invite
        if saved_game is not None:
            self.follower = resume_follower(saved_game, profile, interfaces=interfaces, on_output=self._output,
                                            resume_after=takeover_after, think_aside=THINK_ASIDE)
            self.core = self.follower.core
        else:
            assert invite is not None
            self.core = TablePeer(profile, table=invite.table, host_key=invite.host_key, auto_ready=False)
            saved = SavedRecords(default_path(invite.table, profile.public_key), table=invite.table,
                                 first_host=invite.host_key.hex(), me=profile.key_hex)
            # As `zemlevlasnyk join`: without interfaces, or with a host reached through a
            # router (a VPN), nobody could find the table we would host (mDNS does not
            # cross), so we only redial the lost host (docs/PROTOCOL.md section 9).
            self.follower = Follower(self.core, invite, saved, interfaces=interfaces, on_output=self._output,
                                     auto_resume=shares_a_network(invite.host, interfaces),
                                     resume_after=takeover_after, think_aside=THINK_ASIDE)
        self.task = Background()
        self.knocking = invite is not None and invite.secret is None
        self.admitted: Admitted | None = None
        self.error: Say | None = None      # each in the catalogue's words, the detail logged
        self.gone: Say | None = None       # the lobby's table is gone (its host left, or is lost): why
        self.notice: Say | None = None
        self.refusal: Say | None = None
        self.cheated: Say | None = None
        self.knocks: list[Knocking] = []   # only the host answers knocks
        self.link = LinkState.CONNECTING
        self.reconnect_attempt = 0
        self.takeover = Takeover.NONE
        self._takeover_until: float | None = None   # time.monotonic() when the countdown ends
        self._handed_over = False     # the handover record of the table we take over is out
        self._news: list[Say] = []
        self.offline: set[int] = set()     # engine seats of people whose connection is gone
        self.left: set[int] = set()        # those of them who said goodbye (left on purpose)
        self._complaints: list[Complaint] = []
        self._events: list[Event] = []
        # Each line with its speaker's key: a line handed over on admission comes before the
        # records and the lobby that say the speaker's colour, so the colour is found when shown.
        self._chat: deque[tuple[str, ChatEntry]] = deque(maxlen=CHAT_KEEP)
        self._ready = False
        self._send, self._outbox = trio.open_memory_channel[PeerMessage](OUTBOX)

    # --- the trio task ---------------------------------------------------------------------

    async def run(self) -> None:
        self.task.bind()
        with self.task.scope:
            async with trio.open_nursery() as nursery:
                nursery.start_soon(self._sender)
                try:
                    await self.follower.run()
                except CheatingHost as exc:
                    self.cheated = cheating(exc)
                except ProtocolError as exc:
                    if self.admitted is not None and self.core.game is None and exc.code in _GONE:
                        self.gone = said_fully(exc, "the lobby joined")   # the window goes back to the menu
                    else:
                        self.error = explain(exc, "the table joined")
                except ResumeError as exc:     # the saved game turned out unfit to host from
                    self.error = trouble("taking the table over", exc, resume_words(exc.problem))
                except OSError as exc:         # the table we took over could not listen here
                    self.error = trouble("taking the table over", exc, Say("games.cannot_host"))
                nursery.cancel_scope.cancel()

    async def _sender(self) -> None:
        async for message in self._outbox:
            client = self.follower.client
            try:
                if self.follower.hosting is not None:
                    await self.follower.send(message)   # we took the table over: into it
                    continue
                if client is None:
                    raise trio.ClosedResourceError
                await client.send(message)
            except ProtocolError as exc:
                self.refusal = explain(exc, "sending to the host")
            except (trio.BrokenResourceError, trio.ClosedResourceError, OSError):
                self.refusal = Say("connection.silent")
            if isinstance(message, Bye):
                self.task.stop()    # we said goodbye (or could not): hang up

    def _output(self, out: FollowerOutput) -> None:
        if isinstance(out, Admitted):
            self.admitted = out
            self.knocking = False
            if out.chat:
                # What the table said, as its host kept it: in place of ours, which is empty
                # in a new process and misses what was said while we were away.
                self._chat.clear()
                self._chat.extend((c.key, ChatEntry(c.name, c.text)) for c in out.chat)
        elif isinstance(out, Applied):
            self._events.extend(out.events)
            if out.kind is RecordKind.HANDOVER:
                self._handed_over = True
                self._take_over_step(Takeover.NONE)   # the table has a host again (maybe us)
        elif isinstance(out, Connected):
            self.link, self.reconnect_attempt = LinkState.CONNECTED, 0
            self._take_over_step(Takeover.NONE)
        elif isinstance(out, HostSilent):
            self.link = LinkState.SILENT
        elif isinstance(out, Reconnecting):
            self.link, self.reconnect_attempt = LinkState.RECONNECTING, out.attempt
        elif isinstance(out, HostLost):
            self.link = LinkState.LOST            # the follower stops: nobody tries any more
        elif isinstance(out, StillLooking):
            self.link = LinkState.LOOKING if out.network else LinkState.REDIALLING
        elif isinstance(out, Rejoining):
            self.link = LinkState.RECONNECTING    # the table is back at a new address: dialling it
            self._take_over_step(Takeover.NONE)
        elif isinstance(out, TakeoverDue):
            self._take_over_step(Takeover.DUE, out.after)
        elif isinstance(out, TakingOver):
            self._handed_over = False
            self._take_over_step(Takeover.TAKING)
        elif isinstance(out, Listening):
            self.link = LinkState.CONNECTED       # we took the table over: we are the table now
            self.notice = Say("games.hosting")
            self._news.append(self.notice)
            # With nobody to wait for, the handover record may be out before we hear we listen.
            waiting = out.grace > 0 and not self._handed_over
            self._take_over_step(Takeover.GRACE if waiting else Takeover.NONE, out.grace)
        elif isinstance(out, Hosting) and isinstance(out.output, ChatRelayed):
            relayed = out.output
            self._chat.append((relayed.key, ChatEntry(relayed.name, relayed.text, self._colour_of(relayed.key))))
        elif isinstance(out, LobbyChanged):
            self._offline(out)
        elif isinstance(out, ContributionOmitted | ActionUnanswered | TimedOutWhileHere | TableNote):
            self._complaints.append(out)
        elif isinstance(out, ChatLine):
            self._chat.append((out.key, ChatEntry(out.name, out.text, self._colour_of(out.key))))
        elif isinstance(out, Refused) and out.code != "stale_seq":
            self.refusal = refused(out.code, out.message, "the host refused")
        elif isinstance(out, HostCheated):
            self.cheated = cheating(out.error)
        elif isinstance(out, HostError):
            self.notice = refused(out.code, out.message, "the host hung up")
        elif isinstance(out, SaveFailed):
            self._news.append(not_saved(out.problem))

    def _take_over_step(self, step: Takeover, seconds: float | None = None) -> None:
        self.takeover = step
        self._takeover_until = None if seconds is None else time.monotonic() + seconds

    def takeover_in(self) -> float | None:
        """Seconds until this window takes the table over (`Takeover.DUE`), or until the
        others' time to come back ends (`Takeover.GRACE`); None otherwise."""
        if self.takeover not in (Takeover.DUE, Takeover.GRACE) or self._takeover_until is None:
            return None
        return max(0.0, self._takeover_until - time.monotonic())

    def take_news(self) -> list[Say]:
        """What the table's feed should tell once (this window took the table over)."""
        news, self._news = self._news, []
        return news

    def _offline(self, changed: LobbyChanged) -> None:
        """People seated in the game whose connection the host reports gone, and those of
        them who said goodbye."""
        seats = [seat for seat in changed.lobby.seats if seat is not None and not seat.connected]
        offline, left = {seat.key for seat in seats}, {seat.key for seat in seats if seat.left}
        self.offline = {n for n, p in enumerate(self.core.replica.players) if p.key in offline}
        self.left = {n for n, p in enumerate(self.core.replica.players) if p.key in left}

    def _colour_of(self, key: str) -> str | None:
        seats = self.core.lobby.seats if self.core.lobby is not None else ()
        colour = next((s.colour for s in seats if s is not None and s.key == key), None)
        # A seat gone from the lobby (a player out) still has its colour in the game.
        return colour or next((p.colour for p in self.core.replica.players if p.key == key), None)

    def _queue(self, make: Callable[[], PeerMessage | None]) -> None:
        """Send what `make()` builds (inside trio, so it is signed against the newest record)."""
        def run() -> None:
            message = make()
            if message is None:
                return
            try:
                self._send.send_nowait(message)
            except trio.WouldBlock:
                self.refusal = error_words("rate")
        self.task.soon(run)

    # --- the lobby -------------------------------------------------------------------------

    @property
    def is_host(self) -> bool:
        return False

    @property
    def phase(self) -> str:
        return self.core.lobby.phase if self.core.lobby is not None else "lobby"

    @property
    def clock_on(self) -> bool:
        return self.core.lobby.settings.clock if self.core.lobby is not None else True

    @property
    def table_name(self) -> str:
        return self.core.lobby.name if self.core.lobby is not None else ""

    def lobby_seats(self) -> list[LobbySeat | None]:
        lobby = self.core.lobby
        if lobby is None:
            return []
        return [None if s is None else LobbySeat(s.name[:40], s.colour, s.bot, s.ready, s.connected, n == lobby.you,
                                                 s.key == lobby.host_key, s.temperament)
                for n, s in enumerate(lobby.seats)]

    @property
    def ready(self) -> bool:
        return self._ready

    def set_ready(self, on: bool) -> None:
        self._ready = on
        self._queue(lambda: (r.message if (r := self.core.ready()) is not None else None) if on
                    else self.core.unready().message)

    def choose_colour(self, colour: str) -> None:
        """Ask the host for another token colour (a taken one is refused: `taken`)."""
        self._queue(lambda: self.core.set_profile(self.core.profile.name, colour).message)

    @property
    def code(self) -> str | None:
        """The table's short code, to read aloud."""
        return self.core.lobby.code if self.core.lobby is not None else None

    @property
    def rules(self) -> tuple[str, dict[str, OptionValue]] | None:
        """The host's preset and changed options (read-only here)."""
        if self.core.lobby is None:
            return None
        return self.core.lobby.settings.preset, dict(self.core.lobby.settings.options)

    def close(self) -> None:
        """Leave: say goodbye (signed) and hang up. The host frees a lobby seat; mid-game it
        plays our safe moves until we come back, at a clock-off table at once (a mere
        hang-up costs the others the clock's wait at each of our decisions)."""
        self.task.soon(self._say_goodbye)

    def _say_goodbye(self) -> None:
        """Inside trio: the goodbye goes out through the sender, which then hangs up; a
        connection that does not take it is not waited for longer than `GOODBYE_SECONDS`."""
        self.task.scope.deadline = min(self.task.scope.deadline, trio.current_time() + GOODBYE_SECONDS)
        goodbye = self.follower.goodbye()
        if goodbye is not None:
            try:
                self._send.send_nowait(goodbye)
                return
            except trio.WouldBlock:
                pass
        self.task.stop()

    # --- the game --------------------------------------------------------------------------

    @property
    def game(self) -> Game | None:
        return self.core.game

    @property
    def players(self) -> list[tuple[str, str, str | None, str | None]]:
        return [(p.name, p.colour, p.bot, p.temperament) for p in self.core.replica.players]

    @property
    def my_seat(self) -> int | None:
        return self.core.seat

    @property
    def records(self) -> int:
        return self.core.replica.seq + 1

    @property
    def chat(self) -> list[ChatEntry]:
        return [e if e.colour is not None else replace(e, colour=self._colour_of(key)) for key, e in self._chat]

    def clock_left(self) -> dict[int, float]:
        """Seconds left per timed seat as of the latest record (the scene counts down from
        there), from the records' signed times."""
        return self.core.clock_left()

    @property
    def signed_ms(self) -> int:
        """The signed clock of the latest record verified (a time limit counts it)."""
        return self.core.replica.at

    def take_events(self) -> list[Event]:
        events, self._events = self._events, []
        return events

    def take_complaints(self) -> list[Complaint]:
        """What went wrong that only this side can tell (see the module docstring)."""
        complaints, self._complaints = self._complaints, []
        return complaints

    def act(self, action: Action) -> None:
        self._queue(lambda: self.core.act(action, trio.current_time()).message)

    def say(self, text: str) -> Say | None:
        """Send a chat line; why it cannot go, in words."""
        if len(text.strip()) > MAX_CHAT_CHARS:
            return Say("chat.too_long", n=MAX_CHAT_CHARS)
        self._queue(lambda: self.core.chat(text).message)
        return None
