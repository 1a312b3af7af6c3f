"""A ruleset: the board, prices, rents, cards and options of one preset, as validated data.

The engine implements mechanisms; every number lives here. A ruleset is built from plain
JSON data (see `engine/rulesets/*.json`) and refuses data it could not play, naming the
place that is wrong.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .canonical import digest
from .errors import RulesetError

CELL_KINDS = ("start", "street", "station", "utility", "card", "tax", "jail", "free", "go_to_jail")
PROPERTY_KINDS = ("street", "station", "utility")
CARD_EFFECTS = {
    "advance_to": ("cell",),
    "advance_to_nearest": ("kind",),
    "move_back": ("steps",),
    "go_to_jail": (),
    "receive": ("amount",),
    "collect_from_each": ("amount",),
    "pay": ("amount",),
    "pay_each": ("amount",),
    "repairs": ("per_house", "per_hotel"),
    "release": (),
}


@dataclass(frozen=True, slots=True)
class Cell:
    index: int
    kind: str
    name: dict[str, str]
    price: int = 0
    rent: int = 0
    house_cost: int = 0
    group: str = ""
    amount: int = 0  # a tax cell's amount

    @property
    def is_property(self) -> bool:
        return self.kind in PROPERTY_KINDS


@dataclass(frozen=True, slots=True)
class Card:
    index: int
    id: str
    effect: str
    params: dict[str, Any]
    text: dict[str, str]


class Ruleset:
    """Validated ruleset data with the lookups the engine needs precomputed."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        r = _Reader(data, "ruleset")
        self.id: str = r.text("id")
        self.name: dict[str, str] = r.names("name")
        players = r.obj("players")
        self.min_players = _Reader(players, "players").integer("min", lo=2)
        self.max_players = _Reader(players, "players").integer("max", lo=self.min_players)
        self.start_cash = r.integer("start_cash", lo=0)
        self.start_salary = r.integer("start_salary", lo=0)
        dice = _Reader(r.obj("dice"), "dice")
        if dice.integer("count", lo=2) != 2:
            raise RulesetError("dice.count: only two dice are supported (doubles need a pair)")
        self.dice_sides = dice.integer("sides", lo=2)
        if self.dice_sides > 256:
            raise RulesetError("dice.sides: at most 256")
        self.doubles_to_jail = r.integer("doubles_to_jail", lo=1)
        jail = _Reader(r.obj("jail"), "jail")
        self.jail_cell = jail.integer("cell", lo=0)
        self.jail_fee = jail.integer("fee", lo=0)
        self.jail_max_tries = jail.integer("max_tries", lo=1)
        self.street_rent_multipliers: tuple[int, ...] = tuple(r.int_list("street_rent_multipliers"))
        self.full_group_multiplier = r.integer("full_group_multiplier", lo=1)
        self.max_buildings = r.integer("max_buildings", lo=0)
        if len(self.street_rent_multipliers) != self.max_buildings + 1:
            raise RulesetError("street_rent_multipliers: need one entry per building count, 0..max_buildings")
        self.station_rents: tuple[int, ...] = tuple(r.int_list("station_rents"))
        self.utility_multipliers: tuple[int, ...] = tuple(r.int_list("utility_multipliers"))
        self.mortgage_percent = r.integer("mortgage_percent", lo=0, hi=100)
        self.redeem_interest_percent = r.integer("redeem_interest_percent", lo=0)
        self.building_sale_percent = r.integer("building_sale_percent", lo=0, hi=100)

        groups = r.obj("groups")
        self.groups: dict[str, dict[str, Any]] = {}
        for gid, g in groups.items():
            gr = _Reader(g, f"groups.{gid}")
            self.groups[gid] = {"name": gr.names("name"), "colour": gr.text("colour")}

        cells = r.items("cells")
        if len(cells) < 4:
            raise RulesetError("cells: a board needs at least 4 cells")
        self.cells: tuple[Cell, ...] = tuple(self._cell(i, c) for i, c in enumerate(cells))
        self.size = len(self.cells)
        if self.cells[0].kind != "start":
            raise RulesetError("cells[0]: the first cell must be the start")
        if not 0 <= self.jail_cell < self.size or self.cells[self.jail_cell].kind != "jail":
            raise RulesetError("jail.cell: must be the index of a cell of kind 'jail'")
        self.properties: tuple[int, ...] = tuple(c.index for c in self.cells if c.is_property)
        self.group_cells: dict[str, tuple[int, ...]] = {
            gid: tuple(c.index for c in self.cells if c.kind == "street" and c.group == gid)
            for gid in self.groups
        }
        for gid, members in self.group_cells.items():
            if not members:
                raise RulesetError(f"groups.{gid}: no street belongs to this group")
        self.stations: tuple[int, ...] = tuple(c.index for c in self.cells if c.kind == "station")
        self.utilities: tuple[int, ...] = tuple(c.index for c in self.cells if c.kind == "utility")
        if self.stations and len(self.station_rents) < len(self.stations):
            raise RulesetError("station_rents: need one rent per number of stations owned")
        if self.utilities and len(self.utility_multipliers) < len(self.utilities):
            raise RulesetError("utility_multipliers: need one multiplier per number of utilities owned")
        # Per cell, the cells whose ownership decides its rent tier (its group, or all stations).
        self.group_of: tuple[tuple[int, ...], ...] = tuple(
            self.group_cells[c.group] if c.kind == "street"
            else self.stations if c.kind == "station"
            else self.utilities if c.kind == "utility"
            else ()
            for c in self.cells
        )

        cards = r.items("cards")
        self.cards: tuple[Card, ...] = tuple(self._card(i, c) for i, c in enumerate(cards))
        ids = [c.id for c in self.cards]
        if len(set(ids)) != len(ids):
            raise RulesetError("cards: card ids must be unique")
        self.card_index = {c.id: c.index for c in self.cards}
        if self.cards and not any(c.kind == "card" for c in self.cells):
            raise RulesetError("cards: a deck needs at least one card cell")
        self.digest = digest(data)

    def _cell(self, i: int, c: Any) -> Cell:
        r = _Reader(c, f"cells[{i}]")
        kind = r.text("kind")
        if kind not in CELL_KINDS:
            raise RulesetError(f"cells[{i}].kind: {kind!r} is not one of {', '.join(CELL_KINDS)}")
        name = r.names("name")
        if kind == "street":
            group = r.text("group")
            if group not in (self.groups or {}):
                raise RulesetError(f"cells[{i}].group: unknown group {group!r}")
            return Cell(i, kind, name, price=r.integer("price", lo=1), rent=r.integer("rent", lo=0),
                        house_cost=r.integer("house_cost", lo=0), group=group)
        if kind in ("station", "utility"):
            return Cell(i, kind, name, price=r.integer("price", lo=1))
        if kind == "tax":
            return Cell(i, kind, name, amount=r.integer("amount", lo=0))
        return Cell(i, kind, name)

    def _card(self, i: int, c: Any) -> Card:
        r = _Reader(c, f"cards[{i}]")
        effect = r.text("effect")
        if effect not in CARD_EFFECTS:
            raise RulesetError(f"cards[{i}].effect: {effect!r} is not one of {', '.join(CARD_EFFECTS)}")
        params: dict[str, Any] = {}
        for key in CARD_EFFECTS[effect]:
            if key == "kind":
                params[key] = r.text(key)
                if params[key] not in PROPERTY_KINDS:
                    raise RulesetError(f"cards[{i}].kind: must be one of {', '.join(PROPERTY_KINDS)}")
            else:
                params[key] = r.integer(key, lo=0)
        if effect == "advance_to" and not 0 <= params["cell"] < len(self.data["cells"]):
            raise RulesetError(f"cards[{i}].cell: not a cell of this board")
        return Card(i, r.text("id"), effect, params, r.names("text"))

    def cell_name(self, cell: int, lang: str = "uk") -> str:
        names = self.cells[cell].name
        return names.get(lang) or next(iter(names.values()))

    def mortgage_value(self, cell: int) -> int:
        return self.cells[cell].price * self.mortgage_percent // 100

    def redeem_cost(self, cell: int) -> int:
        value = self.mortgage_value(cell)
        return value + value * self.redeem_interest_percent // 100

    def building_refund(self, cell: int) -> int:
        return self.cells[cell].house_cost * self.building_sale_percent // 100


class _Reader:
    """Typed access to one object of ruleset data, with errors that name the path."""

    def __init__(self, obj: Any, path: str) -> None:
        if not isinstance(obj, dict):
            raise RulesetError(f"{path}: expected an object")
        self.data = obj
        self.path = path

    def _get(self, key: str) -> Any:
        if key not in self.data:
            raise RulesetError(f"{self.path}.{key}: missing")
        return self.data[key]

    def integer(self, key: str, lo: int | None = None, hi: int | None = None) -> int:
        v = self._get(key)
        if not isinstance(v, int) or isinstance(v, bool):
            raise RulesetError(f"{self.path}.{key}: expected a whole number, got {v!r}")
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            raise RulesetError(f"{self.path}.{key}: {v} is out of range")
        return v

    def text(self, key: str) -> str:
        v = self._get(key)
        if not isinstance(v, str) or not v:
            raise RulesetError(f"{self.path}.{key}: expected a non-empty string")
        return v

    def obj(self, key: str) -> dict[str, Any]:
        v = self._get(key)
        if not isinstance(v, dict):
            raise RulesetError(f"{self.path}.{key}: expected an object")
        return v

    def items(self, key: str) -> list[Any]:
        v = self._get(key)
        if not isinstance(v, list):
            raise RulesetError(f"{self.path}.{key}: expected a list")
        return v

    def int_list(self, key: str) -> list[int]:
        v = self.items(key)
        if not v or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in v):
            raise RulesetError(f"{self.path}.{key}: expected a list of whole numbers >= 0")
        return v

    def names(self, key: str) -> dict[str, str]:
        v = self.obj(key)
        if not v or not all(isinstance(k, str) and isinstance(s, str) and s for k, s in v.items()):
            raise RulesetError(f"{self.path}.{key}: expected names by language, e.g. {{\"uk\": \"…\"}}")
        return v
