"""Pages and API routes for something that does not exist answer 404, and a method a route does
not take answers 405 naming the methods it does take.

A link to a game that is not there (mistyped, or from another server) and the rules page of a
game that does not exist used to answer 200 with the error drawn in the page: a link checker, a
crawler or a proxy took them for real pages. They still show the page, which says what is
missing and offers a way back; an address that names no page at all gets a short page that
does the same.
"""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient

from hexarena.games import game_names


@pytest.fixture
def game_id(client: TestClient) -> str:
    gid: str = client.post("/api/games", json={"game": "churn", "mode": "local"}).json()["id"]
    return gid


def test_pages_of_things_that_exist_answer_200(client: TestClient, game_id: str) -> None:
    for path in (
        "/",
        f"/game/{game_id}",
        *(f"/{k}/{n}" for k in ("rules", "learn") for n in game_names()),
    ):
        r = client.get(path)
        assert r.status_code == 200, path
        assert r.headers["content-type"].startswith("text/html")


@pytest.mark.parametrize(
    "path",
    [
        "/game/nonsense",
        "/game/" + "a" * 41,
        "/game/a-b",
        "/rules/chess",
        "/learn/chess",
        "/rules/Churn",
    ],
)
def test_a_page_of_something_missing_answers_404_with_the_page(
    client: TestClient, path: str
) -> None:
    r = client.get(path)
    assert r.status_code == 404
    # the page itself, whose script says what is missing and offers a new game or the games
    assert r.headers["content-type"].startswith("text/html")
    assert "<script" in r.text
    assert client.head(path).status_code == 404


@pytest.mark.parametrize(
    "path", ["/nothing", "/game/", "/game/a/b", "/rules/", "/static/nothing.js", "/<b>x</b>"]
)
def test_an_address_of_no_page_says_so_in_a_page_with_a_way_back(
    client: TestClient, path: str
) -> None:
    r = client.get(path)
    assert r.status_code == 404
    assert r.headers["content-type"].startswith("text/html")
    assert 'href="/"' in r.text and "no page" in r.text
    assert "<b>x</b>" not in r.text  # the address is shown escaped
    long = client.get("/" + "x" * 5000)
    assert long.status_code == 404 and len(long.text) < 3000


def test_a_page_answers_a_wrong_method_405_with_allow(client: TestClient) -> None:
    for path in ("/", "/game/nonsense", "/rules/churn", "/static/app.js"):
        r = client.delete(path, headers={"Origin": "http://localhost"})
        assert r.status_code == 405, path
        assert "GET" in r.headers["allow"]


@pytest.mark.parametrize(
    ("method", "path", "allow"),
    [
        ("PUT", "/api/games", "GET, POST"),
        ("DELETE", "/api/games", "GET, POST"),
        ("POST", "/api/meta", "GET"),
        ("PUT", "/api/games/{id}/moves", "GET, POST"),
        ("POST", "/api/games/{id}", "GET"),
        ("GET", "/api/games/{id}/undo", "POST"),
        ("GET", "/api/learn/churn/1", "POST"),
        ("GET", "/api/games/import", "POST"),
        ("POST", "/api/rules/churn", "GET"),
    ],
)
def test_an_api_route_answers_a_wrong_method_405_naming_the_methods(
    client: TestClient, game_id: str, method: str, path: str, allow: str
) -> None:
    path = path.replace("{id}", game_id)
    r = client.request(method, path, json={}, headers={"Origin": "http://localhost"})
    assert r.status_code == 405, r.text
    assert set(r.headers["allow"].split(", ")) - {"HEAD"} == set(allow.split(", "))
    assert r.json()["error"] == f"{method} is not allowed on {path}; use {allow}"


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/api/games/nonsense"),
        ("GET", "/api/games/nonsense/board"),
        ("GET", "/api/games/nonsense/moves"),
        ("POST", "/api/games/nonsense/moves"),
        ("GET", "/api/games/nonsense/position"),
        ("GET", "/api/games/nonsense/record"),
        ("GET", "/api/games/nonsense/events"),
        ("POST", "/api/games/nonsense/continuations"),
        ("POST", "/api/games/nonsense/undo"),
        ("POST", "/api/games/nonsense/resign"),
        ("POST", "/api/games/nonsense/hint"),
        ("POST", "/api/games/nonsense/claim"),
        ("POST", "/api/games/nonsense/device"),
        ("POST", "/api/games/nonsense/invite"),
        ("GET", "/api/rules/chess"),
        ("GET", "/api/learn/chess"),
        ("GET", "/api/swap-maps/chess"),
        ("POST", "/api/learn/chess/1"),
        ("POST", "/api/learn/churn/999"),
        ("POST", "/api/learn/churn/0"),
        ("GET", "/api/nothing"),
        ("GET", "/api/games/{id}/nothing"),
    ],
)
def test_every_api_route_answers_404_for_something_missing(
    client: TestClient, game_id: str, method: str, path: str
) -> None:
    path = path.replace("{id}", game_id)
    r = client.request(method, path, json={"actions": [0]}, headers={"Origin": "http://localhost"})
    assert r.status_code == 404, r.text
    assert r.json()["error"].startswith("there is no ")
