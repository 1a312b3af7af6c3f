"""A ruleset: the board, prices, rents, cards and options of one preset, as validated data.

The engine implements mechanisms; every number lives here. A ruleset is built from plain
JSON data (see `engine/rulesets/*.json`) and refuses data it could not play, naming the
place that is wrong.
"""
from __future__ import annotations

from typing import Any, Final

from .canonical import digest
from .errors import RulesetError
from .options import BANKRUPT_DEEDS, OptionValue, option_values
from .values import Value

CELL_KINDS = ("start", "street", "station", "utility", "card", "tax", "jail", "free", "go_to_jail")
PROPERTY_KINDS = ("street", "station", "utility")
CARD_EFFECTS: dict[str, tuple[str, ...]] = {
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
# Parameters a card may give beyond its effect's own: the nearest station at a multiple of
# its rent, the nearest utility at a multiple of a fresh throw of the dice.
CARD_OPTIONAL_PARAMS: dict[str, tuple[str, ...]] = {
    "advance_to_nearest": ("rent_multiplier", "dice_multiplier"),
}
# The supply of a bank that limits buildings when its preset names no numbers: the classic
# game's 32 houses and 12 hotels.
DEFAULT_HOUSE_SUPPLY = 32
DEFAULT_HOTEL_SUPPLY = 12


class Cell(Value):
    """A cell of the board (a value class, `engine/values.py`). `amount`: a tax cell's
    amount, `percent` its alternative (this share of everything owned, the payer's choice);
    `rents`: a street's rent by buildings, 0..max_buildings; `deck`: a card cell's deck."""
    __slots__ = __match_args__ = ("index", "kind", "name", "price", "rent", "house_cost", "group", "amount",
                                  "percent", "rents", "deck")

    def __init__(self, index: int, kind: str, name: dict[str, str], price: int = 0, rent: int = 0,
                 house_cost: int = 0, group: str = "", amount: int = 0, percent: int = 0,
                 rents: tuple[int, ...] = (), deck: str = "") -> None:
        self.index: Final = index
        self.kind: Final = kind
        self.name: Final = name
        self.price: Final = price
        self.rent: Final = rent
        self.house_cost: Final = house_cost
        self.group: Final = group
        self.amount: Final = amount
        self.percent: Final = percent
        self.rents: Final = rents
        self.deck: Final = deck

    @property
    def is_property(self) -> bool:
        return self.kind in PROPERTY_KINDS


class Card(Value):
    """A card of a deck (a value class, `engine/values.py`)."""
    __slots__ = __match_args__ = ("index", "id", "effect", "params", "text", "deck")

    def __init__(self, index: int, id: str, effect: str, params: dict[str, Any], text: dict[str, str],
                 deck: str = "") -> None:
        self.index: Final = index
        self.id: Final = id
        self.effect: Final = effect
        self.params: Final = params
        self.text: Final = text
        self.deck: Final = deck


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
        self.full_group_multiplier = r.integer("full_group_multiplier", lo=1)
        self.max_buildings = r.integer("max_buildings", lo=0)
        # Rent by buildings as multiples of the base rent, unless every street lists its own.
        self.street_rent_multipliers: tuple[int, ...] = (
            tuple(r.int_list("street_rent_multipliers")) if "street_rent_multipliers" in data else ())
        if self.street_rent_multipliers and len(self.street_rent_multipliers) != self.max_buildings + 1:
            raise RulesetError("street_rent_multipliers: need one entry per building count, 0..max_buildings")
        self.station_rents: tuple[int, ...] = tuple(r.int_list("station_rents"))
        self.supply_data = r.optional_obj("building_supply")
        self.utility_multipliers: tuple[int, ...] = tuple(r.int_list("utility_multipliers"))
        self.mortgage_percent = r.integer("mortgage_percent", lo=0, hi=100)
        self.redeem_interest_percent = r.integer("redeem_interest_percent", lo=0)
        self.building_sale_percent = r.integer("building_sale_percent", lo=0, hi=100)

        decks = r.optional_obj("decks") or {}
        self.decks: dict[str, dict[str, str]] = {
            did: _Reader(d, f"decks.{did}").names("name") for did, d in decks.items()}

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
        # Per deed, in cell order: (cell, a street?, the cells of its rent group), for the
        # searches over a seat's deeds at every decision.
        self.deeds: tuple[tuple[int, bool, tuple[int, ...]], ...] = tuple(
            (c, self.cells[c].kind == "street", self.group_of[c]) for c in self.properties)

        cards = r.items("cards")
        self.cards: tuple[Card, ...] = tuple(self._card(i, c) for i, c in enumerate(cards))
        ids = [c.id for c in self.cards]
        if len(set(ids)) != len(ids):
            raise RulesetError("cards: card ids must be unique")
        self.card_index = {c.id: c.index for c in self.cards}
        if self.cards and not any(c.kind == "card" for c in self.cells):
            raise RulesetError("cards: a deck needs at least one card cell")
        # Per deck, its cards' indices; every card cell draws from a deck that has cards.
        self.deck_cards: dict[str, tuple[int, ...]] = {
            d: tuple(c.index for c in self.cards if c.deck == d) for d in {c.deck for c in self.cards}}
        for c in self.cells:
            if c.kind == "card" and self.cards and c.deck not in self.deck_cards:
                raise RulesetError(f"cells[{c.index}].deck: no card belongs to deck {c.deck!r}")
        # Per cell, what mortgaging, redeeming and selling a building back are worth: asked
        # at nearly every decision of a bot, so computed once here.
        self._mortgage_value = [c.price * self.mortgage_percent // 100 for c in self.cells]
        self._redeem_cost = [v + v * self.redeem_interest_percent // 100 for v in self._mortgage_value]
        self._building_refund = [c.house_cost * self.building_sale_percent // 100 for c in self.cells]
        self._read_options(data)
        self.preset = self.id
        self.options: dict[str, OptionValue] = {}  # set by load_rules: the options that differ from the preset
        self.digest = digest(data)

    def _read_options(self, data: dict[str, Any]) -> None:
        values = option_values(data)
        self.option_values = values
        self.start_bonus = bool(values["start_bonus"])
        self.pot = bool(values["pot"])
        self.auctions = bool(values["auctions"])
        self.even_building = bool(values["even_building"])
        self.no_rent_in_jail = bool(values["no_rent_in_jail"])
        self.mortgage_breaks_double = bool(values["mortgage_breaks_double"])
        self.mortgage_fee = bool(values["mortgage_fee"])
        deeds = values["bankrupt_deeds"]
        assert isinstance(deeds, str) and deeds in BANKRUPT_DEEDS
        self.bankrupt_deeds_auctioned = deeds == "auction"
        self.clock_seconds = int(values["clock"])
        self.turn_cap = int(values["turn_cap"])
        self.house_supply: int | None = None
        self.hotel_supply: int | None = None
        if values["building_limits"]:
            supply = _Reader(self.supply_data or {}, "building_supply")
            self.house_supply = supply.optional_int("houses", DEFAULT_HOUSE_SUPPLY)
            self.hotel_supply = supply.optional_int("hotels", DEFAULT_HOTEL_SUPPLY)
        self.pot_cells: tuple[int, ...] = tuple(c.index for c in self.cells if c.kind == "free") if self.pot else ()

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
            rent = r.integer("rent", lo=0)
            if "rents" in c:
                rents = tuple(r.int_list("rents"))
                if len(rents) != self.max_buildings + 1 or rents[0] != rent:
                    raise RulesetError(f"cells[{i}].rents: need the rent for 0..max_buildings buildings, "
                                       "the first one equal to `rent`")
            elif self.street_rent_multipliers:
                rents = tuple(rent * m for m in self.street_rent_multipliers)
            else:
                raise RulesetError(f"cells[{i}].rents: missing (the ruleset has no street_rent_multipliers)")
            return Cell(i, kind, name, price=r.integer("price", lo=1), rent=rent,
                        house_cost=r.integer("house_cost", lo=0), group=group, rents=rents)
        if kind in ("station", "utility"):
            return Cell(i, kind, name, price=r.integer("price", lo=1))
        if kind == "tax":
            return Cell(i, kind, name, amount=r.integer("amount", lo=0),
                        percent=r.optional_int("percent", 0, lo=0, hi=100))
        if kind == "card":
            return Cell(i, kind, name, deck=self._deck(r, i, "cells"))
        return Cell(i, kind, name)

    def _deck(self, r: _Reader, i: int, where: str) -> str:
        if "deck" not in r.data:
            return ""
        deck = r.text("deck")
        if deck not in self.decks:
            raise RulesetError(f"{where}[{i}].deck: unknown deck {deck!r}")
        return deck

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
        for key in CARD_OPTIONAL_PARAMS.get(effect, ()):
            if key in r.data:
                params[key] = r.integer(key, lo=1)
        if effect == "advance_to" and not 0 <= params["cell"] < len(self.data["cells"]):
            raise RulesetError(f"cards[{i}].cell: not a cell of this board")
        return Card(i, r.text("id"), effect, params, r.names("text"), self._deck(r, i, "cards"))

    def cell_name(self, cell: int, lang: str = "uk") -> str:
        names = self.cells[cell].name
        return names.get(lang) or next(iter(names.values()))

    def mortgage_value(self, cell: int) -> int:
        """The cash a mortgage on `cell` raises: its price times the mortgage percent."""
        return self._mortgage_value[cell]

    def redeem_cost(self, cell: int) -> int:
        """The mortgage value and the interest on it."""
        return self._redeem_cost[cell]

    def building_refund(self, cell: int) -> int:
        """What the bank pays back for one building on `cell`."""
        return self._building_refund[cell]


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

    def optional_int(self, key: str, default: int, lo: int | None = 0, hi: int | None = None) -> int:
        return self.integer(key, lo, hi) if key in self.data else default

    def optional_obj(self, key: str) -> dict[str, Any] | None:
        return self.obj(key) if key in self.data else None

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
