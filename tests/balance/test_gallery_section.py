"""The gallery's kit page summarises a balance run: flags, plots, the table and a link to the report."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from printkit.cli import main
from printkit.gallery.site import write_gallery


def test_kit_page_shows_the_balance_summary(tmp_path: Path) -> None:
    out = tmp_path / "out"
    (out / "warfare").mkdir(parents=True)
    (out / "warfare" / "manifest.json").write_text(json.dumps({"game": "warfare", "files": {}, "parameters": {}}))
    result = CliRunner().invoke(main, ["balance", "--game", "warfare", "--sweep", "games.warfare.abilities.bomb=0,1",
                                       "--games", "200", "--workers", "1", "--out", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    write_gallery(out)
    html = (out / "warfare" / "index.html").read_text()
    section = html[html.index('<section id="balance">'):]
    section = section[:section.index("</section>")]
    assert 'href="balance/report.html"' in section and 'src="balance/rates.png"' in section
    assert "2 of 2 points, 200 games each" in section
    assert "warfare at abilities.bomb 0: " in section and "draws" in section
    assert section.count("random vs random") == 2
