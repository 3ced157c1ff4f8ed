"""hexarena.files: a file is replaced whole or not at all, with the permissions it had."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from hexarena.files import check_writable, replacing, write_whole


def test_an_interrupted_write_leaves_the_old_file_and_nothing_beside_it(tmp_path: Path) -> None:
    f = tmp_path / "out.txt"
    f.write_text("old")
    with pytest.raises(KeyboardInterrupt), replacing(f) as w:
        w.write(b"new, but cut")
        raise KeyboardInterrupt
    assert f.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_a_file_keeps_its_permissions_and_a_new_one_gets_the_usual(tmp_path: Path) -> None:
    f = tmp_path / "out.txt"
    f.write_text("old")
    f.chmod(0o640)
    write_whole(f, "new")
    assert f.read_text() == "new" and f.stat().st_mode & 0o777 == 0o640
    g = tmp_path / "new.txt"
    write_whole(g, b"bytes")
    mask = os.umask(0)
    os.umask(mask)
    assert g.stat().st_mode & 0o777 == 0o666 & ~mask  # not mkstemp's private 0o600


def test_check_writable_names_why(tmp_path: Path) -> None:
    assert check_writable(tmp_path / "x") is None
    assert check_writable(tmp_path) == "it is a folder"
    assert check_writable(tmp_path / "no" / "x") == "its folder does not exist"
    assert list(tmp_path.iterdir()) == []
