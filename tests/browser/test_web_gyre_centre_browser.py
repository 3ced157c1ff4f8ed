"""Gyre's centre is marked on its boards.

Gyre is won by walling off the centre cell, and its rules say "the middle cell is the centre";
but no board showed which cell that was, on the game page or in the rules' pictures (on a board
of side 7 a newcomer counted cells to find it). The centre now carries a mark under the stones,
and its name for a screen reader says so.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Server
from tests.browser.test_web_teaching_browser import new_local_game

pytestmark = pytest.mark.browser

#: For every board of the page: the cells marked as the centre, by name, and where each mark
#: stands from its cell's middle (in board units).
MARKS = """() => [...document.querySelectorAll('svg')].filter((s) => s.querySelector('.cell'))
    .map((svg) => [...svg.querySelectorAll('.centre-mark')].map((m) => {
        const cell = svg.querySelector('.cell.centre');
        const a = m.getBBox(), b = cell.getBBox();
        return [cell.dataset.name, Math.hypot(a.x + a.width / 2 - b.x - b.width / 2,
                                              a.y + a.height / 2 - b.y - b.height / 2)];
    }))"""


def test_the_centre_of_gyre_is_marked_in_play_and_in_the_rules(
    context: Any, server: Server
) -> None:
    page = context.new_page()
    new_local_game(page, server, "gyre", {"size": 7})
    marks = page.evaluate(MARKS)
    assert marks == [[["g7", pytest.approx(0, abs=0.5)]]]
    label = page.get_attribute("#board .cell[data-name=g7]", "aria-label") or ""
    assert "the centre" in label
    assert "centre" not in (page.get_attribute("#board .cell[data-name=g6]", "aria-label") or "")
    page.goto(server.url + "/rules/gyre")
    page.wait_for_function("() => document.body.dataset.ready === 'yes'")
    boards = page.evaluate(MARKS)
    assert len(boards) >= 3 and all(len(b) == 1 and b[0][1] < 0.5 for b in boards), boards


def test_a_board_without_a_centre_has_no_mark(context: Any, server: Server) -> None:
    page = context.new_page()
    new_local_game(page, server, "churn", {"size": 3})
    assert page.evaluate(MARKS) == [[]]
