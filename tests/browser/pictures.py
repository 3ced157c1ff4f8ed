"""Pictures of pages for ``docs/screenshots``, saved small.

The browser tests save a picture of a page when ``HEXARENA_SCREENSHOTS=DIR`` is set. A page of
the app is drawn in a few flat colours, so a palette of 256 colours (without dithering) loses
nothing a reader sees and makes the file three to five times smaller; tall pages (the rules)
are taken at a narrower width, and a picture still heavier than :data:`MAX_BYTES` is scaled
down until it is not. Pillow, which the ``analysis`` extra brings with matplotlib,
does the work; without it the picture is saved as the browser made it.
"""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import Any

#: The most a picture in ``docs/screenshots`` may weigh.
MAX_BYTES = 300_000
#: The width a full-page picture of a tall page is taken at (the page's column fits in it).
TALL_PAGE_WIDTH = 1000


def _palette_png(picture: Any) -> bytes:
    from PIL import Image

    palette = picture.quantize(
        colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
    )
    out = io.BytesIO()
    palette.save(out, "PNG", optimize=True)
    return out.getvalue()


def small_png(png: bytes, max_bytes: int = MAX_BYTES) -> bytes:
    """``png`` with a palette of at most 256 colours, compressed as far as PNG goes and, if it
    still weighs more than ``max_bytes`` (a very tall page), scaled down by steps of 15% until
    it does (to no less than a third of its width). As it was if Pillow is missing or the
    result is not smaller."""
    try:
        from PIL import Image
    except ImportError:
        return png
    picture = Image.open(io.BytesIO(png)).convert("RGB")
    small = _palette_png(picture)
    width, height = picture.size
    scale = 1.0
    while len(small) > max_bytes and scale > 0.34:
        scale *= 0.85
        size = (max(1, round(width * scale)), max(1, round(height * scale)))
        small = _palette_png(picture.resize(size, Image.Resampling.LANCZOS))
    return small if len(small) < len(png) else png


def folder() -> Path | None:
    """Where pictures go (``HEXARENA_SCREENSHOTS``), created; ``None`` when none are asked for."""
    name = os.environ.get("HEXARENA_SCREENSHOTS")
    if not name:
        return None
    path = Path(name)
    path.mkdir(parents=True, exist_ok=True)
    return path


def save_picture(page: Any, name: str, *, full: bool = False, width: int | None = None) -> None:
    """Save a picture of ``page`` as ``NAME.png`` when pictures are asked for; ``full`` takes
    the whole page, ``width`` takes it at that width (the viewport is put back after)."""
    where = folder()
    if where is None:
        return
    size = page.viewport_size
    if width is not None and size is not None:
        page.set_viewport_size({"width": width, "height": size["height"]})
    try:
        png = page.screenshot(full_page=full)
    finally:
        if width is not None and size is not None:
            page.set_viewport_size(size)
    (where / f"{name}.png").write_bytes(small_png(png))
