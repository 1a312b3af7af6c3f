"""«Ярмарок»'s money lines told in the feed, in both languages (ui/words/narrate.py): the
player is the line's subject, named as the table names it (a person's name cannot be
declined, so «Банк нараховує Олена відсотки» and «забирає в Олена», read in a game against
the bots, were wrong)."""
from __future__ import annotations

import pytest

from zemlevlasnyk.engine import Event, load_rules
from zemlevlasnyk.engine.events import (
    Built,
    CardKept,
    CardTransferred,
    CardUsed,
    Donated,
    EffectEnded,
    EffectStarted,
    InterestPaid,
    Moved,
    Paid,
    Raided,
    TradeProposed,
)
from zemlevlasnyk.ui.words.narrate import narrate
from zemlevlasnyk.ui.words.ruleset import cell_name

RULES = load_rules("yarmarok")
NAMES = ["Олена", "Богдан", "Ірина"]
GENDERS = ["f", "m", None]


@pytest.mark.parametrize(("event", "uk", "en"), [
    (InterestPaid(0, 20, 220), "Олена отримує від банку відсотки: 20 (на депозиті: 220)",
     "The bank pays Олена interest: 20 (on deposit: 220)"),
    (Raided(2, 0, 1, 4), "Ірина через Рейдерське агентство забирає «Піцерія» (власник: Олена) і віддає «Кав'ярня»",
     "Ірина takes Pizzeria from Олена through the Raider Agency and gives Coffee Shop"),
])
def test_narrate_yarmarok_the_player_is_named_as_the_subject(event: Event, uk: str, en: str) -> None:
    assert narrate(RULES, event, "uk", NAMES, GENDERS) == uk
    assert narrate(RULES, event, "en", NAMES, GENDERS) == en


@pytest.mark.parametrize(("event", "uk", "en"), [
    (CardKept(0, "news_certificate"), "Олена зберігає картку «Сертифікат 100»", "Олена keeps “Certificate 100”"),
    (CardUsed(1, "news_good_sale", None, 45, None), "Богдан використовує картку «Вигідний продаж» → «Гольф-клуб»",
     "Богдан uses “Good Sale” → Golf Club"),
    (EffectStarted("full_price_building_sale", 0, 0),
     "Ліквідація без втрат (Олена): до кінця ходу філіали й офіси повертаються банку за повну ціну",
     "Liquidation Without Loss (Олена): until the turn ends, branches and offices go back to the bank at full price"),
    (EffectEnded("full_price_building_sale", 0, 0, "turn"), "Хід скінчився: ліквідація без втрат більше не діє",
     "The turn is over: the liquidation without loss ends"),
    (CardTransferred("news_certificate", 0, 2), "Картка «Сертифікат 100» переходить: Ірина",
     "“Certificate 100” passes to Ірина"),
    (TradeProposed(0, 1, (1,), (), -50, None, ("news_certificate",)),
     "Олена пропонує обмін → Богдан: віддає «Піцерія», просить картку «Сертифікат 100», 50 готівкою",
     "Олена proposes a trade to Богдан: gives Pizzeria, asks for “Certificate 100”, 50 in cash"),
])
def test_narrate_yarmarok_kept_cards(event: Event, uk: str, en: str) -> None:
    assert narrate(RULES, event, "uk", NAMES, GENDERS) == uk
    assert narrate(RULES, event, "en", NAMES, GENDERS) == en


def test_narrate_yarmarok_a_donation_is_told_once() -> None:
    """The donation's payment is told by its own line (with the count of privileges), not also
    as a payment to the bank («Тарас → банк: 100 (донат)» came before «Тарас вносить донат 100»)."""
    names = ["Оля", "Тарас"]
    assert narrate(RULES, Paid(1, None, RULES.donation, "donation"), "uk", names) is None
    assert narrate(RULES, Donated(1, RULES.donation, 1), "uk", names) == "Тарас вносить донат 100 (донатів: 1)"


@pytest.mark.parametrize(("event", "uk", "en"), [
    (Built(0, 1, 2), "Олена відкриває філіал на «Піцерія» (філіалів: 2)",
     "Олена opens a branch on Pizzeria (branches: 2)"),
    (Built(0, 1, RULES.max_buildings), "Олена відкриває центральний офіс на «Піцерія»",
     "Олена opens a central office on Pizzeria"),
])
def test_narrate_yarmarok_builds_branches_and_an_office_not_houses(event: Event, uk: str, en: str) -> None:
    # Read in a game against the bots: «Гравець 1 будує будинок … будує готель» on a board of
    # branches and central offices (seed 004, L127-134).
    assert narrate(RULES, event, "uk", NAMES, GENDERS) == uk
    assert narrate(RULES, event, "en", NAMES, GENDERS) == en


def test_narrate_yarmarok_a_transfer_is_told_as_one_either_way() -> None:
    # Read in a game against the bots: «Гравець 2 іде з «Метро» на «Аеропорт»» with no roll
    # before it, and a transfer backwards told as a card's move back.
    metro, airport = RULES.stations[0], RULES.stations[1]
    fwd = Moved(1, metro, airport, (airport - metro) % RULES.size, "transfer", False)
    back = Moved(1, airport, metro, -((airport - metro) % RULES.size), "transfer", False)
    m, a = cell_name(RULES, metro, "uk"), cell_name(RULES, airport, "uk")
    assert narrate(RULES, fwd, "uk", NAMES, GENDERS) == f"Богдан пересідає з «{m}» на «{a}» (вперед)"
    assert narrate(RULES, back, "uk", NAMES, GENDERS) == f"Богдан пересідає з «{a}» на «{m}» (назад)"
    me, ae = cell_name(RULES, metro, "en"), cell_name(RULES, airport, "en")
    assert narrate(RULES, back, "en", NAMES, GENDERS) == f"Богдан transfers from {ae} to {me} (back)"
    # Класика's words stay its own.
    klasyka = load_rules("klasyka")
    assert "house" in str(narrate(klasyka, Built(0, 1, 2), "en", NAMES, GENDERS))
