"""A fingerprint of seeded batched runs: proof that a faster step gives exactly the same results.

Run ``nice python benchmarks/fingerprint_vector.py`` in two trees (before and after a change to
the rules' kernels or the batched step) and compare the ``TOTAL`` lines; ``--games`` picks
games. Each run steps a seeded :class:`hexarena.vector.VectorEnv` with its own random legal
actions and hashes, at every step, the actions, observations, masks, rewards, both flags, the
states, the seats, the colours, the episode lengths and the final observations of the games
that ended (:meth:`~hexarena.vector.VectorEnv.final`). The runs cover small boards (games that
end and restart), the usual boards at N = 1,024, the whole rewrite (``incremental=False``) and
the action cap. ``--without-states`` leaves the state arrays out (the running states and the
final ones), hashing everything else: for a change of a game's state layout, which changes
those arrays but none of what the environments show.
"""

from __future__ import annotations

import argparse
import hashlib
from typing import Any

import numpy as np

from hexarena.vector import VectorEnv

#: (game, options, environments, steps, keyword arguments of VectorEnv)
RUNS: list[tuple[str, dict[str, Any], int, int, dict[str, Any]]] = [
    ("churn", {"size": 2}, 24, 600, {}),
    ("churn", {"size": 3}, 32, 500, {"incremental": False}),
    ("churn", {"size": 4}, 48, 800, {"max_actions": 150}),
    ("churn", {"size": 5}, 1024, 200, {}),
    ("churn", {"sides": [3, 4, 3, 4, 3, 4]}, 40, 700, {}),
    ("gyre", {"size": 3}, 48, 600, {}),
    ("gyre", {"size": 4}, 32, 300, {"incremental": False, "max_actions": 20}),
    ("gyre", {"size": 7}, 1024, 150, {}),
    ("throngs", {}, 24, 400, {}),
    ("throngs", {"board": "hex", "size": 3}, 48, 600, {"max_actions": 90}),
    ("throngs", {}, 1100, 120, {}),
    ("scrunch", {"size": 3}, 64, 600, {}),
    ("scrunch", {"size": 5}, 1024, 200, {}),
    ("scrunch", {"size": 5}, 32, 300, {"incremental": False}),
    ("china-grove", {}, 48, 400, {}),
    ("china-grove", {}, 1024, 150, {"max_actions": 40}),
]


def fingerprint(
    name: str,
    options: dict[str, Any],
    n: int,
    steps: int,
    kwargs: dict[str, Any],
    *,
    final: bool = True,
    states: bool = True,
) -> tuple[str, int]:
    """The digest of one seeded run (16 hexadecimal digits) and how many games ended in it;
    without ``final``, the final observations are left out (for code older than
    :meth:`~hexarena.vector.VectorEnv.final`); without ``states``, the state arrays (the
    environments' and the final ones)."""
    h = hashlib.sha256()
    env = VectorEnv(name, n, options, seed=7, **kwargs)
    ends = 0
    for _ in range(steps):
        actions = env.random_actions()
        r = env.step(actions)
        ended: tuple[Any, ...] = env.final() if final else ()
        if ended and not states:
            ended = ended[:-1]  # the final states are the last field
        ends += int(r.terminated.sum() + r.truncated.sum())
        for a in (
            actions,
            r.observations,
            env.legal_mask(),
            r.rewards,
            r.terminated,
            r.truncated,
            *((env.states,) if states else ()),
            env.current_player(),
            env.colour_to_move(),
            env.episode_lengths,
            *ended,
        ):
            h.update(np.ascontiguousarray(a).tobytes())
    return h.hexdigest()[:16], ends


def main() -> None:
    """Print each run's digest and the total of those run."""
    games = sorted({name for name, *_ in RUNS})
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", nargs="+", choices=games, default=games, help="games to run")
    p.add_argument(
        "--without-final",
        action="store_true",
        help="leave out the final observations (to compare with code that has no final())",
    )
    p.add_argument(
        "--without-states",
        action="store_true",
        help="leave out the state arrays (to compare across a change of a state layout)",
    )
    args = p.parse_args()
    total = hashlib.sha256()
    for name, options, n, steps, kwargs in RUNS:
        if name not in args.games:
            continue
        digest, ends = fingerprint(
            name,
            options,
            n,
            steps,
            kwargs,
            final=not args.without_final,
            states=not args.without_states,
        )
        total.update(digest.encode())
        print(f"{name} {options} N={n} steps={steps} {kwargs} ended={ends} {digest}", flush=True)
    print("TOTAL", total.hexdigest()[:16])


if __name__ == "__main__":
    main()
