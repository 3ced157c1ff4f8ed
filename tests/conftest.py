"""Shared test settings: small boards per game for the generic conformance tests."""

from __future__ import annotations

import os
from typing import Any

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "dev", max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

#: For each game, small options for the generic tests (quick games, every rule reachable).
SMALL_OPTIONS: dict[str, dict[str, Any]] = {
    "churn": {"size": 3},
    "china-grove": {},
    "throngs": {"board": "hex", "size": 3, "no_stalling": True},
    "gyre": {"size": 4},
    "scrunch": {"size": 3},
}

#: Cap on actions for random games in generic tests, per game (None: play to the end).
ACTION_CAP: dict[str, int | None] = {
    "churn": None,
    "china-grove": None,
    "throngs": None,
    "gyre": None,
    "scrunch": None,
}
