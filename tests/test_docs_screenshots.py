"""The pictures in ``docs/screenshots`` stay small enough to read on a slow line and to keep in
the repository: each under 300 KB. The rules page of China Grove, a full page of eight live
boards taken at desktop width, was 1.1 MB. The browser tests save every picture through
:func:`tests.browser.pictures.save_picture`, which keeps a palette of at most 256 colours
(the app draws in a few flat colours) and compresses the file as far as PNG goes."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from tests.browser.pictures import MAX_BYTES, small_png

SHOTS = Path(__file__).resolve().parent.parent / "docs" / "screenshots"


def test_the_docs_have_screenshots() -> None:
    assert len(list(SHOTS.glob("*.png"))) >= 10


@pytest.mark.parametrize("path", sorted(SHOTS.glob("*.png")), ids=lambda p: p.name)
def test_every_screenshot_is_small(path: Path) -> None:
    assert path.read_bytes()[:4] == b"\x89PNG"
    assert path.stat().st_size < MAX_BYTES == 300_000


def test_a_picture_is_saved_with_a_palette_and_keeps_its_size() -> None:
    image = pytest.importorskip("PIL.Image")
    picture = image.new("RGB", (400, 300), (240, 236, 228))
    for x in range(0, 400, 7):
        for y in range(0, 300, 5):
            picture.putpixel((x, y), (x % 256, y % 256, (x * y) % 256))
    raw = io.BytesIO()
    picture.save(raw, "PNG")
    small = small_png(raw.getvalue())
    assert len(small) < len(raw.getvalue())
    again = image.open(io.BytesIO(small))
    assert again.size == (400, 300) and again.mode == "P"
    assert again.convert("RGB").getpixel((1, 1)) == (240, 236, 228)


def test_a_picture_too_heavy_with_a_palette_is_scaled_down_under_the_bound() -> None:
    image = pytest.importorskip("PIL.Image")
    noise = image.effect_noise((600, 600), 90).convert("RGB")
    raw = io.BytesIO()
    noise.save(raw, "PNG")
    small = small_png(raw.getvalue(), max_bytes=60_000)
    assert len(small) <= 60_000
    width, height = image.open(io.BytesIO(small)).size
    assert 200 <= width < 600 and width == height
