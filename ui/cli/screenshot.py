"""`zemlevlasnyk screenshot SCENE --out FILE.png`: a scene of the window rendered headless."""
from __future__ import annotations

import argparse
import os
import re
from pathlib import Path

from zemlevlasnyk.ui.cli import UserError, command_help
from zemlevlasnyk.ui.cli.play import seed_arg
from zemlevlasnyk.ui.cli.words import help_words
from zemlevlasnyk.ui.words.text import LANGUAGES, catalogue

DEFAULT_SIZE = "1280x800"
DEFAULT_SEED = 1
# Smaller than this, the board's names cannot be read; larger is a poster, not a window.
MIN_SIDE, MAX_SIDE = 320, 8192
SCENES = ("menu", "setup", "table", "deed", "trade", "trade_check", "offer", "auction", "debt", "bankruptcy",
          "bankrupt_other", "card", "dice", "late", "results", "friends", "friends_lookalike", "lobby", "lobby_joiner",
          "settings", "welcome", "rules", "games", "connection", "host_looking", "host_redialling", "offline", "left",
          "offline_and_left", "clock_waiting", "takeover_due", "taking_over", "hosting_grace", "resumed",
          "menu_continue", "replay", "replay_chart", "replay_end", "quick_setup", "quick_table", "speed_bus",
          "speed_triple", "kazka",
          "kazka_pick", "kazka_payment", "kazka_power", "kazka_card", "table_gone",
          # «Ярмарок»'s own moments (ui/shots/fair.py)
          "fair", "fair_deposit", "fair_casino", "fair_transfer", "fair_deed", "fair_cards", "fair_sale",
          "fair_card_used", "fair_trade", "fair_trade_check")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser], lang: str) -> None:
    words = help_words(lang)
    said, metavars = words["screenshot"], words["metavars"]
    p = subparsers.add_parser("screenshot", help=command_help("screenshot", lang))
    # A metavar: without one, argparse's error about a missing scene names it by its `dest`;
    # the help lists the scenes (as usage, they made a line longer than any terminal).
    p.add_argument("scene", choices=SCENES, metavar=metavars["scene"],
                   help=said["scene"].format(scenes=", ".join(SCENES)))
    p.add_argument("--out", type=Path, required=True, metavar=metavars["out"], help=said["out"])
    p.add_argument("--size", default=DEFAULT_SIZE, metavar=metavars["size"],
                   help=said["size"].format(default=DEFAULT_SIZE))
    p.add_argument("--lang", choices=LANGUAGES, help=words["lang"])
    p.add_argument("--seed", type=seed_arg, default=DEFAULT_SEED, metavar=metavars["seed"],
                   help=said["seed"].format(default=DEFAULT_SEED))
    p.set_defaults(func=run)


def parse_size(text: str, lang: str = "en") -> tuple[int, int]:
    words = _words(lang)
    m = re.fullmatch(r"\s*(\d+)\s*[xX×]\s*(\d+)\s*", text)
    if not m:
        raise UserError(words["bad_size"].format(text=repr(text), example=DEFAULT_SIZE))
    w, h = int(m.group(1)), int(m.group(2))
    if not (MIN_SIDE <= w <= MAX_SIDE and MIN_SIDE <= h <= MAX_SIDE):
        raise UserError(words["size_range"].format(text=repr(text), lo=MIN_SIDE, hi=MAX_SIDE))
    return w, h


def _words(lang: str) -> dict[str, str]:
    words: dict[str, str] = catalogue(lang)["commands"]["screenshot"]
    return words


def run(args: argparse.Namespace) -> int:
    from zemlevlasnyk.ui.words.language import preferred_language
    lang = args.lang or preferred_language()
    words = _words(lang)
    size = parse_size(args.size, lang)
    out: Path = args.out
    if out.suffix.lower() != ".png":
        raise UserError(words["not_png"].format(path=repr(str(out))))
    if not out.parent.exists():
        raise UserError(words["no_folder"].format(path=repr(str(out)), folder=repr(str(out.parent))))
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from zemlevlasnyk.ui.shots.render import render
    surface = render(args.scene, size, lang=lang, seed=args.seed)
    try:
        pygame.image.save(surface, str(out))
    except (pygame.error, OSError) as exc:
        raise UserError(words["unwritable"].format(path=repr(str(out)), detail=exc)) from None
    finally:
        pygame.quit()
    print(words["written"].format(path=out, width=size[0], height=size[1], scene=args.scene, lang=lang))
    return 0
