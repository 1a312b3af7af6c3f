"""The tables nearby, as the friends scene lists them: `browse` followed in a trio task.

One `NearbyTables` per visit to the friends scene; it shares the process's one zeroconf
instance (`p2p.lan.discovery.open_mdns`) with a table this window may host, on the same
interfaces. The list is sorted by table name, then host key, so rows do not jump about.
"""
from __future__ import annotations

from collections.abc import Iterable

from zemlevlasnyk.p2p import MdnsError, TableAdvert, browse, open_mdns
from zemlevlasnyk.ui.sessions.background import Background


class NearbyTables:
    def __init__(self, interfaces: tuple[str, ...]) -> None:
        self.interfaces = interfaces
        self.task = Background()
        self.tables: list[TableAdvert] = []
        self.error: str | None = None
        self.looking = False

    async def run(self) -> None:
        self.task.bind()
        with self.task.scope:
            try:
                async with open_mdns(self.interfaces) as mdns, browse(mdns) as browser:
                    self.looking = True
                    self._show(browser.tables.values())
                    async for _ in browser.events:
                        self._show(browser.tables.values())
            except MdnsError as exc:
                self.error = str(exc)
            finally:
                self.looking = False

    def _show(self, tables: Iterable[TableAdvert]) -> None:
        self.tables = sorted(tables, key=lambda t: (t.table_name.casefold(), t.fingerprint, t.table_id))

    def stop(self) -> None:
        self.task.stop()
