"""The web tests' computer players (``tests.web_player_kinds``), registered: imported by the
worker processes of the tests' pools (``imports=("tests.web_players",)``), never by the tests'
own process, whose registry every test shares."""

from __future__ import annotations

from hexarena.ai.base import register_player
from tests.web_player_kinds import GreedyPlayer, NapPlayer, SlowPlayer

register_player("slow", SlowPlayer)
register_player("greedy", GreedyPlayer)
register_player("nap", NapPlayer)
