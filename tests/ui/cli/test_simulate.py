"""`zemlevlasnyk simulate`: the figures it writes, seat rotation, the log, bad input."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.paths import REPO

from zemlevlasnyk.ui.cli import main
from zemlevlasnyk.ui.cli.simulate import seat_levels, wilson

ROOT = REPO


def test_simulate_json_has_every_figure(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "sim.json"
    assert main(["simulate", "--games", "6", "--players", "3", "--bots", "medium,easy,idle",
                 "--seed", "3", "--max-turns", "300", "--json", str(out), "--lang", "en"]) == 0
    data = json.loads(out.read_text())
    assert data["games"] == 6 and data["games_per_second"] > 0
    assert len(data["wins"]["by_seat"]) == 3
    assert set(data["wins"]["by_level"]) == {"medium", "easy", "idle"}
    assert sum(data["wins"]["by_seat"]) + data["draws"] == 6
    assert sum(data["wins"]["by_level"].values()) == sum(data["wins"]["by_seat"])
    assert len(data["turns"]) == 6 and all(1 <= t <= 300 for t in data["turns"])
    assert len(data["landings"]) == 40 and sum(data["landings"]) > 0
    assert data["landings"][30] == 0, "nobody comes to rest on До в'язниці: they go to jail"
    printed = capsys.readouterr()
    assert "6 games" in printed.out and "games/s" in printed.out
    assert "6/6 games" in printed.err  # the progress bar


def test_simulate_json_reports_each_levels_winning_bids_over_the_list_price(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "sim.json"
    assert main(["simulate", "--games", "8", "--bots", "medium,easy,easy,easy", "--seed", "2",
                 "--max-turns", "300", "--json", str(out), "--lang", "en"]) == 0
    auctions = json.loads(out.read_text())["auctions"]
    assert set(auctions) == {"medium", "easy"}
    for figures in auctions.values():
        assert sum(figures["histogram"]["counts"]) == figures["won"] > 0
        low, high = figures["quartiles"]
        assert low <= figures["median"] <= high <= figures["p90"] <= figures["max"]
        assert figures["above_1_5"] == sum(figures["histogram"]["counts"][-2:])
    # Easy bids up to 70% of a deed's price, and never more.
    assert auctions["easy"]["max"] <= 0.7
    assert "winning bid / list price" in capsys.readouterr().out


def test_simulate_reports_a_run_shorter_than_its_millisecond(capsys: pytest.CaptureFixture[str]) -> None:
    """One turn takes less than the report's rounding of the time (0.0 s): the rates still
    come out (the actions per second once divided by that 0)."""
    assert main(["simulate", "--games", "1", "--max-turns", "1", "--lang", "en"]) == 0
    speed = next(line for line in capsys.readouterr().out.splitlines() if "games/s" in line)
    assert speed.startswith("0.0 s, ") and speed.endswith(" actions/s")


def test_simulate_is_deterministic_from_its_seed(tmp_path: Path) -> None:
    figures = []
    for name in ("a", "b"):
        out = tmp_path / f"{name}.json"
        main(["simulate", "--games", "3", "--bots", "random", "--seed", "9",
              "--max-turns", "200", "--json", str(out)])
        data = json.loads(out.read_text())
        figures.append((data["turns"], data["landings"], data["wins"]))
    assert figures[0] == figures[1]


def test_simulate_seats_rotate_from_game_to_game() -> None:
    levels = ["hard", "medium", "easy"]
    assert seat_levels(levels, 0) == ("hard", "medium", "easy")
    assert seat_levels(levels, 1) == ("medium", "easy", "hard")
    assert {seat_levels(levels, g)[0] for g in range(3)} == set(levels)


def test_simulate_log_tells_the_game_in_ukrainian(tmp_path: Path) -> None:
    log = tmp_path / "games.log"
    main(["simulate", "--games", "1", "--bots", "medium", "--players", "2", "--seed", "1",
          "--max-turns", "40", "--log", str(log), "--lang", "uk"])
    text = log.read_text(encoding="utf-8")
    assert "== гра 1" in text and "кидає" in text and "Хід 2" in text and "== кінець" in text
    # The first turn has its line too, right under the game's, as every later turn does.
    assert text.splitlines()[1].startswith("— Хід 1: ")


def test_simulate_log_tells_the_quick_games_deal_first(tmp_path: Path) -> None:
    log = tmp_path / "games.log"
    main(["simulate", "--games", "1", "--bots", "easy", "--players", "3", "--seed", "1", "--quick",
          "--max-turns", "10", "--log", str(log), "--lang", "en"])
    lines = log.read_text(encoding="utf-8").splitlines()
    assert [line.split(" is dealt ")[0] for line in lines[1:4]] == ["Player 1", "Player 2", "Player 3"]
    assert lines[4].startswith("— Turn 1: ")


def test_wilson_interval_brackets_the_rate() -> None:
    lo, hi = wilson(200, 400)
    assert lo < 0.5 < hi and hi - lo < 0.1


@pytest.mark.parametrize("args, message", [
    (["--lang", "en", "--games", "0"], "--games must be at least 1"),
    (["--lang", "en", "--bots", "grandmaster"], "unknown bot level 'grandmaster'"),
    (["--lang", "en", "--bots", "hard:wild,medium"], "unknown temperament 'wild'; known: cautious, balanced, bold"),
    (["--lang", "en", "--bots", "random:bold"],
     "bot level 'random' has no temperament; these have one: easy, medium, hard"),
    (["--lang", "uk", "--bots", "beginner:cautious,easy"], "рівень комп'ютера 'beginner' не має вдачі"),
    (["--lang", "en", "--bots", "hard:"], "unknown temperament ''"),
    (["--lang", "en", "--players", "5"], "--players must be 2 to 4"),
    (["--lang", "en", "--bots", "easy,medium", "--players", "3"], "lists 2 levels for 3 players"),
    (["--lang", "uk", "--games", "0"], "--games: щонайменше 1"),
    (["--lang", "en", "--rules", "nope"],
     "--rules nope: no such rule preset; presets: kazka, klasyka, yarmarok, zemlevlasnyk"),
    (["--lang", "en", "--option", "pot=maybe"], "--option pot=maybe: its values are on/off"),
    (["--lang", "en", "--option", "jackpot=on"], "--option jackpot: no such house rule; options: start_cash, "),
    (["--lang", "en", "--rules", "klasyka", "--option", "clock=500"], "--option clock=500: its values are 15-120"),
    (["--lang", "en", "--option", "pot"], "--option pot: write it as NAME=VALUE"),
    (["--lang", "uk", "--option", "pot=maybe"], "--option pot=maybe: можливі значення: on/off"),
    (["--lang", "en", "--rules", "yarmarok", "--option", "pot=on"],
     "--option pot: not for The Fair: this board has no free corner to collect a pot"),
    (["--lang", "uk", "--rules", "yarmarok", "--option", "mortgage_fee=on"],
     "--option mortgage_fee: не для правил «Ярмарок»: застави тут немає: ділянки продають банку"),
])
def test_simulate_bad_input_is_a_message_not_a_traceback(args: list[str], message: str) -> None:
    proc = subprocess.run([sys.executable, "-m", "zemlevlasnyk", "simulate", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert message in proc.stderr and "Traceback" not in proc.stderr


def test_simulate_report_names_levels_and_rules_in_the_language(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """The Ukrainian report and log name the computer levels and the preset in Ukrainian
    («легкий», «Землевласник»), not by the ids typed after --bots and --rules."""
    log = tmp_path / "games.txt"
    assert main(["simulate", "--games", "2", "--bots", "easy,hard", "--seed", "1", "--max-turns", "100",
                 "--log", str(log), "--lang", "uk"]) == 0
    printed = capsys.readouterr().out
    told = log.read_text("utf-8")
    for text in (printed, told):
        assert "легкий" in text and "складний" in text
        assert "easy" not in text and "hard" not in text
    assert "правила: Землевласник" in printed and "zemlevlasnyk" not in printed


def test_simulate_seats_a_level_with_its_temperament(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`--bots hard:bold,...` seats a temperament: its figures are its own, apart from the
    balanced level's; the report and the log name it in the language; a balanced seat
    (`hard:balanced`) plays the very games of the level alone; and a temperament plays other
    games than balanced (it is really seated)."""
    def run(bots: str, name: str, lang: str = "en") -> dict:
        out = tmp_path / f"{name}.json"
        assert main(["simulate", "--games", "4", "--bots", bots, "--seed", "5", "--max-turns", "200",
                     "--json", str(out), "--log", str(tmp_path / f"{name}.log"), "--lang", lang]) == 0
        data = json.loads(out.read_text())
        return {k: data[k] for k in ("bots", "wins", "turns", "landings", "actions")}

    bold = run("hard:bold,hard,medium", "bold")
    assert bold["bots"] == ["hard:bold", "hard", "medium"]
    assert set(bold["wins"]["by_level"]) <= {"hard:bold", "hard", "medium"}
    assert "hard (bold), hard, medium" in capsys.readouterr().out
    assert run("hard:balanced,hard,medium", "balanced") == run("hard,hard,medium", "plain")
    assert run("hard:cautious,hard,medium", "cautious")["actions"] != run("hard,hard,medium", "again")["actions"]
    run("medium:cautious,easy:bold", "uk", lang="uk")
    printed = capsys.readouterr().out
    told = (tmp_path / "uk.log").read_text("utf-8")
    for text in (printed, told):
        assert "середній (обачний)" in text and "легкий (сміливий)" in text
