"""The standalone program (tools/build_standalone.py) needs no Python: every Python of this
machine is hidden in a mount namespace (`unshare -m`: an empty tmpfs over each interpreter's
library folder, the pyenv root and every virtual environment, /dev/null over each python
executable and libpython, a PATH without python), and inside it a friend's copy of the built
folder answers `--version` and every command's `--help`, plays `simulate` to the same results
as the installed game, draws `screenshot table` to the same pixels in both languages, plays
its sounds in the window, hosts a table (announced by mDNS on 127.0.0.1 only) that its own
`tables` lists and the installed game joins and plays to the end on the same final hash, and
`verify`s both saved games; it reads the profile and lists the saved games the installed game
wrote in the same data folder; killed while it hosts, it `resume`s at the table a player of
the installed game took over, and the game ends on one hash.

Runs only where the build is (dist/zemlevlasnyk/, or $ZEMLEVLASNYK_STANDALONE naming the
executable: `.ci/run` builds it when ZEMLEVLASNYK_CI_STANDALONE=1), on Linux as root (mount
namespaces); otherwise skipped with the reason, or failed when ZEMLEVLASNYK_STANDALONE_REQUIRED=1
(`.ci/run` sets it for its run of this file, after the build). A build older than the tree
fails the pixel and results comparisons: build again.
"""
from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from helpers.faults import Player, SavedGameWatcher, verify
from helpers.p2p import REPO, cli, subprocess_env
from helpers.wait import wait_for

from zemlevlasnyk.p2p.core.links import parse_invite
from zemlevlasnyk.p2p.store import savegame
from zemlevlasnyk.p2p.store.profiles import load_or_create
from zemlevlasnyk.ui.cli import COMMANDS

BUILT = Path(os.environ.get("ZEMLEVLASNYK_STANDALONE") or REPO / "dist" / "zemlevlasnyk" / "zemlevlasnyk")
# A whole game of two medium bots takes 10-40 s here; this only guards against a hang.
GAME_TIMEOUT_S = 400
COMMAND_TIMEOUT_S = 120
# The seed of `play` whose first turn is a computer player's: its dice sound at once.
SOUND_SEED = "5"
# A PATH with the system's program folders only: no pyenv shims, no virtual environment.
PLAIN_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
# Mounts what follows it up to `--` (an empty tmpfs over a folder, /dev/null over a file),
# then runs the rest: the shell is the namespace's first and only program before ours.
HIDER = r"""
set -e
while [ "$1" != "--" ]; do
    if [ -d "$1" ]; then mount -t tmpfs -o size=64k,mode=755 no-python "$1"; else mount --bind /dev/null "$1"; fi
    shift
done
shift
exec "$@"
"""

# Set by `.ci/run`'s opt-in step, which built the program: then a test that cannot run fails.
MUST_RUN = os.environ.get("ZEMLEVLASNYK_STANDALONE_REQUIRED") == "1"


def _cannot_run() -> str | None:
    if not BUILT.is_file():
        return f"no standalone build at {BUILT} (python tools/build_standalone.py)"
    if not sys.platform.startswith("linux") or os.geteuid() != 0 or shutil.which("unshare") is None:
        return "hiding Python needs Linux mount namespaces as root (unshare -m)"
    return None


CANNOT_RUN = _cannot_run()
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(CANNOT_RUN is not None and not MUST_RUN, reason=CANNOT_RUN or "")]


@pytest.fixture(scope="module", autouse=True)
def _runnable() -> None:
    if CANNOT_RUN is not None:
        pytest.fail(f"ZEMLEVLASNYK_STANDALONE_REQUIRED=1, but {CANNOT_RUN}")


def _within(path: Path, folders: list[Path]) -> bool:
    return any(path == f or f in path.parents for f in folders)


def python_folders() -> list[Path]:
    """Every Python installation's folder here: the system's libraries, pyenv's root, the
    interpreters and virtual environments this test knows of (its own, the repository's, the
    build's, the worktrees' beside it)."""
    found: set[Path] = set()
    for pattern in ("/usr/lib/python3*", "/usr/local/lib/python3*", "/usr/lib64/python3*"):
        found.update(Path(p) for p in Path("/").glob(pattern.lstrip("/")))
    pyenv = subprocess.run(["pyenv", "root"], capture_output=True, text=True) if shutil.which("pyenv") else None
    if pyenv is not None and pyenv.returncode == 0:
        found.add(Path(pyenv.stdout.strip()))
    found.add(Path.home() / ".pyenv")
    found.update(Path(p) for p in (sys.prefix, sys.base_prefix, sys.exec_prefix))
    for pattern in ("*/pyvenv.cfg", "build/standalone/*/pyvenv.cfg"):
        found.update(cfg.parent for cfg in REPO.glob(pattern))
    common = subprocess.run(["git", "-C", str(REPO), "rev-parse", "--path-format=absolute", "--git-common-dir"],
                            capture_output=True, text=True)
    # The main checkout's and the other worktrees' environments, and the user's.
    roots = [REPO.parent, Path.home()] + ([Path(common.stdout.strip()).parent] if common.returncode == 0 else [])
    for root in roots:
        for pattern in ("*/pyvenv.cfg", "*/.venv*/pyvenv.cfg"):
            found.update(cfg.parent for cfg in root.glob(pattern))
    real = sorted({p.resolve() for p in found if p.is_dir()}, key=lambda p: len(p.parts))
    outermost: list[Path] = []
    for folder in real:
        if not _within(folder, outermost):
            outermost.append(folder)
    return outermost


def python_files(folders: list[Path]) -> list[Path]:
    """The python executables and libpython files outside those folders."""
    found: set[Path] = set()
    for pattern in ("usr/bin/python*", "usr/local/bin/python*", "usr/lib/*/libpython3*", "usr/lib/libpython3*",
                    "usr/local/lib/libpython3*", "usr/lib64/libpython3*", "bin/python*"):
        found.update(p.resolve() for p in Path("/").glob(pattern))
    return sorted(p for p in found if p.is_file() and not _within(p, folders))


def pythons() -> list[str]:
    """Every python executable this test can name: its own, PATH's, the system's, pyenv's."""
    names = {sys.executable, os.path.realpath(sys.executable), getattr(sys, "_base_executable", sys.executable)}
    for name in ("python3", "python"):
        found = shutil.which(name)
        if found:
            names.add(found)
    for pattern in ("usr/bin/python3*", "usr/local/bin/python3*", "root/.pyenv/versions/*/bin/python3"):
        names.update(str(p) for p in Path("/").glob(pattern) if not p.name.endswith("-config"))
    return sorted(names)


@pytest.fixture(scope="module")
def hiding() -> list[str]:
    """The arguments that run a command with every Python hidden: `[*hiding, *argv]`."""
    folders = python_folders()
    assert Path(sys.base_prefix).resolve() in folders or _within(Path(sys.base_prefix).resolve(), folders)
    hide = [*folders, *python_files(folders)]
    return ["unshare", "--mount", "--propagation", "private", "/bin/sh", "-c", HIDER, "hider",
            *map(str, hide), "--"]


@pytest.fixture(scope="module")
def program(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A friend's copy of the built folder, somewhere else (as from a USB stick)."""
    folder = BUILT.parent
    links = [p for p in folder.rglob("*") if p.is_symlink()]
    assert not links, f"the build holds symbolic links, which a FAT stick cannot carry: {links[:3]}"
    copy = tmp_path_factory.mktemp("friend") / folder.name
    shutil.copytree(folder, copy)
    return copy / BUILT.name


def friend_env(home: Path, **extra: str) -> dict[str, str]:
    """A friend's environment: no Python anywhere on it, English, this machine only."""
    return {"PATH": PLAIN_PATH, "HOME": str(home), "LANG": "en_GB.UTF-8", "XDG_DATA_HOME": str(home),
            "ZEMLEVLASNYK_INTERFACES": "127.0.0.1", **extra}


def run_hidden(hiding: list[str], argv: list[str], home: Path, **extra: str) -> subprocess.CompletedProcess[str]:
    home.mkdir(parents=True, exist_ok=True)
    return subprocess.run([*hiding, *argv], env=friend_env(home, **extra), capture_output=True, text=True,
                          timeout=COMMAND_TIMEOUT_S, cwd=home)


def run_installed(args: list[str], home: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cli(*args), env=subprocess_env(home), capture_output=True, text=True,
                          timeout=COMMAND_TIMEOUT_S, cwd=REPO)


# Tries each python named after it; prints the ones that ran, then what PATH finds.
TRY_PYTHONS = r"""
for p; do
    if "$p" -c 'print(1)' >/dev/null 2>&1; then echo "ran $p"; fi
done
command -v python3 python || true
"""


def test_no_python_can_run_where_the_program_is_tried(hiding: list[str], tmp_path: Path) -> None:
    candidates = pythons()
    outside = subprocess.run(["/bin/sh", "-c", TRY_PYTHONS, "try", *candidates], capture_output=True, text=True,
                             timeout=COMMAND_TIMEOUT_S)
    assert f"ran {sys.executable}" in outside.stdout.splitlines(), outside.stdout   # the check can see one
    inside = run_hidden(hiding, ["/bin/sh", "-c", TRY_PYTHONS, "try", *candidates], tmp_path)
    assert inside.returncode == 0, inside.stderr
    assert inside.stdout == "", f"a python ran or is on PATH with every Python hidden:\n{inside.stdout}"
    installed = run_hidden(hiding, cli("--version"), tmp_path)
    assert installed.returncode != 0 and "zemlevlasnyk" not in installed.stdout
    folders = [str(f) for f in python_folders()]
    assert "/usr/lib/python3.11" in folders or not Path("/usr/lib/python3.11").exists()
    listed = run_hidden(hiding, ["/bin/ls", "-A", *folders], tmp_path)
    assert listed.returncode == 0, listed.stderr
    assert [ln for ln in listed.stdout.splitlines() if ln and not ln.endswith(":")] == [], listed.stdout


def test_version_and_every_command_answer_without_python(hiding: list[str], program: Path, tmp_path: Path) -> None:
    version = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["project"]["version"]
    done = run_hidden(hiding, [str(program), "--version"], tmp_path)
    assert (done.returncode, done.stdout, done.stderr) == (0, f"zemlevlasnyk {version}\n", "")
    listed = run_hidden(hiding, [str(program), "--help"], tmp_path)
    assert listed.returncode == 0, listed.stderr
    # A command whose module were missing from the build would be left out of the help.
    assert [c.name for c in COMMANDS if f"    {c.name} " not in listed.stdout] == []
    names = " ".join(dict.fromkeys(c.name for c in COMMANDS))
    each = run_hidden(hiding, ["/bin/sh", "-c", f'for c in {names}; do "$0" "$c" --help >/dev/null || echo "$c"; done',
                               str(program)], tmp_path)
    assert (each.returncode, each.stdout) == (0, ""), each.stdout + each.stderr


def _summary(path: Path) -> dict[str, object]:
    summary: dict[str, object] = json.loads(path.read_text("utf-8"))
    for timing in ("seconds", "games_per_second"):
        summary.pop(timing)
    return summary


def test_simulate_plays_the_same_games_as_the_installed_game(hiding: list[str], program: Path,
                                                             tmp_path: Path) -> None:
    frozen, installed = tmp_path / "frozen.json", tmp_path / "installed.json"
    done = run_hidden(hiding, [str(program), "simulate", "--games", "5", "--seed", "7", "--bots", "medium,easy,random",
                               "--json", str(frozen)], tmp_path / "friend")
    assert done.returncode == 0 and "5 games" in done.stdout, done.stdout + done.stderr
    mine = run_installed(["simulate", "--games", "5", "--seed", "7", "--bots", "medium,easy,random",
                          "--json", str(installed)], tmp_path / "me")
    assert mine.returncode == 0, mine.stderr
    assert _summary(frozen) == _summary(installed)


@pytest.mark.parametrize("lang", ["uk", "en"])
def test_screenshot_table_draws_the_same_pixels_as_the_installed_game(hiding: list[str], program: Path,
                                                                      tmp_path: Path, lang: str) -> None:
    import pygame

    frozen, installed = tmp_path / "frozen.png", tmp_path / "installed.png"
    done = run_hidden(hiding, [str(program), "screenshot", "table", "--out", str(frozen), "--lang", lang,
                               "--size", "1024x640"], tmp_path / "friend")
    assert done.returncode == 0, done.stdout + done.stderr
    mine = run_installed(["screenshot", "table", "--out", str(installed), "--lang", lang, "--size", "1024x640"],
                         tmp_path / "me")
    assert mine.returncode == 0, mine.stderr
    a, b = pygame.image.load(str(frozen)), pygame.image.load(str(installed))
    assert a.get_size() == b.get_size() == (1024, 640)
    assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB"), "the build draws otherwise: build again?"


def _heard(raw: Path) -> bool:
    """Whether SDL's disk audio output holds anything but silence (16-bit samples)."""
    try:
        data = raw.read_bytes()
    except FileNotFoundError:
        return False
    return any(data[i] or data[i + 1] for i in range(0, len(data) - 1, 2))


def test_the_window_plays_its_sounds_without_python(hiding: list[str], program: Path, tmp_path: Path) -> None:
    """`play` opens the window (SDL's dummy video driver) and, as a computer player rolls, the
    dice sound goes out (SDL's disk audio driver writes what the mixer plays to a file)."""
    raw = tmp_path / "audio.raw"
    home = tmp_path / "friend"
    home.mkdir()
    # A friend who has played before: a first run's welcome comes before the game `play` asks for.
    from zemlevlasnyk.ui.shell.settings import Gender, Settings, save_settings
    save_settings(Settings(lang="en", name="Friend", gender=Gender.NEUTRAL), home / "zemlevlasnyk")
    env = friend_env(home, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="disk", SDL_DISKAUDIOFILE=str(raw))
    proc = subprocess.Popen([*hiding, str(program), "play", "--opponents", "3", "--seed", SOUND_SEED], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=home)
    try:
        heard = wait_for(lambda: _heard(raw) or proc.poll() is not None, timeout=COMMAND_TIMEOUT_S)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=COMMAND_TIMEOUT_S)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert heard and _heard(raw), f"no sound within {COMMAND_TIMEOUT_S} s:\n{out}{err}"
    assert proc.returncode == 130 and "Traceback" not in err, err


def test_a_table_hosted_by_the_program_is_joined_by_the_installed_game_and_ends_on_one_hash(
        hiding: list[str], program: Path, tmp_path: Path) -> None:
    friend, me = tmp_path / "friend", tmp_path / "me"
    # The friend's profile, made by the installed game in the same data folder: the program
    # signs with its key.
    # A name of its own, so that another run's table on this loopback is never the one found.
    name = f"Друг {secrets.token_hex(3)}"
    key = load_or_create("default", name=name, folder=friend / "zemlevlasnyk").key_hex
    table = f"{name}'s table"
    host = Player("host", ["host", "--bot", "medium", "--start-at", "2", "--admit", "--bind", "127.0.0.1",
                           "--port", "0", "--seed", "1"], friend,
                  env=friend_env(friend), prefix=hiding, program=[str(program)])
    guest: Player | None = None
    try:
        invite = parse_invite(host.link())
        assert invite.host == "127.0.0.1" and invite.host_key.hex() == key
        # Found by the program's own mDNS browser, from the program's own advert.
        found = run_hidden(hiding, [str(program), "tables", "--wait", "3"], friend)
        assert found.returncode == 0 and table in found.stdout and invite.host_key.hex()[:16] in found.stdout, (
            found.stdout + found.stderr)
        guest = Player("guest", ["join", "--table", table, "--bot", "medium", "--name", "Гість", "--seed", "2"], me)
        assert guest.wait(GAME_TIMEOUT_S) == 0, guest.err()
        assert host.wait(GAME_TIMEOUT_S) == 0, host.err()
    finally:
        for p in (host, guest):
            if p is not None:
                p.stop()
    final = host.final_hash()
    assert final is not None and guest.final_hash() == final, host.out() + guest.out()
    hosted, joined = host.saved_game(), guest.saved_game()
    assert [r.data for r in savegame.read(hosted).records] == [r.data for r in savegame.read(joined).records]
    for game in (hosted, joined):
        checked = run_hidden(hiding, [str(program), "verify", str(game), "--lang", "en"], friend)
        assert checked.returncode == 0 and checked.stdout.startswith("OK:"), checked.stdout + checked.stderr
        again = verify(game)
        assert again.returncode == 0 and again.stdout.startswith("OK:"), again.stdout + again.stderr
    # The installed game's saved game, listed by the program from the installed game's data folder.
    listed = run_hidden(hiding, [str(program), "games", "--all"], me)
    assert listed.returncode == 0 and str(joined) in listed.stdout and "finished" in listed.stdout, listed.stdout


def test_the_program_resumes_at_the_table_its_host_was_lost_from(hiding: list[str], program: Path,
                                                                 tmp_path: Path) -> None:
    """The program hosts and sits at a table of three; killed mid-game, a player of the
    installed game takes the table over, and the program's `resume` (from its saved game)
    rejoins it as the same person; every saved game ends on one hash."""
    home = tmp_path / "friend"
    host = Player("host", ["host", "--name", "Друг", "--bot", "medium", "--start-at", "3", "--bind", "127.0.0.1",
                           "--seed", "1", "--option", "turn_cap=400"], home,
                  env=friend_env(home), prefix=hiding, program=[str(program)])
    players = [host]
    try:
        link = host.link()
        players += [Player(name, ["join", link, "--name", name, "--bot", "medium", "--seed", str(n),
                                  "--resume-after", "5"], tmp_path / name)
                    for n, name in enumerate(("Anna", "Bohdan"), start=2)]
        assert wait_for(lambda: any(home.glob("zemlevlasnyk/games/*.zvl")), timeout=60), host.err()
        watcher = SavedGameWatcher(host.saved_game())
        assert wait_for(lambda: (r := watcher.poll()) is not None and r.seq >= 40, timeout=120), host.err()
        host.signal(signal.SIGKILL)
        host.wait(30)
        assert wait_for(lambda: any("we host table" in p.err() for p in players[1:]), timeout=180), \
            "\n".join(p.err()[-2000:] for p in players[1:])
        host.restart(["resume", "--lang", "en", "--bot", "medium"])
        assert wait_for(lambda: "rejoining it" in host.err() or host.proc.poll() is not None, timeout=120), host.err()
        for player in players:
            assert player.wait(GAME_TIMEOUT_S) == 0, f"{player.name}:\n{player.all_err()[-3000:]}"
    finally:
        for player in players:
            player.stop()
    assert "taking it over" not in host.err(), "the program must rejoin, not host a second table"
    hashes = {p.name: p.final_hash() for p in players}
    assert None not in hashes.values() and len(set(hashes.values())) == 1, hashes
    checked = run_hidden(hiding, [str(program), "verify", str(host.saved_game()), "--lang", "en"], home)
    assert checked.returncode == 0 and checked.stdout.startswith("OK:"), checked.stdout + checked.stderr
