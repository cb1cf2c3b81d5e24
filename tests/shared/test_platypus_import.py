"""platypus imported through printkit.draw.platypus: the patterns printkit never uses are compiled on first use,
and what does use them (a long URL split) works exactly as with reportlab's own import."""

from __future__ import annotations

import json
import subprocess
import sys

BREAKS = """
import json, sys
{imports}
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus.paragraph import Paragraph
from printkit.draw import fonts
import reportlab.platypus.paragraph as paragraph, reportlab.lib.textsplit as textsplit
deferred = [type(paragraph.uri_pat).__name__, type(textsplit.rx).__name__]
fonts.register()
lines = []
for style in (ParagraphStyle("u", fontName="Vera", fontSize=9, uriWasteReduce=0.3, hyphenationLang="en_GB", embeddedHyphenation=1),
              ParagraphStyle("c", fontName="Vera", fontSize=9, wordWrap="CJK")):
    para = Paragraph("Read https://example.com/a/very/long/path/of/many/segments/index.html and 漢字かな漢字かな漢字かな", style)
    para.wrap(60, 1000)
    lines.append([[getattr(w, "text", None) or str(w) for w in line[1]] if isinstance(line, tuple) else repr(line.words)
                  for line in para.blPara.lines])
used = getattr(paragraph.uri_pat, "_compiled", True) is not None
print(json.dumps({{"deferred": deferred, "used": used, "lines": lines}}))
"""


def run(imports: str) -> dict[str, list]:
    result = subprocess.run([sys.executable, "-c", BREAKS.format(imports=imports)], capture_output=True, text=True, check=True)
    return json.loads(result.stdout)  # type: ignore[no-any-return]


def test_deferred_patterns_break_lines_as_reportlabs_own() -> None:
    ours = run("import printkit.draw.platypus")
    theirs = run("import reportlab.platypus")
    assert ours["deferred"] == ["_Deferred", "_Deferred"] and theirs["deferred"] == ["Pattern", "Pattern"]
    assert ours["used"]  # the long URL was split with the pattern (textsplit's is read only by its cjkwrap, broken in reportlab)
    assert ours["lines"] == theirs["lines"] and len(ours["lines"][0]) > 2
