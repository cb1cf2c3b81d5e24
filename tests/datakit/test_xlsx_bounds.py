"""A workbook is read within bounds: what it unzips to, its parts, its columns and its rows (issue 21)."""

from __future__ import annotations

import io
import struct
from pathlib import Path

import pytest

from printkit.build import make_data_kit
from printkit.datakit import data
from printkit.errors import ConfigError
from tests.datakit.helpers import CARD
from tests.datakit.helpers import write_kit as write_folder

XLSX_CARD = CARD.replace('data = "cards.csv"', 'data = "cards.xlsx"')


def workbook(rows: list[list[object]]) -> bytes:
    import openpyxl

    book = openpyxl.Workbook()
    for row in rows:
        book.active.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def declare_size(raw: bytes, part: str, size: int) -> bytes:
    """The workbook with ``part``'s uncompressed size in the central directory rewritten to ``size``."""
    out, name, at = bytearray(raw), part.encode(), 0
    while (at := out.find(b"PK\x01\x02", at)) >= 0:
        length = struct.unpack_from("<H", out, at + 28)[0]
        if out[at + 46:at + 46 + length] == name:
            struct.pack_into("<I", out, at + 24, size)
        at += 4
    return bytes(out)


def build_error(tmp_path: Path, raw: bytes) -> str:
    with pytest.raises(ConfigError) as caught:
        make_data_kit(str(write_folder(tmp_path / "k", XLSX_CARD, {"cards.xlsx": raw})), ())
    return str(caught.value)


def test_a_workbook_that_unzips_past_the_bound_is_refused_before_parsing(tmp_path: Path, monkeypatch) -> None:
    raw = workbook([["title", "colour"]] + [[f"{n} " + "x" * 1000, "#000000"] for n in range(3000)])
    assert len(raw) < 200_000  # 3 MB of text zips small
    monkeypatch.setattr(data, "MAX_XLSX_UNZIPPED", 2 * data.MB)
    message = build_error(tmp_path, raw)
    assert "cards.xlsx" in message and "unzips to 3 MB: at most 2 MB" in message


def test_a_part_that_inflates_past_its_declared_size_is_one_error(tmp_path: Path) -> None:
    raw = declare_size(workbook([["title", "colour"], ["A" * 100_000, "#000000"]]), "xl/worksheets/sheet1.xml", 500)
    message = build_error(tmp_path, raw)
    assert "cards.xlsx" in message and "not a readable .xlsx workbook" in message


def test_columns_past_the_bound_are_named_by_row(tmp_path: Path) -> None:
    wide = ["title", "colour"] + [""] * (data.MAX_COLUMNS - 2) + ["overflow"]
    message = build_error(tmp_path, workbook([wide, ["Alpha", "#000000"]]))
    assert "cards.xlsx:Sheet!1" in message and f"more than {data.MAX_COLUMNS} columns" in message


def test_a_sheet_longer_than_the_bound_is_refused_at_its_row(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(data, "MAX_SHEET_ROWS", 5)
    message = build_error(tmp_path, workbook([["title", "colour"]] + [["", ""]] * 3 + [["Alpha", "#000000"]] * 4))
    assert "cards.xlsx:Sheet!6" in message and "more than 5 rows" in message


def test_not_a_zip_archive(tmp_path: Path) -> None:
    assert "not a readable .xlsx workbook" in build_error(tmp_path, b"title,colour\nAlpha,#000000\n")
