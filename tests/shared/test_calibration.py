"""The duplex calibration sheet: reading it and adding the number fixes any printer shift."""

from __future__ import annotations

import dataclasses

import pytest
from click.testing import CliRunner

from printkit.cli import main
from printkit.press.calibration import back_line, scales
from printkit.press.settings import PrintSettings


def reading(settings: PrintSettings, shift_x: float, shift_y: float) -> tuple[int, int]:
    """What a person reads when the printer moves the back side by (shift_x, shift_y) on the back page."""
    pw, ph = settings.page_size
    across, down = scales(settings)
    bx, by = back_line(across, settings) + shift_x, back_line(down, settings) + shift_y
    fx = pw - bx if settings.duplex_flip == "long" else bx
    fy = ph - by if settings.duplex_flip == "short" else by
    return across.label(round(fx - across.zero)), down.label(round(fy - down.zero))


@pytest.mark.parametrize("flip", ["long", "short"])
@pytest.mark.parametrize("shift", [(0, 0), (2, -3), (-4, 1), (3, 3)])
@pytest.mark.parametrize("start", [(0.0, 0.0), (1.0, -2.0)])
def test_adding_the_reading_puts_backs_on_their_fronts(flip: str, shift: tuple[int, int], start: tuple[float, float]) -> None:
    s = PrintSettings(duplex_flip=flip, back_offset_x_mm=start[0], back_offset_y_mm=start[1])
    rx, ry = reading(s, *shift)
    fixed = dataclasses.replace(s, back_offset_x_mm=s.back_offset_x_mm + rx, back_offset_y_mm=s.back_offset_y_mm + ry)
    assert reading(fixed, *shift) == (0, 0)
    assert (rx, ry) != (0, 0) or (shift == (0, 0) and start == (0.0, 0.0))


def test_calibrate_writes_a_two_page_pdf(tmp_path) -> None:
    import io

    from pypdf import PdfReader

    result = CliRunner().invoke(main, ["calibrate", "--out", str(tmp_path), "--set", "print.duplex_flip=short"])
    assert result.exit_code == 0, result.output
    reader = PdfReader(io.BytesIO((tmp_path / "calibration.pdf").read_bytes()))
    assert len(reader.pages) == 2
    assert "Add the number at the vertical line to back_offset_x_mm" in " ".join(reader.pages[0].extract_text().split())
