"""The row numbers and column letters can be followed to their cells, and read.

China Grove's labyrinth has its row numbers in one column right of the board and its column
letters on lines below and left of it, far from most of their cells: nothing led the eye from a
label to its row or column. Throngs' original board put its column letters h to j in the notch
under the board, between cells of the last row, a line above the other letters. And the labels
were pale (#8a7a55 on white: 4.2 to 1, under the 4.5 to 1 that small words need).

Now a label away from its first cell is joined to it by a dotted guide, h to j stand on the line
of the other letters, and the labels are darker.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Server
from tests.browser.test_web_teaching_browser import new_local_game, shot

pytestmark = pytest.mark.browser

#: Every label of the game page's board: its text, kind, place, and the cell its guide ends on
#: (by name; null without a guide), the board's lowest cell's foot, and the labels' colour.
LABELS = """() => {
    const svg = document.getElementById('board');
    const centre = (el) => {
        const b = el.getBBox();
        return [b.x + b.width / 2, b.y + b.height / 2];
    };
    const cells = [...svg.querySelectorAll('.cell')].map((c) => [c.dataset.name, centre(c)]);
    const foot = Math.max(...[...svg.querySelectorAll('.cell')].map((c) => {
        const b = c.getBBox(); return b.y + b.height; }));
    const out = [];
    for (const t of svg.querySelectorAll('text.coord')) {
        const g = svg.querySelector(`line.coord-guide[data-text="${t.textContent}"]`);
        let to = null;
        if (g) {
            const x = +g.getAttribute('x2'), y = +g.getAttribute('y2');
            const hit = cells.find(([, [cx, cy]]) => Math.hypot(cx - x, cy - y) < 1);
            to = hit ? hit[0] : '?';
        }
        const [x, y] = centre(t);
        const near = Math.min(...cells.map(([, p]) => Math.hypot(p[0] - x, p[1] - y)));
        out.push({text: t.textContent, kind: t.dataset.kind, x, y, to, near});
    }
    return {labels: out, foot, fill: getComputedStyle(svg.querySelector('text.coord')).fill};
}"""


def _luminance(rgb: str) -> float:
    parts = [int(v) / 255 for v in rgb[rgb.index("(") + 1 : rgb.index(")")].split(",")[:3]]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in parts]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _read(page: Any) -> dict[str, Any]:
    m: dict[str, Any] = page.evaluate(LABELS)
    assert 1.05 / (_luminance(m["fill"]) + 0.05) >= 4.5, m["fill"]  # against the white panel
    return m


def test_china_grove_labels_lead_to_their_cells(context: Any, server: Server) -> None:
    page = context.new_page()
    new_local_game(page, server, "china-grove", {})
    shot(page, "coords-china-grove")
    m = _read(page)
    assert len(m["labels"]) > 20
    for label in m["labels"]:
        if label["to"] is None:  # no guide: it stands beside its cell
            assert label["near"] < 30 * 1.6, label
            continue
        letters = label["to"].rstrip("0123456789")
        number = label["to"][len(letters) :]
        assert (number if label["kind"] == "row" else letters) == label["text"], label
    assert sum(1 for label in m["labels"] if label["to"]) > 20


def test_throngs_letters_stand_on_one_line_under_the_board(context: Any, server: Server) -> None:
    page = context.new_page()
    new_local_game(page, server, "throngs", {})
    shot(page, "coords-throngs")
    m = _read(page)
    letters = {label["text"]: label for label in m["labels"] if label["kind"] == "col"}
    low = [letters[k]["y"] for k in "fghijkl"]
    assert max(low) - min(low) < 1 and min(low) > m["foot"], letters
    for k in "hij":  # far from their cells: each led to its column's lowest cell
        assert letters[k]["to"] is not None and letters[k]["to"].startswith(k), letters[k]
