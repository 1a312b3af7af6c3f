"""Choosing the rules and sitting at friends' tables, driven by real pygame events: the
rules dialog (a preset, house rules switched, numbers stepped in round amounts) feeds the
game against the computer and the table a host opens; a joiner sees the host's code, clock
and rules read-only and chooses a free colour (taken ones cannot be chosen); the friends
screen's field takes a table's short code, in any case or with a dash."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest
import trio
from helpers.sessions import Joined
from helpers.ui import Driver, assert_texts_fit, init_pygame  # noqa: I001  (sets SDL drivers first)

from zemlevlasnyk.engine import OptionKind
from zemlevlasnyk.ui.kit.widgets import record_text
from zemlevlasnyk.ui.scenes.lobby import LobbyScene
from zemlevlasnyk.ui.scenes.menu import MenuScene
from zemlevlasnyk.ui.scenes.rules import RulesScene
from zemlevlasnyk.ui.scenes.setup import SetupScene
from zemlevlasnyk.ui.scenes.table.scene import TableScene
from zemlevlasnyk.ui.sessions.join import JoinSession
from zemlevlasnyk.ui.shell import nav
from zemlevlasnyk.ui.shell.app import App
from zemlevlasnyk.ui.shell.settings import Gender, Settings
from zemlevlasnyk.ui.words.house_rules import RulesChoice, step_of, summary, summary_to_fit


def _app(nursery: trio.Nursery | None, lang: str = "uk") -> tuple[App, Driver]:
    surface = init_pygame()
    spawn = nursery.start_soon if nursery is not None else (lambda fn: None)
    app = App(surface.get_size(), settings=Settings(lang=lang, name="Ярина", gender=Gender.FEMININE), spawn=spawn,
              interfaces=["127.0.0.1"])
    return app, Driver(app, surface)


def _control(dialog: RulesScene, name: str):
    return dialog.controls[name]


async def _setup_rules(app: App, drive: Driver, preset: str) -> tuple[SetupScene, RulesScene]:
    """From the menu to the setup, its rules dialog opened and `preset` clicked."""
    app.push(MenuScene(app))
    app.go(nav.Setup())
    setup = app.top
    assert isinstance(setup, SetupScene)
    await drive.frames()
    drive.click_button(setup.change_rules)
    await drive.frames()
    dialog = app.top
    assert isinstance(dialog, RulesScene)
    drive.click_button(next(b for b in dialog.presets if b.intent == preset))
    await drive.frames()
    return setup, dialog


async def test_ui_rules_chosen_in_the_dialog_play_at_the_table(autojump_clock) -> None:
    async with trio.open_nursery() as nursery:
        app, drive = _app(nursery)
        setup, dialog = await _setup_rules(app, drive, "klasyka")
        auctions = _control(dialog, "auctions")
        drive.click_button(next(b for b in auctions if b.intent is False))
        cash = _control(dialog, "start_cash")
        drive.click(cash.plus.center)
        drive.click(cash.plus.center)
        await drive.frames()
        assert setup.rules.preset == "klasyka"
        assert setup.rules.options == {"auctions": False, "start_cash": 1500 + 2 * step_of(cash_spec(setup.rules))}
        drive.click(cash.minus.center)
        drive.click(cash.minus.center)
        await drive.frames()
        assert setup.rules.options == {"auctions": False}, "a value set back to the preset's is no change"
        drive.click_button(dialog.done)
        await drive.frames()
        assert app.top is setup
        with record_text() as drawn:
            app.draw(drive.surface)
        assert any(d.text.startswith("Класика · Аукціони: ні") for d in drawn)
        drive.click_button(setup.start)
        await drive.frames(2)
        table = app.top
        assert isinstance(table, TableScene)
        rules = table.game.rules
        assert rules.preset == "klasyka" and rules.options == {"auctions": False}
        nursery.cancel_scope.cancel()


def cash_spec(choice: RulesChoice):
    return next(s for s in choice.specs() if s.name == "start_cash")


@pytest.mark.parametrize("lang", ["uk", "en"])
def test_ui_rules_summary_shortened_to_fit_names_how_many_more(lang: str) -> None:
    """A rules line too long for its box keeps whole changes and counts the rest, in the
    language's plural («ще 2 зміни», «2 more changes»); one that fits is the whole summary."""
    options = {"auctions": False, "start_cash": 2000, "bankrupt_deeds": "auction"}
    whole = summary(lang, "klasyka", options)
    assert summary_to_fit(lang, "klasyka", options, lambda line: True) == whole
    parts = whole.split(" · ")
    short = summary_to_fit(lang, "klasyka", options, lambda line: len(line) <= len(" · ".join(parts[:2])) + 20)
    assert short.startswith(" · ".join(parts[:2]) + " · ")
    assert short.endswith({"uk": "ще 2 зміни", "en": "2 more changes"}[lang])
    least = summary_to_fit(lang, "klasyka", options, lambda line: False)
    assert least == parts[0] + " · " + {"uk": "ще 3 зміни", "en": "3 more changes"}[lang]


def test_ui_rules_steps_are_round() -> None:
    for preset in ("zemlevlasnyk", "klasyka"):
        for spec in RulesChoice(preset).specs():
            if spec.kind is OptionKind.NUMBER:
                step = step_of(spec)
                assert step >= 1 and (spec.default == 0 or spec.default % step == 0), (spec.name, step)
    assert summary("en", "klasyka", {"auctions": False, "start_cash": 2000}) == \
        "Classic · Auctions: no · Starting cash: 2\u00a0000"


async def test_ui_lobby_joiner_sees_the_rules_and_chooses_a_free_colour(autojump_clock) -> None:
    async with trio.open_nursery() as nursery:
        app, drive = _app(nursery, "en")
        session = Joined()
        lobby = LobbyScene(app, session)  # type: ignore[arg-type]
        app.push(lobby)
        await drive.frames()
        with record_text() as drawn:
            app.draw(drive.surface)
        text = " ".join(d.text for d in drawn)
        assert "Table code: 5PN5ZG" in text and "Rules: Classic · Auctions: no" in text and "on" in text
        swatch = dict(lobby.swatches)
        drive.click(swatch["red"].center)          # the host's colour: taken
        drive.click(swatch["blue"].center)         # ours already
        drive.click(swatch["orange"].center)
        await drive.frames()
        assert session.chosen == ["orange"]
        nursery.cancel_scope.cancel()


async def test_ui_lobby_shows_the_rules_clock_length(autojump_clock) -> None:
    """The clock line says the length the table's rules set (their `clock` option), to a
    joiner and to the host, not a fixed 30 s."""
    async with trio.open_nursery() as nursery:
        app, drive = _app(nursery)
        session = Joined()
        session.rules = ("klasyka", {"clock": 90})
        app.push(LobbyScene(app, session))  # type: ignore[arg-type]
        await drive.frames()
        with record_text() as drawn:
            app.draw(drive.surface)
        assert "Годинник (90 с на рішення): увімкнено" in [d.text for d in drawn]
        nursery.cancel_scope.cancel()
    from zemlevlasnyk.ui.shots.friends import lobby_scene
    app, drive = _app(None, "en")
    lobby = lobby_scene(app, 3)
    lobby.session.set_rules("klasyka", {"clock": 15})
    assert lobby.session.rules == ("klasyka", {"clock": 15}), lobby.session.refusal
    with record_text() as drawn:
        app.draw(drive.surface)
    texts = [d.text for d in drawn]
    assert "Clock: 15 s per decision" in texts, "; ".join(texts)


@pytest.mark.parametrize("typed", ["{code}", "{lower}", "{dashed}"])
async def test_ui_friends_join_field_takes_a_table_code(typed: str, tmp_path: Path, monkeypatch) -> None:
    from zemlevlasnyk.ui.shots.friends import friends_scene
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app, drive = _app(None)
    friends = friends_scene(app, 3)
    table = next(t for t in friends.listed if t.seats_free and t.phase.value == "lobby")
    code = table.code
    friends.link.text = typed.format(code=code, lower=code.lower(), dashed=f"{code[:3]}-{code[3:]}")
    await drive.frames()
    drive.click_button(friends.join_link)
    await drive.frames()
    lobby = app.top
    assert isinstance(lobby, LobbyScene) and isinstance(lobby.session, JoinSession)
    assert lobby.session.invite.table == table.table_id and lobby.session.knocking, "found by code: we knock"


async def test_ui_friends_unknown_code_is_explained(tmp_path: Path, monkeypatch) -> None:
    from zemlevlasnyk.ui.shots.friends import friends_scene
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app, drive = _app(None)
    friends = friends_scene(app, 3)
    friends.link.text = "ZZZZZZ"
    drive.click_button(friends.join_link)
    await drive.frames()
    assert app.top is friends and friends.message is not None
    assert "ZZZZZZ" in friends.say(friends.message)


async def test_ui_lobby_host_changes_the_rules_and_joiners_ready_again(tmp_path: Path, monkeypatch) -> None:
    from zemlevlasnyk.ui.shots.friends import lobby_scene
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app, drive = _app(None)
    lobby = lobby_scene(app, 3)
    session = lobby.session
    assert session.rules == ("klasyka", {"auctions": False})
    friend = next(n for n, seat in enumerate(session.lobby_seats()) if seat is not None and not seat.mine
                  and seat.bot is None and seat.ready)
    drive.click_button(lobby.change_rules)
    await drive.frames()
    dialog = app.top
    assert isinstance(dialog, RulesScene)
    drive.click_button(next(b for b in dialog.presets if b.intent == "zemlevlasnyk"))
    await drive.frames()
    drive.click_button(next(b for b in dialog.controls["pot"] if b.intent is True))
    drive.click_button(dialog.done)
    await drive.frames()
    assert app.top is lobby
    assert session.rules == ("zemlevlasnyk", {"pot": True}) and session.core.rules.preset == "zemlevlasnyk"
    assert session.core.lobby.settings.options == {"pot": True}, "joiners are told"
    assert not session.lobby_seats()[friend].ready, "who was Ready agreed to other rules: asked again"


def test_ui_lobby_rules_change_only_before_the_start() -> None:
    from nacl.signing import SigningKey

    from zemlevlasnyk.p2p.core.errors import Code, ProtocolError
    from zemlevlasnyk.p2p.core.host import TableHost
    from zemlevlasnyk.p2p.core.identity import Profile
    from zemlevlasnyk.p2p.core.policy import make_policy
    host = TableHost(Profile("Host", "red", SigningKey(b"\x07" * 32)), solo=True)
    host.set_rules("klasyka", {"start_cash": 1500})
    assert host.rules.preset == "klasyka" and host.options == {}, "a value equal to the preset's is no change"
    host.sit_host(0.0)
    host.add_bot("idle", make_policy("idle", 1), 0.0)
    host.start(0.0)
    with pytest.raises(ProtocolError) as caught:
        host.set_rules("zemlevlasnyk", {})
    assert caught.value.code is Code.NOT_NOW


async def test_ui_rules_yarmarok_with_its_plates_chosen_for_the_computer_and_at_a_hosted_table(
        autojump_clock, tmp_path: Path, monkeypatch) -> None:
    """«Ярмарок» (issue 22) in the setup's rules dialog, with its own option (the plates) and
    without the options it refuses (no pot, no mortgage fee); the game against the computer
    plays it, and a host's lobby sets it for the table and its advert."""
    from zemlevlasnyk.ui.shots.friends import lobby_scene
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    async with trio.open_nursery() as nursery:
        app, drive = _app(nursery, "en")
        setup, dialog = await _setup_rules(app, drive, "yarmarok")
        assert "pot" not in dialog.controls and "mortgage_fee" not in dialog.controls
        drive.click_button(next(b for b in _control(dialog, "plates") if b.intent == "aggressive"))
        drive.click_button(dialog.done)
        await drive.frames()
        assert setup.rules.preset == "yarmarok" and setup.rules.options == {"plates": "aggressive"}
        drive.click_button(setup.start)
        await drive.frames(2)
        table = app.top
        assert isinstance(table, TableScene)
        assert table.game.rules.preset == "yarmarok" and table.game.rules.plates
        nursery.cancel_scope.cancel()
    app, drive = _app(None)
    lobby = lobby_scene(app, 3)
    drive.click_button(lobby.change_rules)
    await drive.frames()
    dialog = app.top
    drive.click_button(next(b for b in dialog.presets if b.intent == "yarmarok"))
    await drive.frames()
    drive.click_button(dialog.done)
    await drive.frames()
    session = lobby.session
    assert session.rules == ("yarmarok", {}) and session.core.rules.preset == "yarmarok"
    assert session.core.info().preset == "yarmarok", "the advert names it"


@pytest.mark.parametrize("lang", ["uk", "en"])
@pytest.mark.parametrize("size", [(800, 500), (1024, 640), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_ui_rules_dialog_shows_yarmarok_plates_whole(lang: str, size: tuple[int, int]) -> None:
    """The plates' four layouts stand side by side in the row their name leaves (at first
    they shared a two-word choice's room and every one was cut: «для …», «агре…»)."""
    init_pygame(size)
    app = App(size, settings=Settings(lang=lang), spawn=lambda fn: None)
    choice = RulesChoice()
    choice.choose_preset("yarmarok")
    app.push(RulesScene(app, choice))
    assert_texts_fit(app, pygame.Surface(size), lang)
