"""What a kit folder can say: data formats, quantities, extends, templates, icons, images, findings."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.build import make_data_kit, write_kit
from printkit.draw.shapes import Image, Text, walk
from printkit.kit.checks import check_kit
from tests.datakit.helpers import CARD, CSV, run
from tests.datakit.helpers import write_kit as write_folder

STAR = '<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="5mm" viewBox="0 0 20 10"><rect width="20" height="10" fill="#F2C94C"/></svg>'


def texts(group) -> list[Text]:
    return [s for s, _, _ in walk((group,)) if isinstance(s, Text)]


def images(group) -> list[Image]:
    return [s for s, _, _ in walk((group,)) if isinstance(s, Image)]


def kit_of(tmp_path: Path, kit: str = CARD, files: dict | None = None, sets: tuple[str, ...] = ()):
    return make_data_kit(str(write_folder(tmp_path / "k", kit, files)), sets)


def deck(kit, name: str = "cards"):
    return [p for s in kit.sections if s.name.startswith("cards") for sheet in s.sheets if sheet.side == "front" for p in sheet.placed]


@pytest.mark.parametrize("name, data", [
    ("cards.csv", "title,colour,quantity\nAlpha,#AA3300,2\nBeta,#0033AA,0\nGamma,#003300,1\n"),
    ("cards.toml", '[[card]]\ntitle = "Alpha"\ncolour = "#AA3300"\nquantity = 2\n[[card]]\ntitle = "Beta"\ncolour = "#0033AA"\n'
                   'quantity = 0\n[[card]]\ntitle = "Gamma"\ncolour = "#003300"\nquantity = 1\n'),
    ("cards.json", json.dumps({"cards": [{"title": "Alpha", "colour": "#AA3300", "quantity": 2}, {"title": "Beta", "colour": "#0033AA",
                                                                                                   "quantity": 0},
                                         {"title": "Gamma", "colour": "#003300", "quantity": 1}]})),
])
def test_every_data_format_and_quantities(tmp_path: Path, name: str, data: str) -> None:
    kit = kit_of(tmp_path, CARD.replace('data = "cards.csv"', f'data = "{name}"'), {name: data})
    titles = [t.text for p in kit.artwork["cards"].children for t in texts(p) if "title" in t.cls]
    assert titles == ["Alpha", "Alpha", "Gamma"]  # the quantity column (named quantity) makes copies; 0 leaves the row out


def test_xlsx_rows(tmp_path: Path) -> None:
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Cards"
    for row in (["title", "colour", "count"], ["Alpha", "#AA3300", 3], ["Beta", "#0033AA", 1]):
        sheet.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    kit = kit_of(tmp_path, CARD.replace('data = "cards.csv"', 'data = "cards.xlsx"\nquantity = "count"\nsheet = "Cards"'),
                 {"cards.xlsx": buffer.getvalue()})
    assert [t.text for p in kit.artwork["cards"].children for t in texts(p) if "title" in t.cls] == ["Alpha"] * 3 + ["Beta"]


def test_extends_overrides_by_element_name_and_keeps_order(tmp_path: Path) -> None:
    kit_text = CARD + '''
[layouts.gold]
extends = "front"

[layouts.gold.title]
colour = "#FFD700"
size = 14

[layouts.gold.badge]
type = "circle"
cx = 50
cy = 70
r = 5
fill = "#FFD700"
'''
    kit = kit_of(tmp_path, kit_text.replace('front = "front"', 'front = "{layout}"'),
                 {"cards.csv": "title,colour,layout\nPlain,#AA3300,front\nShiny,#AA3300,gold\n"})
    plain, shiny = [g.children[0].children[0] for g in kit.artwork["cards"].children[:2]]
    assert [s.cls[-1] for s in plain.children] == ["bg", "title"]
    assert [s.cls[-1] for s in shiny.children] == ["bg", "title", "badge"]
    title = texts(shiny)[0]
    assert (title.fill, title.size) == ("#FFD700", 14)


def test_text_wraps_shrinks_aligns_and_reports_what_cannot_fit(tmp_path: Path) -> None:
    kit_text = CARD.replace('''size = 12
bold = true''', '''size = 12
min_size = 8
align = "right"
valign = "bottom"''').replace("h = 10", "h = 30")
    long = "word " * 12
    kit = kit_of(tmp_path, kit_text, {"cards.csv": f"title,colour\nShort,#AA3300\n{long},#AA3300\n{'word ' * 200},#AA3300\n"})
    short, wrapped, huge = ([t for t in texts(g) if "title" in t.cls] for g in kit.artwork["cards"].children[:3])
    assert short[0].size == 12 and len(short) == 1
    assert short[0].y > 4 + 25  # bottom of a 30 mm box
    assert len(wrapped) > 1 and all(t.size >= 8 for t in wrapped)
    assert huge[0].size == 8
    found = [f.message for f in check_kit(kit) if f.level == "error"]
    assert any("deck 'cards', card 3 (" in m and "cards.csv:4), field 'title': text does not fit its 55.0 x 30.0 mm box even at 8 pt" in m
               for m in found), found


def test_inline_icons_and_images_stay_vector(tmp_path: Path) -> None:
    kit_text = CARD.replace('text = "{title}"', 'text = "Pay 2 :star: now"') + '''
[layouts.front.art]
type = "image"
src = "art/{pic}.svg"
x = 10
y = 20
w = 40
h = 40
'''
    kit = kit_of(tmp_path, kit_text, {"cards.csv": "title,colour,pic\nA,#AA3300,star\n", "art/star.svg": STAR})
    card = kit.artwork["cards"].children[0]
    icon, art = images(card)
    assert icon.kind == "svg" and icon.h == pytest.approx(12 * 25.4 / 72) and icon.w == pytest.approx(2 * icon.h)
    assert (art.x, art.y, art.w, art.h) == (10, 30, 40, 20)  # contained: 2:1 picture centred in a square box
    assert [t.text for t in texts(card)] == ["Pay 2 ", " now"]
    out = write_kit(kit, tmp_path / "out", "kit.toml")
    svg = (out.folder / "artwork/cards.svg").read_text()
    assert svg.count("data:image/svg+xml;base64,") == 1  # the icon and the art are one picture: stored once
    assert svg.count('xlink:href="#picture-1"') == 2
    pdf = PdfReader(out.folder / "kit.pdf")
    forms = [x.get_object() for x in pdf.pages[1]["/Resources"]["/XObject"].values()]
    assert [f["/Subtype"] for f in forms] == ["/Form"]  # one vector form, drawn at both places
    content = forms[0].get_data()
    assert b"0.94902 0.788235 0.298039 rg" in content or b".94902 .788235 .298039 rg" in content


def test_icon_size_enlarges_inline_icons_within_the_line(tmp_path: Path) -> None:
    kit_text = CARD.replace('text = "{title}"', 'text = "Pay 2 :star: now"\nicon_size = "{big}"')
    kit = kit_of(tmp_path, kit_text, {"cards.csv": "title,colour,big\nA,#AA3300,1.5\nB,#AA3300,1\n", "art/star.svg": STAR})
    large, plain = (images(card)[0] for card in kit.artwork["cards"].children[:2])
    em = 12 * 25.4 / 72
    assert plain.h == pytest.approx(em) and large.h == pytest.approx(1.5 * em) and large.w == pytest.approx(2 * large.h)
    before, after = texts(kit.artwork["cards"].children[0])
    assert before.text == "Pay 2 " and after.x == pytest.approx(large.x + large.w)  # the text after it moves on


def test_missing_image_small_text_and_safe_line_are_findings(tmp_path: Path) -> None:
    kit_text = CARD + '''
[layouts.front.art]
type = "image"
src = "art/{pic}.svg"
x = 0
y = 20
w = 40
h = 40

[layouts.front.tiny]
type = "text"
text = "fine print"
x = 5
y = 70
w = 50
h = 5
size = 5
'''
    kit = kit_of(tmp_path, kit_text, {"cards.csv": "title,colour,pic\nA,#AA3300,nothing\n"})
    messages = [str(f) for f in check_kit(kit)]
    assert any(m.startswith("error: missing image ") and "art/nothing.svg: on deck 'cards', card 1 (" in m for m in messages)
    assert any("warning: deck 'cards', card 1" in m and "field 'tiny': 5 pt text, under 7 pt" in m for m in messages)
    line = kit_line(tmp_path, "[layouts.front.art]")
    assert (f"warning: deck 'cards': element 'art' (layouts.front.art, kit.toml line {line}) crosses the safe line (3 mm "
            "inside the cut) by 3.0 mm at the left edge") in messages  # x = 0: the whole safe margin, at the left only


def test_a_safe_line_warning_names_every_edge_and_the_most_over_the_pieces(tmp_path: Path) -> None:
    kit_text = CARD + '''
[layouts.front.band]
type = "text"
text = "{title}"
x = "{x}"
y = 80
w = 70
h = 6
'''
    kit = kit_of(tmp_path, kit_text, {"cards.csv": "title,colour,x\nA,#AA3300,1\nB,#AA3300,-0.5\n"})
    crossing = [f.message for f in check_kit(kit) if "crosses the safe line" in f.message]
    # 63 x 88 mm poker card, 3 mm safe: the band reaches x + 70 (past 60 on the right) and y 86 (past 85 at the bottom);
    # its left edge is 2 mm inside the line on the first card, 3.5 mm on the second (past the cut, by 0.5 mm)
    assert crossing == ["deck 'cards': element 'band' (layouts.front.band, kit.toml line "
                        f"{kit_line(tmp_path, '[layouts.front.band]')}) crosses the safe line (3 mm inside the cut) by "
                        "3.5 mm at the left edge (past the cut) and 11.0 mm at the right edge (past the cut) and "
                        "1.0 mm at the bottom edge"]


def kit_line(tmp_path: Path, text: str) -> int:
    return (tmp_path / "k" / "kit.toml").read_text().splitlines().index(text) + 1


def test_a_picture_that_is_not_an_image_is_a_finding(tmp_path: Path) -> None:
    kit_text = CARD + '[layouts.front.art]\ntype = "image"\nsrc = "art/x.png"\nx = 5\ny = 20\nw = 20\nh = 20\n'
    kit = kit_of(tmp_path, kit_text, {"cards.csv": CSV, "art/x.png": "not a png"})
    assert any("art/x.png: not a PNG or SVG image" in f.message for f in check_kit(kit))


def test_png_images_and_card_sizes(tmp_path: Path) -> None:
    from PIL import Image as PILImage

    buffer = io.BytesIO()
    PILImage.new("RGB", (40, 20), (200, 30, 30)).save(buffer, "PNG")
    kit_text = CARD.replace('back = "back"', 'back = "back"\nsize = "tarot"\nlandscape = true')
    kit_text += '[layouts.front.art]\ntype = "image"\nsrc = "art/x.png"\nx = 10\ny = 15\nw = 40\nh = 40\n'
    kit = kit_of(tmp_path, kit_text, {"cards.csv": CSV, "art/x.png": buffer.getvalue()})
    placed = deck(kit)
    assert (placed[0].w, placed[0].h) == (120, 70)
    (png,) = images(kit.artwork["cards"].children[0])
    assert png.kind == "png" and (png.w, png.h) == (40, 20)
    out = write_kit(kit, tmp_path / "out", "kit.toml")
    assert b" Do" in PdfReader(out.folder / "kit.pdf").pages[1].get_contents().get_data()


def test_per_card_backs_and_set_on_kit_keys(tmp_path: Path) -> None:
    kit_text = CARD.replace('back = "back"', 'back = "{side}"') + '[layouts.red.bg]\ntype = "rect"\nframe = "bleed"\nfill = "#AA0000"\n'
    kit = kit_of(tmp_path, kit_text, {"cards.csv": "title,colour,side\nA,#AA3300,back\nB,#AA3300,red\nC,#AA3300,back\n"},
                 ("deck.cards.size=bridge", "kit.title=Renamed", "print.duplex_flip=short"))
    assert kit.title == "Renamed" and deck(kit)[0].w == 57
    backs = [s for s in kit.sections[0].sheets if s.side == "back"]
    assert len(backs) == 1 and "backs" in backs[0].label
    art = ET.fromstring(__import__("printkit.draw.svg", fromlist=["to_svg"]).to_svg(kit.artwork["cards"]))
    assert len([e for e in art.iter() if "card-back" in (e.get("class") or "")]) == 2  # two distinct backs drawn once each


def test_paths_never_leave_the_kit(tmp_path: Path) -> None:
    outside = tmp_path / "secret.svg"
    outside.write_text(STAR)
    kit_text = CARD + '[layouts.front.art]\ntype = "image"\nsrc = "{pic}"\nx = 5\ny = 20\nw = 20\nh = 20\n'
    with pytest.raises(Exception) as err:
        kit_of(tmp_path, kit_text, {"cards.csv": "title,colour,pic\nA,#AA3300,../secret.svg\n"})
    assert "leads outside the kit folder" in str(err.value)


def test_rules_markdown_is_a_sandboxed_template(tmp_path: Path) -> None:
    kit_text = CARD.replace('title = "Test Kit"', 'title = "Test Kit"') + '\n[rules]\nfile = "rules.md"\n'
    kit = kit_of(tmp_path, kit_text, {"cards.csv": CSV, "rules.md": "# {{ title }}\n\nThere are {{ decks.cards.count }} cards <b>.\n"})
    assert kit.rules_text == "# Test Kit\n\nThere are 2 cards <b>.\n"
    evil = "{{ ''.__class__.__mro__[1].__subclasses__() }}"
    with pytest.raises(Exception) as err:
        kit_of(tmp_path / "2", kit_text, {"cards.csv": CSV, "rules.md": evil})
    assert "rules.md:1: template error: access to attribute '__class__' of 'str' object is unsafe" in str(err.value)


def test_a_kit_without_rules_has_no_rule_sheet_and_kit_pdf_opens_with_its_components(tmp_path: Path) -> None:
    folder = write_folder(tmp_path / "k", CARD)
    result = write_kit(make_data_kit(str(folder)), tmp_path / "out", "kit.toml")
    assert "rules.pdf" not in result.files and "rules.md" not in result.files
    assert not (result.folder / "rules.pdf").exists()
    reader = PdfReader(result.folder / "kit.pdf")
    first = " ".join(reader.pages[0].extract_text().split())
    assert "PRINT AT 100%" in first and "Components" in first and "Cards: 2" in first
    assert "Rule sheet" not in first and "Test Kit - components - page 1" in first
    assert len(reader.pages) == 3  # the components, a sheet of fronts, its backs
    with_rules = write_folder(tmp_path / "r", CARD + '\n[rules]\nfile = "rules.md"\n', {"cards.csv": CSV, "rules.md": "# Play\n\nDraw.\n"})
    result = write_kit(make_data_kit(str(with_rules)), tmp_path / "out2", "kit.toml")
    assert {"rules.pdf", "rules.md"} <= set(result.files)
    assert "Draw." in PdfReader(result.folder / "kit.pdf").pages[0].extract_text()


def test_a_long_list_of_components_runs_on_to_more_pages() -> None:
    from printkit.art.contents import contents_pages
    from printkit.press.settings import PrintSettings

    items = [f"Deck number {n} with a title so long that the page has to wrap it onto a second line, "
             f"as a designer's long deck titles do: {n}" for n in range(80)]
    pages = contents_pages(PrintSettings(), "Big", ["Cut the pieces."], items)
    shown = [[shape for shape, _, _ in walk(page.children) if isinstance(shape, Text)] for page in pages]
    lines = [t.text for page in shown for t in page if t.x == 20.0]  # the items' lines, right of their bullets
    assert len(lines) == 2 * 80 and sum(t.text == "\u2022" for page in shown for t in page) == 80
    assert len(pages) == 4 and [page[-1].text for page in shown] == [f"Big - components - page {n}" for n in range(1, 5)]
    for page in shown:
        assert all(t.y <= 297 - 14 for t in page[:-1]) and page[-1].y == 297 - 8
    assert all(f"do: {n}" in " ".join(lines) for n in range(80))


def test_an_empty_deck_is_a_warning_not_a_crash(tmp_path: Path) -> None:
    kit = kit_of(tmp_path, CARD, {"cards.csv": "title,colour,quantity\nA,#AA3300,0\n"})
    assert [str(f) for f in check_kit(kit)] == ["warning: deck 'cards': no cards to print (cards.csv has no row with a quantity above 0)"]
    assert kit.sections[0].sheets == []


def test_a_kit_brings_its_own_font(tmp_path: Path) -> None:
    import os

    import reportlab

    italic = Path(os.path.dirname(reportlab.__file__)) / "fonts" / "VeraIt.ttf"
    kit_text = CARD.replace("bold = true", 'font = "{face}"') + '\n[fonts]\nslanted = "fonts/italic.ttf"\n'
    files = {"cards.csv": "title,colour,face\nAlpha,#AA3300,slanted\nBeta,#AA3300,Vera\n", "fonts/italic.ttf": italic.read_bytes()}
    kit = kit_of(tmp_path, kit_text, files)
    alpha, beta = (texts(g)[0] for g in kit.artwork["cards"].children[:2])
    assert alpha.font.startswith("Kit") and beta.font == ""
    out = write_kit(kit, tmp_path / "out", "kit.toml")
    reader = PdfReader(out.folder / "kit.pdf")
    names = {str(f.get_object()["/BaseFont"]) for f in reader.pages[1]["/Resources"]["/Font"].values()}
    assert any("Oblique" in n or "Italic" in n for n in names), names
    from tests.conftest import unembedded_fonts

    assert unembedded_fonts(reader.pages[1]) == []
    with pytest.raises(Exception, match="unknown font 'Comic' \\(fonts: Vera, slanted\\)"):
        kit_of(tmp_path / "2", kit_text, {**files, "cards.csv": "title,colour,face\nA,#AA3300,Comic\n"})
    with pytest.raises(Exception, match="fonts/italic.ttf: not a usable TrueType font"):
        kit_of(tmp_path / "3", kit_text, {**files, "fonts/italic.ttf": "not a font"})


GREEK = "title,colour\nΕλληνικά,#AA3300\nBeta ✓,#0033AA\n"


def _dejavu() -> dict[str, bytes]:
    """DejaVu Sans (shipped with matplotlib, a dependency): a font with Greek and the check mark."""
    import matplotlib

    folder = Path(matplotlib.__file__).parent / "mpl-data" / "fonts" / "ttf"
    return {"fonts/Sans.ttf": (folder / "DejaVuSans.ttf").read_bytes(), "fonts/Sans-Bold.ttf": (folder / "DejaVuSans-Bold.ttf").read_bytes()}


def test_characters_the_font_lacks_are_errors_naming_card_and_field(tmp_path: Path) -> None:
    folder = write_folder(tmp_path / "k", CARD, {"cards.csv": GREEK, "rules.md": "# Rules\n\nPlain.\n\nΑλφα.\n"})
    (folder / "kit.toml").write_text(CARD + '\n[rules]\nfile = "rules.md"\n', encoding="utf-8")
    result = run("verify", "--kit", str(folder))
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert any("card 1" in line and "field 'title'" in line and "'Ε' (U+0395)" in line and "no glyph" in line for line in lines), lines
    assert any("card 2" in line and "'✓' (U+2713)" in line for line in lines), lines
    assert any("k/rules.md:5: the rule sheet's font Vera has no glyph for 'Α' (U+0391)" in line for line in lines), lines


def test_a_kit_font_with_the_characters_prints_them(tmp_path: Path) -> None:
    kit = CARD.replace("bold = true", 'bold = true\nfont = "sans"') + '\n[fonts]\nsans = { regular = "fonts/Sans.ttf", bold = "fonts/Sans-Bold.ttf" }\n'
    folder = write_folder(tmp_path / "k", kit, {"cards.csv": GREEK, **_dejavu()})
    result = run("verify", "--kit", str(folder))
    assert "no glyph" not in result.output, result.output


def test_the_rule_sheet_takes_a_kit_font(tmp_path: Path) -> None:
    kit = CARD + '\n[rules]\nfile = "rules.md"\nfont = "sans"\n\n[fonts]\nsans = { regular = "fonts/Sans.ttf", bold = "fonts/Sans-Bold.ttf" }\n'
    rules = "# Κανόνες\n\nΑλφα `κώδικας` **βήτα**.\n\n| α | β |\n|---|---|\n| γ | δ |\n"
    folder = write_folder(tmp_path / "k", kit, {"cards.csv": CSV, "rules.md": rules, **_dejavu()})
    out = tmp_path / "out"
    result = run("build", "--kit", str(folder), "--out", str(out))
    assert result.exit_code == 0 and "0 errors" in result.output, result.output
    reader = PdfReader(out / "t" / "rules.pdf")
    faces = {str(font.get_object()["/BaseFont"]).split("+")[-1] for page in reader.pages for font in page["/Resources"]["/Font"].values()}
    assert faces == {"DejaVuSans", "DejaVuSans-Bold"}
    text = reader.pages[0].extract_text()
    for word in ("Κανόνες", "κώδικας", "βήτα", "γ", "δ"):
        assert word in text
    bad = write_folder(tmp_path / "bad", CARD + '\n[rules]\nfile = "rules.md"\nfont = "serif"\n', {"cards.csv": CSV, "rules.md": rules})
    result = run("build", "--kit", str(bad), "--out", str(out))
    assert result.exit_code == 1 and "kit.toml: rules.font: unknown font 'serif' (fonts: Vera)" in result.output, result.output
