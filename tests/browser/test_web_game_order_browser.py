"""The games in the project's order on every page that lists them: the new-game form's choice,
the "new to these games?" list, the tagline and the rules pages' row of games. The home page's
list came alphabetical-ish from the registry (Churn, China Grove, Gyre, Scrunch, Throngs) under
a tagline giving the project's order."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Server

pytestmark = pytest.mark.browser

#: The project's order, as the README and the tagline give it.
TITLES = ["Churn", "Gyre", "Throngs", "Scrunch", "China Grove"]


def test_the_home_page_lists_the_games_in_the_projects_order(context: Any, server: Server) -> None:
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#howto-list li", state="attached")
    choice = page.eval_on_selector_all("#ng-game option", "os => os.map((o) => o.textContent)")
    assert choice == TITLES
    assert page.input_value("#ng-game") == "churn"  # the first game stays the one offered
    listed = page.eval_on_selector_all(
        "#howto-list li", "lis => lis.map((li) => li.querySelector('a').textContent)"
    )
    assert listed == TITLES
    tagline = page.text_content("header .tagline") or ""
    assert tagline == ", ".join(TITLES[:-1]) + " and " + TITLES[-1]


def test_the_rules_pages_list_the_games_in_the_projects_order(context: Any, server: Server) -> None:
    page = context.new_page()
    page.goto(server.url + "/rules/gyre")
    page.wait_for_selector("#teach-games a", state="attached")
    nav = page.eval_on_selector_all("#teach-games a", "as => as.map((a) => a.textContent)")
    assert nav == TITLES
