"""The designer's workbench: balance and length reports with plots, the swap map, and sweeps.

``hexarena analyse GAME ...`` (see :mod:`.command`) plays many games between copies of each
player given, measures them (:mod:`.measures`), values every first move (the swap map), and
writes a self-contained HTML report with Matplotlib plots and every figure as JSON
(:mod:`.report`); ``--sweep`` repeats it across an option's values (:mod:`.sweep`). Results are
appended as JSON lines as they come, so an interrupted run resumes where it stopped
(:mod:`.runner`).
"""

from __future__ import annotations

from .analyse import Settings, plan, run_analysis, summarise
from .runner import AnalysisError, Job, read_results, run_jobs

__all__ = [
    "AnalysisError",
    "Job",
    "Settings",
    "plan",
    "read_results",
    "run_analysis",
    "run_jobs",
    "summarise",
]
