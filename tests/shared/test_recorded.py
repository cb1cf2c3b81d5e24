"""kit.pdf writes again the operators rules.pdf wrote for the same paragraphs and figures, and the bytes are those a
fresh drawing writes: for every kit, a designer's kit with icons and game figures, a kit font and a title beyond ASCII."""

from __future__ import annotations

from pathlib import Path

import pytest
from reportlab.platypus.flowables import Flowable

from printkit.build import make_data_kit, make_kit
from printkit.config import load_config
from printkit.draw import recorded
from printkit.kit.model import Kit
from printkit.kit.render import render_files
from tests.datakit.helpers import CARD, CSV, write_kit

ROOT = Path(__file__).resolve().parents[2]


def _dejavu() -> dict[str, str | bytes]:
    import matplotlib

    folder = Path(matplotlib.__file__).parent / "mpl-data" / "fonts" / "ttf"
    return {"fonts/Sans.ttf": (folder / "DejaVuSans.ttf").read_bytes(), "fonts/Sans-Bold.ttf": (folder / "DejaVuSans-Bold.ttf").read_bytes()}


def kits(tmp_path: Path) -> dict[str, Kit]:
    config = load_config(None, ())
    made = {game: make_kit(config, game) for game in ("warfare", "ultimate", "sitters", "tictactwo", "tokentactics")}
    made["styled-text"] = make_data_kit(str(ROOT / "tests/datakit/kits/styled-text"))
    made["ladder"] = make_data_kit(str(ROOT / "tests/kitrules/ladder"))
    rules = "# Κανόνες «Été»\n\nΑλφα `κώδικας` **βήτα** — *ça* → 3 × 4.\n\n| α | β |\n|---|---|\n| γ | δ |\n\n- ü\n- ø\n"
    font = CARD.replace('title = "Test Kit"', 'title = "Kit à l’été — Ω"') + (
        '\n[rules]\nfile = "rules.md"\nfont = "sans"\n\n[fonts]\nsans = { regular = "fonts/Sans.ttf", bold = "fonts/Sans-Bold.ttf" }\n')
    made["kit font"] = make_data_kit(str(write_kit(tmp_path / "font", font, {"cards.csv": CSV, "rules.md": rules, **_dejavu()})))
    vera = CARD.replace('title = "Test Kit"', 'title = "Règles à l’été"') + '\n[rules]\nfile = "rules.md"\n'
    made["title beyond ASCII"] = make_data_kit(str(write_kit(tmp_path / "vera", vera, {"cards.csv": CSV, "rules.md": rules.replace("Κανόνες", "Règles")
                                                                                          .replace("Αλφα", "Alpha").replace("κώδικας", "code").replace("βήτα", "bold")
                                                                                          .replace("α", "a").replace("β", "b").replace("γ", "c").replace("δ", "d")})))
    return made


def test_kit_pdf_is_the_same_drawn_afresh_and_mostly_written_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fresh = Flowable._drawOn
    drawn: list[str] = []

    def counted(self: Flowable, canv: object) -> None:
        if isinstance(self, recorded.Recorded):
            drawn.append(canv._doc.info.title)  # type: ignore[attr-defined]
        fresh(self, canv)

    monkeypatch.setattr(Flowable, "_drawOn", counted)
    for name, kit in kits(tmp_path).items():
        drawn.clear()
        files = render_files(kit)
        in_rules = drawn.count(f"{kit.title} - rules")
        in_kit = drawn.count(f"{kit.title} - print-and-play kit")
        with monkeypatch.context() as patch:
            patch.setattr(recorded.Recorded, "_drawOn", counted)  # every block drawn afresh
            drawn.clear()
            again = render_files(kit)
        assert (files["rules.pdf"], files["kit.pdf"]) == (again["rules.pdf"], again["kit.pdf"]), name
        assert in_kit <= max(2, in_rules // 4), (name, in_rules, in_kit)  # the rest written again (an icon is drawn afresh)
