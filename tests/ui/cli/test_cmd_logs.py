"""The headless commands keep the table's English details off the person's terminal: an
advert on the LAN that is not a table's (another program's, another version's) is logged
to `<data>/logs/<command>.log`, and the terminal shows only the catalogue's lines. Before,
`join` and `tables` printed «skipping mDNS service '...': not a valid table advert (...)»
between them (found by hand while another program advertised on 127.0.0.1). Real mDNS
bound to 127.0.0.1 (run under `flock` with the other mDNS tests), real processes."""
from __future__ import annotations

import secrets
import socket
from pathlib import Path

import trio
from helpers.p2p import cli, subprocess_env
from zeroconf import ServiceInfo

from zemlevlasnyk.p2p.lan.discovery import SERVICE_TYPE, open_mdns

LOOPBACK = ("127.0.0.1",)
# Bounds a hang of a process (each looks for a few seconds).
PROCESS_TIMEOUT_SECONDS = 120


def _stranger(token: str) -> ServiceInfo:
    return ServiceInfo(SERVICE_TYPE, f"stranger {token}.{SERVICE_TYPE}", port=9,
                       properties={"txtvers": "2", "name": "no seats here", "taken": "lots"},
                       server=f"stranger-{token}.local.", addresses=[socket.inet_aton("127.0.0.1")])


async def _with_stranger(tmp_path: Path, *args: str) -> tuple[str, trio.Process]:
    token = secrets.token_hex(4)
    stranger = _stranger(token)
    async with open_mdns(LOOPBACK) as mdns:
        await trio.to_thread.run_sync(mdns.zeroconf.register_service, stranger)
        try:
            with trio.fail_after(PROCESS_TIMEOUT_SECONDS):
                proc = await trio.run_process(cli(*args), env=subprocess_env(tmp_path), capture_stdout=True,
                                              capture_stderr=True, check=False)
        finally:
            await trio.to_thread.run_sync(mdns.zeroconf.unregister_service, stranger)
    return token, proc


def _logged(tmp_path: Path, command: str) -> str:
    return (tmp_path / "zemlevlasnyk" / "logs" / f"{command}.log").read_text(encoding="utf-8")


async def test_cmd_logs_tables_lists_without_the_advert_details(tmp_path: Path) -> None:
    token, proc = await _with_stranger(tmp_path, "tables", "--wait", "3")
    assert proc.returncode == 0
    assert token not in proc.stdout.decode() + proc.stderr.decode()
    assert proc.stderr.decode() == ""
    assert f"stranger {token}" in _logged(tmp_path, "tables")


async def test_cmd_logs_join_by_name_says_only_the_catalogues_words(tmp_path: Path) -> None:
    name = f"nobody's table {secrets.token_hex(3)}"
    token, proc = await _with_stranger(tmp_path, "join", "--table", name)
    err = proc.stderr.decode()
    assert proc.returncode == 2 and token not in err and "Traceback" not in err
    assert err.splitlines() == [line for line in err.splitlines() if line.startswith("zemlevlasnyk join: ")]
    assert f"stranger {token}" in _logged(tmp_path, "join")
