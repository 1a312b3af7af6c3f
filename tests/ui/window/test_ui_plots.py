"""`simulate --plots DIR`: the landings drawn as a heat map on the board and the win rates
as a chart, as PNG files made without a window."""
from __future__ import annotations

import json

import helpers.ui  # noqa: F401  (sets SDL drivers before pygame loads)
import pygame

from zemlevlasnyk.engine import load_preset
from zemlevlasnyk.ui.cli import main
from zemlevlasnyk.ui.cli.plots import BOARD_SIDE, HEAT_FILE, WINS_FILE
from zemlevlasnyk.ui.kit import theme
from zemlevlasnyk.ui.scenes.table.board import HEAT
from zemlevlasnyk.ui.scenes.table.geometry import BoardGeometry


def test_ui_simulate_writes_the_heat_map_and_the_win_chart(tmp_path, capsys) -> None:
    folder = tmp_path / "plots"
    figures = tmp_path / "run.json"
    assert main(["simulate", "--games", "6", "--bots", "medium,random", "--seed", "2", "--plots", str(folder),
                 "--json", str(figures), "--lang", "en"]) == 0
    assert HEAT_FILE in capsys.readouterr().out
    summary = json.loads(figures.read_text("utf-8"))
    heat = pygame.image.load(str(folder / HEAT_FILE))
    assert heat.get_size() == (BOARD_SIDE, BOARD_SIDE)
    # The most landed cell is drawn in the heat colour; a cell never landed on stays plain.
    landings = summary["landings"]
    geo = BoardGeometry(heat.get_rect(), load_preset().size)
    hottest = max(range(len(landings)), key=lambda c: landings[c])
    rect = geo.places[hottest].rect
    assert tuple(heat.get_at((rect.left + 3, rect.centery)))[:3] == tuple(theme.CELL.lerp(HEAT, 0.85))[:3]
    cold = [c for c, n in enumerate(landings) if n == 0]
    for cell in cold:
        rect = geo.places[cell].rect
        assert tuple(heat.get_at((rect.left + 3, rect.centery)))[:3] == tuple(theme.CELL)[:3]
    wins = pygame.image.load(str(folder / WINS_FILE))
    colours = {tuple(wins.get_at((x, y)))[:3] for x in range(0, wins.get_width(), 3)
               for y in range(0, wins.get_height(), 3)}
    assert tuple(theme.BUTTON_PRIMARY)[:3] in colours, "the bars are drawn"


def test_ui_simulate_plots_folder_must_have_a_parent(tmp_path, capsys) -> None:
    assert main(["simulate", "--games", "1", "--plots", str(tmp_path / "no" / "such"), "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert "does not exist" in err and "Traceback" not in err
