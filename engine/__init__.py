"""Землевласник's rules engine: pure, deterministic, data-driven.

See docs/ENGINE_API.md for the query surface. Nothing here touches files (beyond reading
the packaged rulesets), sockets, clocks, threads or `random`.
"""
from __future__ import annotations

from .actions import (
    ACTION_TYPES,
    AcceptDraw,
    AcceptTrade,
    Action,
    AuctionDeed,
    Bid,
    Build,
    Buy,
    BuyFromBank,
    CasinoBet,
    DeclareBankruptcy,
    DeclineDraw,
    DeclineTrade,
    Deposit,
    Donate,
    EndTurn,
    GoToJail,
    Invest,
    Mortgage,
    MoveBranch,
    MoveChip,
    MoveTo,
    OfferDraw,
    PassBid,
    PayDebt,
    PayJailFee,
    PayTax,
    PayTaxPercent,
    ProposeTrade,
    Raid,
    Redeem,
    Resign,
    Roll,
    RollCredit,
    RollForDouble,
    SellBuilding,
    SellDeed,
    SendToAuction,
    SettleDebt,
    Skip,
    SpendDonation,
    TakeBus,
    Transfer,
    UseCard,
    UseReleaseCard,
    WithdrawDeposit,
    action_from_json,
)
from .canonical import JSON, JSONObject, canonical_json, digest
from .chance import ChanceSource, Entropy, Scripted
from .errors import (
    BadAction,
    BadState,
    ChanceRequired,
    EngineError,
    IllegalAction,
    OptionError,
    PresetError,
    RulesetError,
)
from .events import EVENT_TYPES, Event
from .game import Decision, DecisionKind, Game, Legal, Outcome, tax_choices
from .options import OptionKind, OptionSpec, OptionValue
from .phases import Phase, PhaseError, Resume
from .presets import DEFAULT_PRESET, load_preset, load_rules, option_specs, preset_names, refused_option_reasons
from .reasons import CardReason, PayReason, Reason
from .rules import Ruleset
from .state import BANK, Auction, Debt, DrawOffer, TradeOffer, TradeRefusal

__all__ = [
    "ACTION_TYPES", "AcceptDraw", "AcceptTrade", "Action", "Auction", "BANK", "BadAction",
    "BadState", "Bid", "Build", "Buy", "ChanceRequired", "ChanceSource", "DEFAULT_PRESET", "Debt",
    "Decision", "DeclareBankruptcy", "DeclineDraw", "DeclineTrade", "DrawOffer", "EVENT_TYPES",
    "EndTurn", "EngineError", "Entropy", "Event", "Game", "IllegalAction", "Legal", "Mortgage", "MoveTo",
    "OfferDraw", "Outcome", "PassBid", "PayDebt", "PayJailFee", "PayTax", "PayTaxPercent", "Phase", "PhaseError",
    "ProposeTrade", "Redeem", "Resign", "Resume", "Roll", "RollForDouble", "Ruleset", "RulesetError",
    "Scripted", "SellBuilding", "SendToAuction", "SettleDebt", "TakeBus", "TradeOffer", "TradeRefusal", "UseCard",
    "UseReleaseCard",
    "action_from_json", "canonical_json", "digest", "load_preset", "preset_names",
    "OptionError", "OptionKind", "OptionSpec", "OptionValue", "PresetError", "load_rules", "option_specs",
    "tax_choices", "Donate", "GoToJail", "MoveBranch", "RollCredit", "SellDeed", "Skip", "SpendDonation",
    "AuctionDeed", "CasinoBet", "Deposit", "Transfer", "WithdrawDeposit", "BuyFromBank", "Raid", "Invest",
    "MoveChip", "refused_option_reasons",
    "CardReason", "DecisionKind", "JSON", "JSONObject", "PayReason", "Reason",
]
