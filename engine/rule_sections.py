"""The optional sections of a ruleset that switch on mechanisms beyond the classic game's,
first played by «Ярмарок» (shared/seeds/004): deeds sold to the bank instead of mortgages, a
building window before the roll with free moves of branches, a stepped auction without the
lander, utilities whose rent counts the lander's holdings, and the squares of money (a
donation, a credit, ...).

Each section is read into typed values on the `Ruleset` (`read_sections`); a ruleset without
a section plays as it always has, and its data, digest and states are unchanged. Where a
section names a square, the board must have it, and a square needs its section.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, Protocol

from .errors import RulesetError
from .values import Value

# The squares these sections add, each with the section that gives its numbers; the agencies
# are deeds (rules.PROPERTY_KINDS) whose square offers their service.
SQUARE_KINDS = ("donation", "credit", "bank", "casino")
AGENCY_KINDS = ("raid_agency", "realty_agency")
_SQUARE_SECTIONS = {"donation": "donation", "credit": "credit", "bank": "deposit", "casino": "casino",
                    "raid_agency": "agencies", "realty_agency": "agencies"}
# Card effects of these sections and their parameters (rules.CARD_EFFECTS): the bank adds
# `percent` of one's deposit (rounded down).
SECTION_CARD_EFFECTS: dict[str, tuple[str, ...]] = {"deposit_interest": ("percent",)}
# When a building may be bought, sold or moved: on one's turn before or after the roll (the
# classic rule), or only before the roll (seed 004 L130; a debt is the one exception).
BUILD_WHEN = ("turn", "pre_roll")
# What happens when more players want the bank's last buildings than it has: the classic
# auction, or nothing (seed 004 L129: "чекайте звільнення").
SHORTAGE = ("auction", "wait")


class Credit(Value):
    """The credit square (seed 004 L64): a throw of two dice whose total is not `lucky_total`
    costs `share_percent` of one's cash, rounded up (in the bank's favour)."""
    __slots__ = __match_args__ = ("lucky_total", "share_percent")

    def __init__(self, lucky_total: int, share_percent: int) -> None:
        self.lucky_total: Final = lucky_total
        self.share_percent: Final = share_percent

    def debt(self, cash: int) -> int:
        return -(-cash * self.share_percent // 100)


class Deposit(Value):
    """The bank square's deposit (seed 004 L48, L67-70): every seat starts with `start` on
    deposit, which earns `interest_percent`, rounded down, each time the token passes or
    stops on the bank square moving forward."""
    __slots__ = __match_args__ = ("start", "interest_percent")

    def __init__(self, start: int, interest_percent: int) -> None:
        self.start: Final = start
        self.interest_percent: Final = interest_percent


class Casino(Value):
    """The casino square (seed 004 L78-88): three throws of one die, each read as a figure
    through `figures[throw][face - 1]` (an index into `names`); each pair of like figures
    pays the bet times `pair_coefficient` (three alike are three pairs) and, with
    `triple_jackpot`, three alike also win the jackpot, at most `jackpot_cap` times the bet
    (0: all of it). Every bet goes into the jackpot."""
    __slots__ = __match_args__ = ("figures", "names", "pair_coefficient", "triple_jackpot", "jackpot_cap")

    def __init__(self, figures: tuple[tuple[int, ...], ...], names: tuple[dict[str, str], ...],
                 pair_coefficient: int, triple_jackpot: bool, jackpot_cap: int = 0) -> None:
        self.figures: Final = figures
        self.names: Final = names
        self.pair_coefficient: Final = pair_coefficient
        self.triple_jackpot: Final = triple_jackpot
        self.jackpot_cap: Final = jackpot_cap

    def jackpot_won(self, jackpot: int, bet: int) -> int:
        """What three alike win of the jackpot for `bet`."""
        if not self.triple_jackpot:
            return 0
        return min(jackpot, self.jackpot_cap * bet) if self.jackpot_cap else jackpot


class Transfers(Value):
    """Transfers between transport squares (seed 004 L99-103): `fare` per square entered."""
    __slots__ = __match_args__ = ("fare",)

    def __init__(self, fare: int) -> None:
        self.fare: Final = fare


class Agencies(Value):
    """The agencies' prices of service (seed 004 L115, L121): a raid's fee, and the real-estate
    agency's surcharge as a share of the deed's price (rounded up)."""
    __slots__ = __match_args__ = ("raid_fee", "realty_surcharge_percent")

    def __init__(self, raid_fee: int, realty_surcharge_percent: int) -> None:
        self.raid_fee: Final = raid_fee
        self.realty_surcharge_percent: Final = realty_surcharge_percent


class Investments(Value):
    """Investment chips (seed 004 L157-162): so many a player, at most so many a street from
    all investors, each at this share of its side's branch price."""
    __slots__ = __match_args__ = ("chips_per_player", "max_per_street", "price_percent")

    def __init__(self, chips_per_player: int, max_per_street: int, price_percent: int) -> None:
        self.chips_per_player: Final = chips_per_player
        self.max_per_street: Final = max_per_street
        self.price_percent: Final = price_percent


# A casino's die has this many faces at most (one byte of chance per throw).
MAX_CASINO_FACES = 256


class Reader(Protocol):
    """What reading a section needs of rules.py's reader of ruleset data."""
    data: dict[str, Any]

    def section(self, key: str) -> Reader: ...
    def integer(self, key: str, lo: int | None = None, hi: int | None = None) -> int: ...
    def optional_int(self, key: str, default: int, lo: int | None = 0, hi: int | None = None) -> int: ...
    def optional_bool(self, key: str, default: bool) -> bool: ...
    def optional_text(self, key: str, default: str) -> str: ...
    def items(self, key: str) -> list[Any]: ...
    def item_names(self, key: str) -> list[dict[str, str]]: ...


class _Cell(Protocol):
    @property
    def index(self) -> int: ...
    @property
    def kind(self) -> str: ...
    @property
    def price(self) -> int: ...
    @property
    def is_property(self) -> bool: ...


class Target(Protocol):
    """The ruleset whose sections are read: what it holds already, and what they set."""
    @property
    def cells(self) -> Sequence[_Cell]: ...
    @property
    def stations(self) -> tuple[int, ...]: ...
    @property
    def utilities(self) -> tuple[int, ...]: ...
    mortgage: bool
    dice_sides: int
    jail_cancel: bool
    deed_sale_percent: int
    deed_sale_values: tuple[int, ...]
    build_before_roll: bool
    branch_moves: bool
    shortage_auction: bool
    lander_bids: bool
    stepped_auction: bool
    utility_tariffs: tuple[tuple[int, int, int], ...]
    donation: int
    credit: Credit | None
    deposit: Deposit | None
    bank_cells: tuple[int, ...]
    casino: Casino | None
    transfers: Transfers | None
    agencies: Agencies | None
    agency_cells: dict[str, tuple[int, ...]]
    investments: Investments | None
    max_buildings: int
    has_offers: bool
    classic: bool


def _casino(r: Reader) -> Casino:
    c = r.section("casino")
    names = tuple(c.item_names("names"))
    figures: list[tuple[int, ...]] = []
    for i, row in enumerate(c.items("figures")):
        if (not isinstance(row, list) or not 2 <= len(row) <= MAX_CASINO_FACES
                or not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x < len(names) for x in row)):
            raise RulesetError(f"casino.figures[{i}]: expected the figure (an index of `names`) of each face")
        figures.append(tuple(row))
    if len(figures) != 3:
        raise RulesetError("casino.figures: three throws, one table each")
    return Casino(tuple(figures), names, c.integer("pair_coefficient", lo=1), c.optional_bool("triple_jackpot", False),
                  c.optional_int("jackpot_cap", 0, lo=0))


# The kinds of plate a layout may put on a card square (plates.py), with the section each needs.
PLATE_SECTIONS = {"raid": "agencies", "realty": "agencies", "invest": "investments"}


def read_plates(rules: Target, data: dict[str, Any], layout: str) -> dict[int, str]:
    """The plates of the layout named `layout` (""; none): card square -> kind."""
    if not layout:
        return {}
    chosen = data["plate_layouts"][layout]
    if not isinstance(chosen, dict):
        raise RulesetError(f"plate_layouts.{layout}: expected plates by card square")
    plates: dict[int, str] = {}
    for where, kind in chosen.items():
        cell = int(where) if isinstance(where, str) and where.isdigit() else -1
        if not 0 <= cell < len(rules.cells) or rules.cells[cell].kind != "card":
            raise RulesetError(f"plate_layouts.{layout}.{where}: a plate lies on a card square")
        if kind not in PLATE_SECTIONS or PLATE_SECTIONS[kind] not in data:
            raise RulesetError(f"plate_layouts.{layout}.{where}: {kind!r} is no plate these rules play")
        plates[cell] = kind
    return plates


def read_sections(rules: Target, r: Reader) -> None:
    """Read the optional sections into `rules` (its cells are read already)."""
    data = r.data
    if rules.mortgage:
        rules.deed_sale_percent = 0
    else:
        rules.deed_sale_percent = r.integer("deed_sale_percent", lo=1, hi=100)
    percent = rules.deed_sale_percent
    rules.deed_sale_values = tuple(c.price * percent // 100 if c.is_property else 0 for c in rules.cells)
    b = r.section("building")
    when = b.optional_text("when", "turn")
    if when not in BUILD_WHEN:
        raise RulesetError(f"building.when: {when!r} is not one of {', '.join(BUILD_WHEN)}")
    rules.build_before_roll = when == "pre_roll"
    rules.branch_moves = b.optional_bool("moves", False)
    shortage = b.optional_text("shortage", "auction")
    if shortage not in SHORTAGE:
        raise RulesetError(f"building.shortage: {shortage!r} is not one of {', '.join(SHORTAGE)}")
    rules.shortage_auction = shortage == "auction"
    auction = r.section("auction")
    rules.lander_bids = auction.optional_bool("lander_bids", True)
    rules.stepped_auction = auction.optional_bool("stepped", False)

    tariffs: tuple[tuple[int, int, int], ...] = ()
    if "utility_tariffs" in data:
        rows = r.items("utility_tariffs")
        for i, row in enumerate(rows):
            if (not isinstance(row, list) or len(row) != 3
                    or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in row)):
                raise RulesetError(f"utility_tariffs[{i}]: expected [per deed, per branch, per office]")
        tariffs = tuple((row[0], row[1], row[2]) for row in rows)
        if len(tariffs) < len(rules.utilities):
            raise RulesetError("utility_tariffs: need one row per number of utilities owned")
    rules.utility_tariffs = tariffs

    rules.donation = 0
    if "donation" in data:
        rules.donation = r.section("donation").integer("amount", lo=1)
    rules.credit = None
    if "credit" in data:
        c = r.section("credit")
        lucky = c.integer("lucky_total", lo=2, hi=2 * rules.dice_sides)
        rules.credit = Credit(lucky, c.integer("share_percent", lo=1, hi=100))

    rules.deposit = None
    if "deposit" in data:
        d = r.section("deposit")
        rules.deposit = Deposit(d.integer("start", lo=0), d.integer("interest_percent", lo=0, hi=100))
    rules.bank_cells = tuple(c.index for c in rules.cells if c.kind == "bank")
    rules.casino = _casino(r) if "casino" in data else None
    rules.transfers = None
    if "transfers" in data:
        rules.transfers = Transfers(r.section("transfers").integer("fare", lo=0))
        if len(rules.stations) < 2:
            raise RulesetError("transfers: the board needs two transport squares at least")

    rules.agencies = None
    if "agencies" in data:
        a = r.section("agencies")
        rules.agencies = Agencies(a.integer("raid_fee", lo=0), a.integer("realty_surcharge_percent", lo=0))
    rules.investments = None
    if "investments" in data:
        inv = r.section("investments")
        max_per_street = inv.integer("max_per_street", lo=1)
        if max_per_street > rules.max_buildings:
            raise RulesetError("investments.max_per_street: at most max_buildings (a chip's rent is a branch's)")
        rules.investments = Investments(inv.integer("chips_per_player", lo=1), max_per_street,
                                        inv.integer("price_percent", lo=0, hi=100))
    rules.agency_cells = {kind: tuple(c.index for c in rules.cells if c.kind == kind) for kind in AGENCY_KINDS}
    for kind, found in rules.agency_cells.items():
        if len(found) > 1:
            raise RulesetError(f"cells: one {kind} square at most (its owner is the agency's)")

    kinds = {c.kind for c in rules.cells}
    for kind, section in _SQUARE_SECTIONS.items():
        if kind in kinds and section not in data:
            raise RulesetError(f"cells: a {kind} square needs the ruleset's {section!r} section")
    # Whether states of these rules carry decisions offered on landing (`state.offers`).
    rules.has_offers = bool(rules.donation or rules.credit or rules.jail_cancel or rules.deposit or rules.casino
                            or rules.agencies or rules.investments)
    # No mechanism of these sections: the game's classic paths apply as they always have.
    rules.classic = (rules.mortgage and not rules.build_before_roll and not rules.branch_moves and not rules.has_offers
                     and rules.deposit is None and rules.transfers is None and not rules.stepped_auction)
