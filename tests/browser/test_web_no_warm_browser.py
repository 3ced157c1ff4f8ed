"""A server started without a warm-up (``hexarena serve --no-warm``, as these tests' servers
are) compiles each game on its first use: its home page does not say the computer players are
getting ready. It said "Getting the computer players ready: 0 of 5 games" for ever, asking the
server again every 2 seconds."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Server

pytestmark = pytest.mark.browser


def test_no_warm_up_no_words_about_it(context: Any, server: Server) -> None:
    page = context.new_page()
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if r.url.endswith("/api/meta") else None)
    page.goto(server.url + "/")
    page.wait_for_selector("#ng-game option", state="attached")
    page.wait_for_selector("#recent li", state="attached")  # the page has finished starting
    assert page.is_hidden("#warming")
    assert len(asked) == 1  # and it does not poll for a warm-up that is not there
