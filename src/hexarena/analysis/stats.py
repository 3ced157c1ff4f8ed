"""Summary statistics for the designer's reports: lengths, win rates and growth curves."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..match import wilson


def length_summary(lengths: Sequence[int]) -> dict[str, Any]:
    """Mean, median, 5th and 95th percentiles, shortest and longest of game lengths in turns."""
    if not lengths:
        return {"games": 0}
    a = np.asarray(lengths, dtype=np.float64)
    return {
        "games": len(lengths),
        "mean": round(float(a.mean()), 3),
        "median": round(float(np.median(a)), 2),
        "p5": round(float(np.percentile(a, 5)), 2),
        "p95": round(float(np.percentile(a, 95)), 2),
        "min": int(a.min()),
        "max": int(a.max()),
    }


def rate(wins: int, n: int) -> dict[str, Any]:
    """A win rate with its 95% Wilson interval (``rate`` is ``None`` when ``n`` is 0)."""
    lo, hi = wilson(wins, n)
    return {
        "wins": wins,
        "games": n,
        "rate": round(wins / n, 4) if n else None,
        "low": round(lo, 4),
        "high": round(hi, 4),
    }


def fit_growth(xs: Sequence[float], ys: Sequence[float]) -> dict[str, Any] | None:
    """The better of a power law ``y = a x^b`` and an exponential ``y = a e^(b x)``, fitted by
    least squares on ``log y``; ``None`` with fewer than two usable points.

    Returns the kind (``power`` or ``exponential``), ``a``, ``b`` and the root-mean-square
    error of ``log y`` of both fits, so that a reader sees how clearly one wins.
    """
    pts = [(float(x), float(y)) for x, y in zip(xs, ys, strict=True) if x > 0 and y > 0]
    if len(pts) < 2:
        return None
    x = np.array([p[0] for p in pts])
    ly = np.log(np.array([p[1] for p in pts]))
    fits: dict[str, tuple[float, float, float]] = {}
    for kind, feature in (("power", np.log(x)), ("exponential", x)):
        b, log_a = np.polyfit(feature, ly, 1)
        err = float(np.sqrt(np.mean((log_a + b * feature - ly) ** 2)))
        fits[kind] = (math.exp(float(log_a)), float(b), err)
    best = min(fits, key=lambda k: fits[k][2])
    a, b, _ = fits[best]
    return {
        "kind": best,
        "a": a,
        "b": b,
        "rms_log_error": {k: round(v[2], 5) for k, v in fits.items()},
        "formula": (f"{a:.3g} * x^{b:.3g}" if best == "power" else f"{a:.3g} * exp({b:.3g} x)"),
    }


def evaluate_growth(fit: dict[str, Any], x: float) -> float:
    """The fitted curve of :func:`fit_growth` at ``x``."""
    if fit["kind"] == "power":
        return float(fit["a"] * x ** fit["b"])
    return float(fit["a"] * math.exp(fit["b"] * x))
