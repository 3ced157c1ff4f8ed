"""Churn's guided game puts the newcomer in the second player's seat once, with the swap (the pie
rule) on offer: the step says what the swap means and that it may be declined, the swap button
stands under the board beside the marked cells, a stone placed instead is legal but not what the
step asks, and pressing swap ends the step with the stone taken over."""

from __future__ import annotations

from typing import Any

import pytest

from hexarena.web.lessons import LESSONS
from tests.browser.conftest import Server

pytestmark = pytest.mark.browser

READY = "() => document.body.dataset.ready === 'yes'"
SWAP_STEP = 2  # as the page counts steps, from 1


def _words(page: Any, selector: str) -> str:
    return " ".join(str(page.text_content(selector)).split())


def test_the_newcomer_as_blue_sees_the_swap_offered_and_presses_it(
    context: Any, server: Server
) -> None:
    step = LESSONS["churn"]["guide"][SWAP_STEP - 1]
    page = context.new_page()
    page.goto(f"{server.url}/learn/churn")
    page.wait_for_function(READY)
    page.click("#t-body .cell[data-name=a4]")  # step 1: Red's first stone, as asked
    page.wait_for_function("() => document.body.dataset.done === 'yes'")
    assert "swap" in page.inner_text("#t-feedback")  # step 1 already says Blue could swap
    page.click("#t-next")
    page.wait_for_function(
        f"() => document.querySelector('.guided').dataset.step === '{SWAP_STEP}'"
    )
    assert page.inner_text(".guided .ask") == step["ask"]
    assert _words(page, "#t-turn") == "To play: Blue"  # the newcomer is the second player
    assert "Or swap: take over your opponent's first stone" in page.inner_text("#t-prompt")
    swap = page.locator("#t-specials button.special", has_text="swap")
    assert swap.count() == 1 and swap.is_visible()
    assert page.locator("#t-body .cell.legal").count() == 18  # every empty cell, besides
    # a blue stone instead (declining the swap) is legal, but this step asks for the swap
    page.click("#t-body .cell[data-name=c3]")
    page.wait_for_function("() => document.getElementById('t-feedback').dataset.kind === 'wrong'")
    assert "asks for something else" in page.inner_text("#t-feedback")
    assert page.is_disabled("#t-next")
    page.click("#t-again")
    page.wait_for_function("() => document.getElementById('t-feedback').dataset.kind === ''")
    page.locator("#t-specials button.special", has_text="swap").click()
    page.wait_for_function("() => document.body.dataset.done === 'yes'")
    assert page.get_attribute("#t-feedback", "data-kind") == "ok"
    assert page.inner_text("#t-feedback") == step["done"]
    assert page.locator("#t-specials button").count() == 0  # offered once: gone now
    page.click("#t-next")  # on to the game where Blue did not swap
    page.wait_for_function(
        f"() => document.querySelector('.guided').dataset.step === '{SWAP_STEP + 1}'"
    )
    assert page.inner_text(".guided .ask").startswith("Back to the game where Blue did not swap")
    assert _words(page, "#t-turn") == "To play: Red"


def test_show_me_presses_the_swap(context: Any, server: Server) -> None:
    page = context.new_page()
    page.goto(f"{server.url}/learn/churn#step-{SWAP_STEP}")
    page.wait_for_function(READY)
    page.click("#t-show")
    page.wait_for_function("() => document.body.dataset.done === 'yes'")
    assert page.inner_text("#t-feedback") == LESSONS["churn"]["guide"][SWAP_STEP - 1]["done"]
