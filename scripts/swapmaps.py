"""Copy the published reports' swap maps into the package, for the web app's game page.

    python scripts/swapmaps.py [REPORTS [OUT]]

reads ``REPORTS/NAME/report.json`` (default ``docs/analysis``) and writes ``OUT/GAME.json``
(default ``src/hexarena/web/swapmaps``). Run it after publishing a report;
``tests/test_web_swapmaps.py`` checks that the packaged maps are the published reports'.
"""

from __future__ import annotations

import sys
from pathlib import Path

from hexarena.web.swapmaps import PACKAGED, export

if __name__ == "__main__":
    source = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/analysis")
    target = Path(sys.argv[2]) if len(sys.argv) > 2 else PACKAGED
    for f in export(source, target):
        print(f)
