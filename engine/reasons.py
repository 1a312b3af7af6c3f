"""Why money moves: the reason of a payment (`Paid`), a debt (`Debt`, `DebtOwed`) and a
bankruptcy (`Bankrupt`).

A reason is a `Reason` (the rules' own: rent, tax, the jail fee, a purchase, ...) or a
`CardReason`, the money of one card (its fine, payment or collection). Both are strings
underneath, the very strings the state's and the events' JSON always had (`"rent"`,
`"card:<id>"`): encoding, hashing and comparing one costs what a plain string does, and
every state hash stays as it was. `reason_from_json` reads one back, refusing any other.
"""
from __future__ import annotations

from collections.abc import Container
from enum import StrEnum
from typing import Self


class Reason(StrEnum):
    """The rules' reasons for money to move (JSON values: they are hashed, never rename one)."""
    RENT = "rent"
    TAX = "tax"
    JAIL_FEE = "jail_fee"
    START_SALARY = "start_salary"
    START_BONUS = "start_bonus"      # option `start_bonus`: landing on the start cell pays again
    POT = "pot"                      # option `pot`: the pot on the free corner
    PURCHASE = "purchase"
    AUCTION = "auction"
    BUILDING = "building"
    BUILDING_SOLD = "building_sold"
    MORTGAGE = "mortgage"
    REDEEM = "redeem"
    MORTGAGE_FEE = "mortgage_fee"    # option `mortgage_fee`: a mortgaged deed received
    TRADE = "trade"
    BANKRUPTCY = "bankruptcy"        # a bankrupt's cash to its creditor
    DEED_SALE = "deed_sale"          # a deed sold back to the bank («Ярмарок»)
    DONATION = "donation"            # given at the donation square («Ярмарок»)
    CREDIT = "credit"                # a credit square's debt («Ярмарок»)
    DEPOSIT = "deposit"              # money put on deposit at the bank square («Ярмарок»)
    WITHDRAWAL = "withdrawal"        # a deposit paid back («Ярмарок»)
    CASINO_BET = "casino_bet"        # «Ярмарок»'s casino: the stake,
    CASINO_WIN = "casino_win"        # what it pays,
    JACKPOT = "jackpot"              # and its jackpot
    FARE = "fare"                    # a transfer's fare («Ярмарок»)
    INVESTMENT = "investment"        # a chip bought or moved on («Ярмарок»)
    RAID_FEE = "raid_fee"            # a raiding agency's fee («Ярмарок»)
    REALTY_SURCHARGE = "realty_surcharge"   # the realty agency's share of a purchase («Ярмарок»)


# The reasons as module names, for the engine's busiest lines (as phases.py says why).
(RENT, TAX, JAIL_FEE, START_SALARY, START_BONUS, POT, PURCHASE, AUCTION, BUILDING, BUILDING_SOLD, MORTGAGE,
 REDEEM, MORTGAGE_FEE, TRADE, BANKRUPTCY, DEED_SALE, DONATION, CREDIT) = (
    Reason.RENT, Reason.TAX, Reason.JAIL_FEE, Reason.START_SALARY, Reason.START_BONUS, Reason.POT,
    Reason.PURCHASE, Reason.AUCTION, Reason.BUILDING, Reason.BUILDING_SOLD, Reason.MORTGAGE, Reason.REDEEM,
    Reason.MORTGAGE_FEE, Reason.TRADE, Reason.BANKRUPTCY, Reason.DEED_SALE, Reason.DONATION, Reason.CREDIT)

CARD_PREFIX = "card:"


class CardReason(str):
    """The money of the card with id `card`: `card:<id>` as JSON has it."""
    __slots__ = ()

    def __new__(cls, card: str) -> Self:
        return super().__new__(cls, CARD_PREFIX + card)

    @property
    def card(self) -> str:
        """The card's id."""
        return self[len(CARD_PREFIX):]

    def __repr__(self) -> str:
        return f"CardReason({self.card!r})"


PayReason = Reason | CardReason


def reason_from_json(value: object, cards: Container[str]) -> PayReason:
    """The reason a JSON string names: one of `Reason`, or `card:<id>` of one of `cards`
    (the ruleset's card ids); ValueError for anything else."""
    if isinstance(value, str):
        if value.startswith(CARD_PREFIX) and value[len(CARD_PREFIX):] in cards:
            return CardReason(value[len(CARD_PREFIX):])
        try:
            return Reason(value)
        except ValueError:
            pass
    raise ValueError(f"not a reason for money to move: {value!r}")
