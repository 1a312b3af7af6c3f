"""A ruleset: the board, prices, rents, cards and options of one preset, as validated data.

The engine implements mechanisms; every number lives here. A ruleset is built from plain
JSON data (see `engine/rulesets/*.json`) and refuses data it could not play, naming the
place that is wrong.
"""
from __future__ import annotations

from typing import Any, Final, TypedDict

from .canonical import JSON, JSONObject, digest
from .errors import RulesetError
from .options import BANKRUPT_DEEDS, OptionValue, option_values
from .rule_sections import (
    AGENCY_KINDS,
    SECTION_CARD_EFFECTS,
    SQUARE_KINDS,
    Agencies,
    Casino,
    Credit,
    Deposit,
    Investments,
    Transfers,
    read_plates,
    read_sections,
)
from .values import Value

CELL_KINDS = ("start", "street", "station", "utility", "card", "tax", "jail", "free", "go_to_jail",
              *SQUARE_KINDS, *AGENCY_KINDS)
# Seed 004's agencies are deeds too (rule_sections.AGENCY_KINDS): bought and traded, no rent.
PROPERTY_KINDS = ("street", "station", "utility", *AGENCY_KINDS)
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
    **SECTION_CARD_EFFECTS,
    # The powers of kept cards (engine/powers.py): they act when the holder uses the card.
    "take_from": ("amount",),
    "burn_building": (),
    "build_uneven": (),
    "move_choice": ("min", "max"),
    "move_to_choice": ("kind",),
    "cancel_rent": (),
    "cancel_bank_payment": (),
    "extra_turn": (),
    "stare": ("amount", "miss_faces"),
    "merry": ("amount", "miss_faces"),
    "choose": (),
    # «Ярмарок»'s kept cards (engine/fair_cards.py).
    "transport_discount": ("percent",),
    "double_transfer": (),
    "full_price_deed_sale": (),
    "full_price_building_sale": (),
    "certificate": ("value",),
}
# Parameters a card may give beyond its effect's own: the nearest station at a multiple of
# its rent, the nearest utility at a multiple of a fresh throw of the dice.
CARD_OPTIONAL_PARAMS: dict[str, tuple[str, ...]] = {
    "advance_to_nearest": ("rent_multiplier", "dice_multiplier"),
    # A move onto a square whose offer becomes compulsory (a donation, a casino's bet of at
    # least `min_bet`): rule_sections.py.
    "advance_to": ("min_bet",),
}
# Switches a card may carry, read as true or false.
CARD_FLAGS: dict[str, tuple[str, ...]] = {"advance_to": ("forced",)}
# What the last failed jail try does: pay the fee and move by that roll (the classic rule), or
# leave jail with no fee and no move (seed 004: "пропускаєте два ходи").
JAIL_EXPIRIES = ("pay_and_move", "release")
# Effects that only make sense later, so only a kept card (`"kept": true`) has them: drawn,
# the card is held; the holder uses it (action `use_card`) at the moment its power allows.
POWER_EFFECTS = frozenset({"take_from", "burn_building", "build_uneven", "move_choice", "move_to_choice",
                           "cancel_rent", "cancel_bank_payment", "extra_turn", "stare", "merry", "choose",
                           "transport_discount", "double_transfer", "full_price_deed_sale",
                           "full_price_building_sale", "certificate"})
# Kept cards that act while held and are never used (seed 004's season ticket).
PASSIVE_EFFECTS = frozenset({"transport_discount"})
# Effects of the drawn cards that a kept card may also save for later.
KEEPABLE_EFFECTS = POWER_EFFECTS | {"receive", "collect_from_each"}
# The powers that answer a payment as it falls due (the `payment_due` decision), and those
# that last beyond the moment of use (the state's `effects`).
REACTION_EFFECTS = frozenset({"cancel_rent", "cancel_bank_payment"})
TIMED_EFFECTS = frozenset({"stare", "merry", "extra_turn", "full_price_building_sale"})
# The supply of a bank that limits buildings when its preset names no numbers: the classic
# game's 32 houses and 12 hotels.
DEFAULT_HOUSE_SUPPLY = 32
DEFAULT_HOTEL_SUPPLY = 12
MS_PER_MINUTE = 60_000


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


class Group(TypedDict):
    """A colour group: its names by language and its colour."""
    name: dict[str, str]
    colour: str


# A card's name when the data gives it none (shared, never changed: values are immutable).
_NO_NAME: dict[str, str] = {}


class Choice(Value):
    """One of the effects a kept card of effect `choose` offers its holder (a potion of the
    potion card): `index` in the card's `choices`, an `id` of its own, the effect and its
    parameters, its text and its short name."""
    __slots__ = __match_args__ = ("index", "id", "effect", "params", "text", "name")

    def __init__(self, index: int, id: str, effect: str, params: dict[str, Any], text: dict[str, str],
                 name: dict[str, str]) -> None:
        self.index: Final = index
        self.id: Final = id
        self.effect: Final = effect
        self.params: Final = params
        self.text: Final = text
        self.name: Final = name


class Card(Value):
    """A card of a deck (a value class, `engine/values.py`). `kept`: drawn, the card is held
    until its holder uses it (release cards always are); `choices`: the effects a `choose`
    card offers; `name`: a short name, where the data gives one (a character's, an object's)."""
    __slots__ = __match_args__ = ("index", "id", "effect", "params", "text", "deck", "kept", "choices", "name")

    def __init__(self, index: int, id: str, effect: str, params: dict[str, Any], text: dict[str, str],
                 deck: str = "", kept: bool = False, choices: tuple[Choice, ...] = (),
                 name: dict[str, str] = _NO_NAME) -> None:
        self.index: Final = index
        self.id: Final = id
        self.effect: Final = effect
        self.params: Final = params
        self.text: Final = text
        self.deck: Final = deck
        self.kept: Final = kept
        self.choices: Final = choices
        self.name: Final = name

    @property
    def effects(self) -> tuple[str, ...]:
        """The effect, or for a `choose` card the effects it offers."""
        return tuple(c.effect for c in self.choices) if self.choices else (self.effect,)


class Ruleset:
    """Validated ruleset data with the lookups the engine needs precomputed."""

    # Set by rule_sections.read_sections (absent sections: the classic game's rules).
    deed_sale_percent: int            # what the bank pays for a deed, without mortgages
    deed_sale_values: tuple[int, ...]  # per cell: that amount (0 where no deed is, or with mortgages)
    build_before_roll: bool           # buildings bought, sold and moved only before the roll
    branch_moves: bool                # a building may move within its group, free, before the roll
    shortage_auction: bool            # the bank's last buildings go by auction (else: wait)
    lander_bids: bool                 # the player who declined a deed bids for it too
    stepped_auction: bool             # bids from the price up, by a step the bidders set
    utility_tariffs: tuple[tuple[int, int, int], ...]   # per deed, branch, office of the lander
    donation: int                     # one donation's amount (0: no donations)
    credit: Credit | None
    deposit: Deposit | None
    bank_cells: tuple[int, ...]       # the bank squares, where deposits earn interest
    casino: Casino | None
    transfers: Transfers | None
    agencies: Agencies | None
    agency_cells: dict[str, tuple[int, ...]]   # per agency kind, its squares (one on a board)
    plates: dict[int, str]            # card squares carrying an add-on plate: its kind (plates.py)
    investments: Investments | None
    has_offers: bool                  # decisions offered on landing (state.offers)
    classic: bool                     # none of these sections: the classic game's paths

    def __init__(self, data: JSONObject) -> None:
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
        # Seed 004's jail: landing on its square jails, the last failed try releases without
        # a fee, and a jailing may be cancelled at once with a privilege (rule_sections.py).
        self.jail_on_landing = jail.optional_bool("on_landing", False)
        self.jail_cancel = jail.optional_bool("cancel", False)
        expiry = jail.optional_text("expiry", "pay_and_move")
        if expiry not in JAIL_EXPIRIES:
            raise RulesetError(f"jail.expiry: {expiry!r} is not one of {', '.join(JAIL_EXPIRIES)}")
        self.jail_release_on_expiry = expiry == "release"
        self.full_group_multiplier = r.integer("full_group_multiplier", lo=1)
        self.max_buildings = r.integer("max_buildings", lo=0)
        # Rent by buildings as multiples of the base rent, unless every street lists its own.
        self.street_rent_multipliers: tuple[int, ...] = (
            tuple(r.int_list("street_rent_multipliers")) if "street_rent_multipliers" in data else ())
        if self.street_rent_multipliers and len(self.street_rent_multipliers) != self.max_buildings + 1:
            raise RulesetError("street_rent_multipliers: need one entry per building count, 0..max_buildings")
        self.station_rents: tuple[int, ...] = tuple(r.int_list("station_rents"))
        self.supply_data = r.optional_obj("building_supply")
        # Without mortgages (seed 004) deeds are sold to the bank instead: rule_sections.py.
        self.mortgage = r.optional_bool("mortgage", True)
        # A board without utilities (or with tariffs for them) need not name multipliers.
        self.utility_multipliers: tuple[int, ...] = (
            tuple(r.int_list("utility_multipliers")) if "utility_multipliers" in data else ())
        self.mortgage_percent = r.integer("mortgage_percent", lo=0, hi=100) if self.mortgage else 0
        self.redeem_interest_percent = r.integer("redeem_interest_percent", lo=0) if self.mortgage else 0
        self.building_sale_percent = r.integer("building_sale_percent", lo=0, hi=100)

        decks = r.optional_obj("decks") or {}
        self.decks: dict[str, dict[str, str]] = {
            did: _Reader(d, f"decks.{did}").names("name") for did, d in decks.items()}
        # Deck flags: `hold_limit` (no draw while the lander holds this many of its cards: one
        # character each) and `once_per_player` (no card a seat has used comes to it again).
        self.hold_limit: dict[str, int] = {}
        self.once_per_player: frozenset[str] = frozenset(
            did for did, d in decks.items() if _Reader(d, f"decks.{did}").flag("once_per_player"))
        for did, d in decks.items():
            deck = _Reader(d, f"decks.{did}")
            if "hold_limit" in deck.data:
                self.hold_limit[did] = deck.integer("hold_limit", lo=1)
        # Decks drawn by engine/kept.py: every card of them is kept.
        self.power_decks: frozenset[str] = frozenset(self.hold_limit) | self.once_per_player

        groups = r.obj("groups")
        self.groups: dict[str, Group] = {}
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
        read_sections(self, r)
        if self.utilities and not self.utility_tariffs and len(self.utility_multipliers) < len(self.utilities):
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
        for card in self.cards:
            if card.deck in self.power_decks and not card.kept:
                raise RulesetError(f"cards[{card.index}].kept: the cards of deck {card.deck!r} are kept (it has "
                                   "a hold limit or is once per player)")
        # What the kept cards of these rules can do (engine/kept.py): each part of the state
        # and each decision they need exists only when some card needs it.
        effects = {e for c in self.cards if c.kept and c.effect != "release" for e in c.effects}
        self.powers = bool(effects)
        self.reactions = bool(effects & REACTION_EFFECTS)
        self.timed = bool(effects & TIMED_EFFECTS)
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

    def _read_options(self, data: JSONObject) -> None:
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
        # The quick game's options (engine/speed_die.py, engine/deal.py, engine/time_limit.py).
        self.speed_die = bool(values["speed_die"])
        self.deal_deeds = int(values["deal_deeds"])
        self.time_limit_ms = int(values["time_limit"]) * MS_PER_MINUTE
        self.house_supply: int | None = None
        self.hotel_supply: int | None = None
        if values["building_limits"]:
            supply = _Reader(self.supply_data or {}, "building_supply")
            self.house_supply = supply.optional_int("houses", DEFAULT_HOUSE_SUPPLY)
            self.hotel_supply = supply.optional_int("hotels", DEFAULT_HOTEL_SUPPLY)
        self.pot_cells: tuple[int, ...] = ()
        if self.pot:
            # A board without a free corner names the cell whose lander takes the pot.
            own = _Reader(self.data, "ruleset").optional_int("pot_cell", -1, lo=0, hi=self.size - 1)
            self.pot_cells = (own,) if own >= 0 else tuple(c.index for c in self.cells if c.kind == "free")
        self.plates = read_plates(self, self.data, str(values["plates"]))

    def _cell(self, i: int, c: JSON) -> Cell:
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
            if "rents" in r.data:
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
        if kind in ("station", "utility", *AGENCY_KINDS):
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

    def _card(self, i: int, c: JSON) -> Card:
        r = _Reader(c, f"cards[{i}]")
        effect, params = self._effect(r, f"cards[{i}]")
        kept = effect == "release" or r.flag("kept")
        if kept and effect not in KEEPABLE_EFFECTS and effect != "release":
            raise RulesetError(f"cards[{i}].kept: a card of effect {effect!r} cannot be kept")
        if effect in POWER_EFFECTS and not kept:
            raise RulesetError(f"cards[{i}].kept: effect {effect!r} acts when used later: the card must be kept")
        choices: tuple[Choice, ...] = ()
        if effect == "choose":
            items = r.items("choices")
            if len(items) < 2:
                raise RulesetError(f"cards[{i}].choices: a choice needs at least two effects")
            choices = tuple(self._choice(i, k, x) for k, x in enumerate(items))
            if len({x.id for x in choices}) != len(choices):
                raise RulesetError(f"cards[{i}].choices: their ids must be unique")
        name = r.names("name") if "name" in r.data else {}
        return Card(i, r.text("id"), effect, params, r.names("text"), self._deck(r, i, "cards"), kept, choices, name)

    def _choice(self, i: int, k: int, c: Any) -> Choice:
        where = f"cards[{i}].choices[{k}]"
        r = _Reader(c, where)
        effect, params = self._effect(r, where)
        if effect not in POWER_EFFECTS or effect == "choose" or effect in PASSIVE_EFFECTS:
            raise RulesetError(f"{where}.effect: a choice is one power, not {effect!r}")
        return Choice(k, r.text("id"), effect, params, r.names("text"), r.names("name"))

    def _effect(self, r: _Reader, where: str) -> tuple[str, dict[str, Any]]:
        """A card's (or a choice's) effect and its parameters, checked."""
        effect = r.text("effect")
        if effect not in CARD_EFFECTS:
            raise RulesetError(f"{where}.effect: {effect!r} is not one of {', '.join(CARD_EFFECTS)}")
        params: dict[str, Any] = {}
        for key in CARD_EFFECTS[effect]:
            if key == "kind":
                params[key] = r.text(key)
                if params[key] not in PROPERTY_KINDS:
                    raise RulesetError(f"{where}.kind: must be one of {', '.join(PROPERTY_KINDS)}")
            elif key == "miss_faces":
                # A throw of one die at most this misses: some face must miss and some not.
                params[key] = r.integer(key, lo=1, hi=self.dice_sides - 1)
            else:
                params[key] = r.integer(key, lo=0)
        for key in CARD_OPTIONAL_PARAMS.get(effect, ()):
            if key in r.data:
                params[key] = r.integer(key, lo=1)
        for key in CARD_FLAGS.get(effect, ()):
            if key in r.data:
                params[key] = r.optional_bool(key, False)
        size = self.size
        if effect == "advance_to" and not 0 <= params["cell"] < size:
            raise RulesetError(f"{where}.cell: not a cell of this board")
        if effect == "transport_discount" and params["percent"] > 100:
            raise RulesetError(f"{where}.percent: a discount is at most 100 percent")
        if effect == "move_choice" and not 1 <= params["min"] <= params["max"] < size:
            raise RulesetError(f"{where}: a chosen move needs 1 <= min <= max < the board's size")
        return effect, params

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

    def __init__(self, obj: JSON, path: str) -> None:
        if not isinstance(obj, dict):
            raise RulesetError(f"{path}: expected an object")
        self.data = obj
        self.path = path

    def _get(self, key: str) -> JSON:
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

    def section(self, key: str) -> _Reader:
        """The object at `key` (an empty one when absent), for a section's own keys."""
        return _Reader(self.optional_obj(key) or {}, f"{self.path}.{key}" if self.path != "ruleset" else key)

    def item_names(self, key: str) -> list[dict[str, str]]:
        """A list of names by language (e.g. a casino's figures)."""
        out = []
        for i, v in enumerate(self.items(key)):
            given = v if isinstance(v, dict) else {}
            names = {k: t for k, t in given.items() if isinstance(t, str) and t}
            if not names or len(names) != len(given):
                raise RulesetError(f"{self.path}.{key}[{i}]: expected names by language")
            out.append(names)
        return out

    def optional_bool(self, key: str, default: bool) -> bool:
        if key not in self.data:
            return default
        v = self.data[key]
        if not isinstance(v, bool):
            raise RulesetError(f"{self.path}.{key}: expected true or false, got {v!r}")
        return v

    def optional_text(self, key: str, default: str) -> str:
        return self.text(key) if key in self.data else default

    def optional_obj(self, key: str) -> JSONObject | None:
        return self.obj(key) if key in self.data else None

    def flag(self, key: str) -> bool:
        """An optional switch, false when absent."""
        v = self.data.get(key, False)
        if not isinstance(v, bool):
            raise RulesetError(f"{self.path}.{key}: expected true or false, got {v!r}")
        return v

    def text(self, key: str) -> str:
        v = self._get(key)
        if not isinstance(v, str) or not v:
            raise RulesetError(f"{self.path}.{key}: expected a non-empty string")
        return v

    def obj(self, key: str) -> JSONObject:
        v = self._get(key)
        if not isinstance(v, dict):
            raise RulesetError(f"{self.path}.{key}: expected an object")
        return v

    def items(self, key: str) -> list[JSON]:
        v = self._get(key)
        if not isinstance(v, list):
            raise RulesetError(f"{self.path}.{key}: expected a list")
        return v

    def int_list(self, key: str) -> list[int]:
        v = [x for x in self.items(key) if isinstance(x, int) and not isinstance(x, bool) and x >= 0]
        if not v or len(v) != len(self.items(key)):
            raise RulesetError(f"{self.path}.{key}: expected a list of whole numbers >= 0")
        return v

    def names(self, key: str) -> dict[str, str]:
        v = {k: s for k, s in self.obj(key).items() if isinstance(s, str) and s}
        if not v or len(v) != len(self.obj(key)):
            raise RulesetError(f"{self.path}.{key}: expected names by language, e.g. {{\"uk\": \"…\"}}")
        return v
