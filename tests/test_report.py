"""The HTML report: self-contained, and rendered by a real browser (headless Chromium).

The browser test needs Debian's ``chromium`` (``.ci/run`` installs it). Without it the
test is skipped on a developer's machine and fails in CI (``CI`` set), so CI cannot
pass without having looked at the page.

Deep imports: the command's entry point and the kernels, the reference for the report's numbers.
"""

from __future__ import annotations

import html
import os
import re
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import pytest

from strategy.cli.main import main
from strategy.risk.battle import Battle
from strategy.risk.classic import battle_odds

CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)


def write_report(tmp_path: Path, *argv: str) -> Path:
    out = tmp_path / "report.html"
    assert main(["risk", "report", *argv, "--out", str(out)]) == 0
    return out


def test_page_is_self_contained(tmp_path: Path) -> None:
    page = write_report(tmp_path, "10", "6", "--attackers", "8", "--defenders", "8").read_text()
    assert "<script" not in page.lower() and "<link" not in page.lower()
    # The only URL is the SVG namespace, which is a name, not a request.
    urls = set(re.findall(r"https?://[^\s\"'<>]+", page))
    assert urls == {"http://www.w3.org/2000/svg"}
    odds = battle_odds(10, 6)
    bars = page.count("<rect ")
    assert bars == len(odds.final_states)


def test_report_under_a_choice_rule(tmp_path: Path) -> None:
    from strategy.risk.optimal import optimal_odds

    argv = ("4", "3", "--attackers", "5", "--defenders", "4", "--choice", "sees-roll")
    page = write_report(tmp_path, *argv).read_text()
    value = optimal_odds(4, 3, Battle.of(choice="sees-roll"), exact=True).value
    label = "value of optimal play: probability that the attacker captures the territory"
    assert f"{label}</td><td>{float(value):.6f}" in page
    assert "choice sees-roll" in page.split("strategy matrix</h2>", 1)[1]


def sections(page: str) -> dict[str, str]:
    found = re.findall(r"<section><h2>(.*?)</h2><p>(.*?)</p>(.*?)</section>", page, re.S)
    return {html.unescape(title): intro + body for title, intro, body in found}


def test_a_report_can_carry_a_turn_plan(tmp_path: Path) -> None:
    from strategy.risk.paths import chain_odds

    plan = (
        "--plan-from", "Central America=14",
        "--plan-defenders", "Venezuela=2,Brazil=3,Peru=1,Argentina=2",
        "--plan-target", "South America",
    )  # fmt: skip
    page = write_report(tmp_path, "10", "6", "--attackers", "5", "--defenders", "5", *plan)
    text = page.read_text()
    # On this position the best fixed chain (Venezuela, Brazil, Argentina, Peru) is optimal
    # (tests/test_plan.py holds plans to chains and to a brute force); the chain's odds come
    # from the independent chain code.
    chain = chain_odds(14, (2, 3, 2, 1)).win_probability
    assert "A turn plan" in text and f"{float(chain):.6f}" in text
    assert main(["risk", "report", "10", "6", "--plan-from", "Peru=5"]) == 2


def test_every_section_describes_the_battle_asked_for(tmp_path: Path) -> None:
    from strategy.risk import BattleGame
    from strategy.risk.played import played_odds

    argv = ("10", "6", "--choice", "sees-roll", "--objective", "balance:2")
    page = write_report(tmp_path, *argv, "--attackers", "8", "--defenders", "8").read_text()
    assert "always roll the most dice" not in page  # it said so, and showed the classic battle
    parts = sections(page)
    assert list(parts) == [
        "Battle 10 v 6",
        "Where the battle ends",
        "Armies left",
        "The table",
        "The defender's strategy matrix",
    ]
    for title, text in parts.items():
        assert "optimal play, choice sees-roll" in text, title
    played = played_odds(BattleGame(10, 6, objective="balance:2", choice="sees-roll"))
    assert page.count("<rect ") == len(played.final_states)
    stops = [(a, d) for a, d, _ in played.final_states if d > 0 and a > 1]
    assert stops and all(f"<title>stopped at {a}v{d}:" in page for a, d in stops)
    assert f"{float(played.win_probability):.6f}" in parts["Battle 10 v 6"]
    # Coloured by the value shown, with a key saying which: the balance, not P(capture).
    balance = "colour key (expected balance: 2 if captured"
    assert balance in parts["The table"] and balance in parts["The defender's strategy matrix"]


def test_the_classic_report_says_so_and_keys_its_colours(tmp_path: Path) -> None:
    page = write_report(tmp_path, "10", "6", "--metric", "signed").read_text()
    parts = sections(page)
    assert (
        "the classic battle" in parts["Battle 10 v 6"]
        and "the classic battle" in parts["The table"]
    )
    assert "colour key (expected signed outcome" in parts["The table"]
    assert (
        "seed 003" in page
        and "choice sees-roll"
        in parts["The defender's strategy matrix, for comparison: when it sees the roll (seed 003)"]
    )


def test_a_battle_too_long_to_play_out_still_gets_its_exact_value(tmp_path: Path) -> None:
    from strategy.risk.optimal import optimal_odds

    page = write_report(tmp_path, "40", "35", "--choice", "respond").read_text()
    value = optimal_odds(40, 35, Battle.of(choice="respond"), exact=True).value
    assert f"{float(value):.6f}" in page and "the final states are not computed" in page
    assert "<rect " not in page


def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("CI must install chromium (see .ci/run) to test the report page")
        pytest.skip("chromium is not installed (apt-get install chromium); CI installs it")
    return found


def run_chromium(browser: str, profile: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [browser, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", *argv],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )


def png_rows(data: bytes) -> tuple[int, int, int]:
    """Width, height and number of distinct (filtered) scanlines of an 8-bit RGB(A) PNG.

    A uniform page encodes every scanline after the first the same way, whatever filter
    the encoder picks, so many distinct scanlines mean something was drawn.
    """
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    position, chunks, header = 8, [], b""
    while position < len(data):
        (length,) = struct.unpack(">I", data[position : position + 4])
        kind = data[position + 4 : position + 8]
        body = data[position + 8 : position + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            chunks.append(body)
        position += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", header[:10])
    assert depth == 8 and colour in (2, 6)
    stride = width * (3 if colour == 2 else 4) + 1
    raw = zlib.decompress(b"".join(chunks))
    assert len(raw) == stride * height
    return width, height, len({raw[r * stride : (r + 1) * stride] for r in range(height)})


def test_report_renders_in_chromium(tmp_path: Path) -> None:
    browser = chromium()
    page = write_report(tmp_path, "10", "6")
    shot = tmp_path / "report.png"
    run_chromium(
        browser,
        tmp_path / "profile",
        f"--screenshot={shot}",
        "--window-size=1200,1800",
        page.as_uri(),
    )
    width, height, distinct = png_rows(shot.read_bytes())
    assert (width, height) == (1200, 1800)
    assert distinct > 200, "the screenshot is (nearly) blank"
    dom = run_chromium(browser, tmp_path / "profile", "--dump-dom", page.as_uri()).stdout
    odds = battle_odds(10, 6)
    # The rendered page carries the battle's numbers, computed here independently.
    assert f"{float(odds.win_probability):.6f}" in dom
    assert f"{float(odds.expected_attacker_left):.6f}" in dom
    assert dom.count("<rect ") == len(odds.final_states)
    assert "Risk battle report: 10 v 6" in dom
    # The table and the strategy matrix outline the battle's cell; the table's holds its odds.
    marked = re.findall(r'<td class="mark"[^>]*>([^<]*)</td>', dom)
    assert marked[0] == f"{float(odds.win_probability):.3f}" and len(marked) == 2
    assert "The defender's strategy matrix" in dom and 'class="legend"' in dom
    saved = os.environ.get("REPORT_SCREENSHOT")
    if saved:  # keep the picture for a person to look at
        shutil.copy(shot, saved)


def test_missing_chromium_fails_in_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI must install chromium"):
        chromium()
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception, match="chromium is not installed"):
        chromium()
