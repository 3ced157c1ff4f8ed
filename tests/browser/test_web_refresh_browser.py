"""Two refreshes of the game page at once (the announcement of a move and the page's own look
after the move it made) show the new version only with its move list.

The first refresh to hear of the new version loaded the move list; a second one, finding the
version already known, drew the page at once and, with the page no longer busy, showed the new
version over the old move list until the first one's list arrived. A click in that moment was
taken as the next turn's (the Throngs label test met it in CI: a stone selected, no potentials).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Server
from tests.browser.test_web_teaching_browser import new_local_game
from tests.browser.test_web_two_tabs_browser import deaf_tab

pytestmark = pytest.mark.browser

#: A move made through the API while the move list loads slowly (1.5 s), then two refreshes
#: 0.3 s apart, as the page makes them; what the page shows once the second has finished.
TWO_REFRESHES = """async () => {
    const fetchNow = window.fetch;
    window.fetch = async (url, init) => {
        if (String(url).includes('/moves?')) await new Promise((r) => setTimeout(r, 1500));
        return fetchNow(url, init);
    };
    const r = await fetchNow(`/api/games/${G.id}/moves`, {method: 'POST',
        headers: {'Content-Type': 'application/json'},
        body: JSON.stringify({actions: [G.view.legal[0]], version: G.view.version})});
    if (!r.ok) throw new Error(await r.text());
    const first = refresh();
    await new Promise((r) => setTimeout(r, 300));
    await refresh();
    const shown = [document.body.dataset.version, document.querySelectorAll('#moves li').length];
    await first;
    return shown;
}"""


def test_a_new_version_is_shown_only_with_its_move_list(context: Any, server: Server) -> None:
    other = context.new_page()
    new_local_game(other, server, "churn", {})
    page = deaf_tab(context, other.url)  # no announcement refreshes it meanwhile
    version, moves = page.evaluate(TWO_REFRESHES)
    assert (version, moves) == ("1", 1)


#: Two moves through the API, each followed by a refresh as the page makes them; the first
#: refresh's move list is answered at once but reaches the page 1.5 s late, after the second's
#: (as answers on two connections may arrive); what the page shows once both have finished.
LATE_LIST = """async () => {
    const fetchNow = window.fetch;
    let lists = 0;
    window.fetch = async (url, init) => {
        const answer = await fetchNow(url, init);
        if (String(url).includes('/moves?') && lists++ === 0) {
            await new Promise((r) => setTimeout(r, 1500));
        }
        return answer;
    };
    const move = async () => {
        const r = await fetchNow(`/api/games/${G.id}/moves`, {method: 'POST',
            headers: {'Content-Type': 'application/json'},
            body: JSON.stringify({actions: [G.view.legal[0]], version: G.view.version})});
        if (!r.ok) throw new Error(await r.text());
    };
    await move();
    const first = refresh();
    while (lists === 0) await new Promise((r) => setTimeout(r, 20));
    await move();
    await refresh();
    await first;
    return [document.body.dataset.version, document.querySelectorAll('#moves li').length];
}"""


def test_a_move_list_answered_late_never_replaces_a_newer_one(context: Any, server: Server) -> None:
    other = context.new_page()
    new_local_game(other, server, "churn", {})
    page = deaf_tab(context, other.url)  # no announcement refreshes it meanwhile
    version, moves = page.evaluate(LATE_LIST)
    assert (version, moves) == ("2", 2)
