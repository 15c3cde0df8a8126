"""The page of ``strategy serve`` in a real browser: Debian's headless Chromium, driven over
the DevTools protocol (``tests/browser.py``), against the real server on a loopback port.

Like the report page's test, it is skipped without chromium on a developer's machine and
fails in CI, which installs it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from strategy import risk
from strategy.risk.battle import Battle
from strategy.risk.classic import battle_odds, battle_table
from strategy.risk.editions import edition
from strategy.risk.optimal import optimal_odds
from tests.browser import Browser
from tests.serving import get, require_serve_extra, running_server
from tests.test_report import chromium, png_rows

PHONE = (390, 844)  # CSS pixels of a common phone's screen


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    require_serve_extra()
    chromium()
    with running_server("--workers", "1") as url:
        yield url


@pytest.fixture(scope="module")
def page(base: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    browser = Browser(tmp_path_factory.mktemp("profile"), *PHONE, mobile=True)
    try:
        browser.open(f"{base}/")
        yield browser
    finally:
        browser.close()


def shown(page: Browser, element: str, expected: str, *, part: bool = False) -> str:
    """The text of ``#element`` once it reads ``expected`` (holds it, with ``part``), or
    after 10 s whatever it reads."""
    return str(
        page.evaluate(
            f"""new Promise((resolve) => {{
              const began = Date.now(), expected = {json.dumps(expected)};
              (function look() {{
                const text = document.getElementById({json.dumps(element)}).textContent;
                const found = {"text.includes(expected)" if part else "text === expected"};
                if (found || Date.now() - began > 10000) resolve(text);
                else setTimeout(look, 25);
              }})();
            }})"""
        )
    )


def settled(page: Browser, element: str) -> str:
    """The text of ``#element`` once the page has loaded and finished every fetch."""
    return str(
        page.evaluate(
            f"""new Promise((resolve) => {{
              (function look() {{
                const body = document.body.dataset;
                if (body.ready === "1" && body.busy === "")
                  resolve(document.getElementById({json.dumps(element)}).textContent);
                else setTimeout(look, 25);
              }})();
            }})"""
        )
    )


def choose(page: Browser, field: str, value: str) -> None:
    page.evaluate(
        f"""(() => {{ const f = document.getElementById({json.dumps(field)});
        f.value = {json.dumps(value)}; f.dispatchEvent(new Event("change")); }})()"""
    )


def test_typing_a_battle_shows_its_odds(page: Browser) -> None:
    expected = f"{float(battle_odds(10, 6).win_probability):.4f}"
    # Osborne (2003), Table 3: 0.808 at 9 attacking armies (10 in the territory) v 6.
    assert expected == "0.8076" and round(float(expected), 3) == 0.808
    # The page opens on 5 v 3.
    assert settled(page, "p-capture") == f"{float(battle_odds(5, 3).win_probability):.4f}"
    page.type_into("#f-attackers", "10")
    page.type_into("#f-defenders", "6")
    assert shown(page, "p-capture", expected) == expected
    bars = page.evaluate("document.querySelectorAll('#chart rect').length")
    drawn = [p for _, _, p in battle_odds(10, 6).final_states if p >= 1e-4]
    assert bars == len(drawn) == 15


def test_a_defender_who_sees_the_roll(page: Browser) -> None:
    page.type_into("#f-attackers", "10")
    page.type_into("#f-defenders", "6")
    choose(page, "f-choice", "sees-roll")
    best = optimal_odds(10, 6, Battle.of(choice="sees-roll"))
    expected = f"{best.value:.4f}"
    assert shown(page, "p-capture", expected) == expected
    assert expected != f"{float(battle_odds(10, 6).win_probability):.4f}"
    # The defender's answer to each roll of the attacker's 3 dice, as the library finds it.
    answers = [
        f"{'-'.join(map(str, roll))} → {' or '.join(map(str, dice))}"
        for count, roll, dice in best.play.responses
        if count == 3
    ]
    chips = page.evaluate(
        """new Promise((resolve) => setTimeout(() => resolve(
          [...document.querySelectorAll('#answers li')].map((li) => li.textContent)), 300))"""
    )
    assert chips == answers and len(answers) == 21
    choose(page, "f-choice", "max")


#: The plan form's fields for a turn on South America (the turn-plans guide's example).
SOUTH_AMERICA = {
    "plan-from": "Central America=14",
    "plan-defenders": "Venezuela=2,Brazil=3,Peru=1,Argentina=2",
    "plan-target": "South America",
}


def test_an_edition_and_a_turn_plan(page: Browser, base: str) -> None:
    page.type_into("#f-attackers", "10")
    page.type_into("#f-defenders", "6")
    choose(page, "f-edition", "risiko")
    expected = f"{float(battle_odds(10, 6, edition('risiko').rules).win_probability):.4f}"
    assert shown(page, "p-capture", expected) == expected
    choose(page, "f-edition", "")
    for field, text in SOUTH_AMERICA.items():
        page.type_into(f"#{field}", text)
    query = "attackers=Central America=14&defenders=Venezuela=2,Brazil=3,Peru=1,Argentina=2"
    plan = get(f"{base}/api/plan?{query}&target=South America&exact=false".replace(" ", "%20"))
    value = f"{plan.json()['value']:.4f}"
    expected = f": {value}; first attack Venezuela from Central America"
    assert expected in shown(page, "plan", expected, part=True)
    for field in SOUTH_AMERICA:
        page.type_into(f"#{field}", "")


def test_reinforcements_and_a_fortification(page: Browser, base: str) -> None:
    position = {"plan-from": "India=3,China=2", "plan-defenders": "Siam=2", "plan-target": "Siam"}
    for field, text in position.items():
        page.type_into(f"#{field}", text)
    page.type_into("#f-reinforce", "3")
    query = "attackers=India=3,China=2&defenders=Siam=2&target=Siam&reinforce=3&exact=false"
    best = get(f"{base}/api/plan?{query}").json()["reinforcement"]["best"]["placement"]
    placed = ", ".join(f"{name} {armies}" for name, armies in best.items())
    expected = f"Place {placed} first."
    assert shown(page, "plan", expected, part=True).startswith(expected)
    page.type_into("#f-reinforce", "0")
    page.type_into("#plan-from", "Siam=6")
    page.type_into("#plan-target", "Australia")
    page.type_into("#f-armies", "5")
    # The library's answer, independent of the server (the page asks for floats).
    found = risk.fortify(attackers="Siam=6", armies=5, target="Australia", exact=False)
    placed = ", ".join(
        f"{name} {armies}" for name, armies in found.to_json()["best"]["placement"].items()
    )
    expected = f"Place {placed}: the attacker's best is then {float(found.value):.4f}"
    assert shown(page, "fortify", expected, part=True).startswith(expected)
    for field in (*position, "f-armies"):
        page.type_into(f"#{field}", "")


def test_a_fortify_question_leaves_no_stale_answer_and_no_wrong_error(page: Browser) -> None:
    # Issue 31: after a plan, a fortify question left the plan's value above a red error,
    # and put "no armies given for ..." in the plan's panel.
    for field, text in SOUTH_AMERICA.items():
        page.type_into(f"#{field}", text)
    assert "first attack" in shown(page, "plan", "first attack", part=True)
    page.type_into("#plan-defenders", "")
    page.type_into("#f-armies", "1")  # fewer than the four territories of South America
    said = shown(page, "fortify-error", "at least one army on each", part=True)
    assert "at least one army on each of its 4 territories" in said
    hidden = page.evaluate(
        "[document.getElementById('plan-panel').hidden,"
        " document.getElementById('plan-error').hidden,"
        " document.getElementById('fortify').textContent]"
    )
    assert hidden == [True, True, ""]
    for field in (*SOUTH_AMERICA, "f-armies"):
        page.type_into(f"#{field}", "")


def test_a_missing_attacker_is_named_as_missing(page: Browser) -> None:
    page.type_into("#f-attackers", "")
    assert "give attackers" in shown(page, "odds-error", "give attackers", part=True)
    page.type_into("#f-attackers", "5")
    assert shown(page, "p-capture", "0.", part=True).startswith("0.")


def test_the_table_panel_shows_the_battle_among_its_neighbours(page: Browser) -> None:
    page.type_into("#f-attackers", "7")
    page.type_into("#f-defenders", "4")
    # The classic table's value at 7 v 4, from the library's kernel.
    expected = f"{float(battle_table(7, 4).value(7, 4)):.3f}"
    found = page.evaluate(
        """new Promise((resolve) => {
          const began = Date.now();
          (function look() {
            const here = document.querySelector('#table-grid td.here');
            const rows = document.querySelectorAll('#table-grid tr').length;
            if ((here && rows === 8) || Date.now() - began > 10000)
              resolve(here ? [here.textContent, rows] : null);
            else setTimeout(look, 25);
          })();
        })"""
    )
    assert found == [expected, 8]  # a header row and A = 1..7


def test_territory_fields_show_a_whole_name_on_a_phone(page: Browser) -> None:
    page.type_into("#plan-from", "Central America=14,North Africa=7")
    widths = page.evaluate(
        "(() => { const f = document.getElementById('plan-from');"
        " return [f.getBoundingClientRect().width, f.scrollWidth, f.clientWidth]; })()"
    )
    page.type_into("#plan-from", "")
    # The field takes the row (not a third of it) and holds "Central America=14" whole.
    assert widths[0] > PHONE[0] / 2
    page.type_into("#plan-from", "Central America=14")
    fits = page.evaluate(
        "(() => { const f = document.getElementById('plan-from');"
        " return f.scrollWidth <= f.clientWidth; })()"
    )
    page.type_into("#plan-from", "")
    assert fits


def test_fits_a_phone_screen(page: Browser, tmp_path: Path) -> None:
    widths = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert widths[0] <= widths[1] == PHONE[0], "the page scrolls sideways on a phone"
    shot = page.screenshot()
    width, height, distinct = png_rows(shot)
    assert (width, height) == PHONE
    assert distinct > 200, "the screenshot is (nearly) blank"


def test_everything_comes_from_the_server(page: Browser, base: str) -> None:
    loaded = page.evaluate("performance.getEntriesByType('resource').map((e) => e.name)")
    assert loaded and all(url.startswith(f"{base}/") for url in loaded)
    for asset in ("/", "/app.js", "/style.css"):
        text = get(f"{base}{asset}").text
        # The only URL is the SVG namespace, which is a name, not a request.
        assert set(re.findall(r"https?://[^\s\"'<>`]+", text)) <= {"http://www.w3.org/2000/svg"}
    headers = get(f"{base}/").headers
    assert "default-src 'none'" in headers["content-security-policy"]
