"""User text is text everywhere: escaped in SVG, in the gallery's HTML and in the PDF's paragraph markup;
user templates render in jinja2's sandbox; no path from a config, kit or picture leaves its folder."""

from __future__ import annotations

import base64
import io
import xml.etree.ElementTree as ET
from pathlib import Path

import jinja2
import pytest
from PIL import Image
from pypdf import PdfReader

from printkit.datakit.scaffold import scaffold
from printkit.rulesheet import template_env
from tests.fuzz.harness import invoke

TOKEN = "<i>&amp;\"'"
"""Short hostile text (no spaces, so it fits a card title on one line)."""
LINE = "<script>alert(1)</script> <b>not bold</b> &amp; <font face='Courier'>x</font> ]]> <!-- --> <para>"
RED = Image.new("RGB", (8, 8), (255, 0, 0))


def _png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A kit whose title, card titles, track labels and rule sheet are markup, built, with its gallery."""
    root = tmp_path_factory.mktemp("hostile")
    folder = root / "kit"
    scaffold(folder, title=TOKEN)
    cards = (folder / "cards.csv").read_text(encoding="utf-8").splitlines()
    cards[1] = '"' + TOKEN.replace('"', '""') + '"' + cards[1][cards[1].index(","):]
    (folder / "cards.csv").write_text("\n".join(cards) + "\n", encoding="utf-8")
    (folder / "track.csv").write_text('space,label\n0,"' + TOKEN.replace('"', '""') + '"\n', encoding="utf-8")
    rules = (folder / "rules.md").read_text(encoding="utf-8")
    (folder / "rules.md").write_text(rules + f"\n{LINE}\n\n******\n\n*a **b* c**\n\n- `<b>`\n", encoding="utf-8")
    (root / "secret.png").write_bytes(_png(RED))
    (folder / "art" / "coin.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="20" height="20">'
        f'<image width="20" height="20" xlink:href="{root / "secret.png"}"/>'
        '<image width="20" height="20" href="../../secret.png"/></svg>', encoding="utf-8")
    out = root / "out"
    result = invoke(["build", "--kit", str(folder), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert invoke(["gallery", "--out", str(out)]).exit_code == 0
    return out / "my-game" if (out / "my-game").is_dir() else next(p for p in out.iterdir() if p.name[0] != ".")


def test_svg_holds_the_text_as_text(hostile: Path) -> None:
    for name in ("cards", "score-track"):
        root = ET.fromstring((hostile / "artwork" / f"{name}.svg").read_bytes())
        texts = ["".join(e.itertext()) for e in root.iter() if e.tag.endswith("text")]
        assert TOKEN in texts, (name, texts[:5])


def test_pdf_shows_markup_as_written(hostile: Path) -> None:
    text = "".join(page.extract_text() for page in PdfReader(hostile / "rules.pdf").pages)
    flat = " ".join(text.split())
    # CommonMark reads the entity &amp; as "&"; every tag stays text
    assert "<script>alert(1)</script> <b>not bold</b> & <font face='Courier'>x</font> ]]> <!-- --> <para>" in flat
    assert TOKEN in flat  # and the unbalanced emphasis (******, *a **b* c**) did not stop the build


def test_gallery_escapes_every_text(hostile: Path) -> None:
    for page in (hostile / "index.html", hostile.parent / "index.html"):
        html = page.read_text(encoding="utf-8")
        assert "<script>alert" not in html and "<i>&amp;" not in html
        assert "&lt;i&gt;&amp;amp;" in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in (hostile / "index.html").read_text(encoding="utf-8")


def test_a_picture_cannot_pull_in_files_from_outside(hostile: Path) -> None:
    """The coin icon points at a red PNG outside the kit: neither the preview nor the PDF shows it."""
    preview = Image.open(hostile / "artwork" / "cards.png").convert("RGB")
    assert (255, 0, 0) not in {c for _, c in preview.getcolors(1 << 24)}


def test_a_picture_of_its_own_shows(tmp_path: Path) -> None:
    """The control of the test above: the same red square embedded in the SVG does show."""
    folder = tmp_path / "kit"
    scaffold(folder)
    data = base64.b64encode(_png(RED)).decode("ascii")
    (folder / "art" / "coin.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="20" height="20">'
        f'<image width="20" height="20" xlink:href="data:image/png;base64,{data}"/></svg>', encoding="utf-8")
    assert invoke(["build", "--kit", str(folder), "--out", str(tmp_path / "out")]).exit_code == 0
    preview = Image.open(tmp_path / "out" / "kit" / "artwork" / "cards.png").convert("RGB")
    assert (255, 0, 0) in {c for _, c in preview.getcolors(1 << 24)}


@pytest.mark.parametrize("template", ["{{ ''.__class__.__mro__[1].__subclasses__() }}", "{{ title.__class__ }}",
                                      "{{ cycler.__init__.__globals__ }}", "{% for x in ().__class__.__base__.__subclasses__() %}{% endfor %}"])
def test_a_kit_rule_sheet_renders_in_the_sandbox(tmp_path: Path, template: str) -> None:
    folder = tmp_path / "kit"
    scaffold(folder)
    (folder / "rules.md").write_text(f"# Rules\n\n{template}\n", encoding="utf-8")
    result = invoke(["build", "--kit", str(folder), "--out", str(tmp_path / "out")])
    assert result.exit_code == 1 and not (tmp_path / "out" / "kit").exists()
    assert result.stderr.startswith(f"error: {folder}/rules.md") and result.stderr.count("\n") == 1, result.stderr


def test_the_built_in_rule_sheet_templates_render_in_the_sandbox() -> None:
    env = template_env()
    assert isinstance(env, jinja2.sandbox.SandboxedEnvironment)
    with pytest.raises(jinja2.exceptions.SecurityError):
        env.from_string("{{ x.__class__.__mro__[1].__subclasses__() }}").render(x="")


@pytest.mark.parametrize("written", ["../outside.log", "/etc/passwd", "~/x.log", "logs/../../outside.log"])
def test_a_config_file_path_stays_in_its_folder(tmp_path: Path, written: str) -> None:
    (tmp_path / "outside.log").write_text("first X\n", encoding="utf-8")
    config = tmp_path / "project" / "config.toml"
    config.parent.mkdir()
    config.write_text(f"[games.warfare]\nexample_log = {written!r}\n".replace("'", '"'), encoding="utf-8")
    result = invoke(["build", "--game", "warfare", "--config", str(config), "--out", str(tmp_path / "out")])
    assert result.exit_code == 1 and not (tmp_path / "out" / "warfare").exists()
    assert result.stderr == (f"error: {config}: games.warfare.example_log: {written!r} leads outside the folder of "
                             f"{config} (write a path inside it)\n")


def test_a_config_file_path_is_read_from_its_folder(tmp_path: Path) -> None:
    example = Path(__file__).resolve().parents[2] / "printkit" / "games" / "warfare" / "example.log"
    config = tmp_path / "project" / "config.toml"
    (config.parent / "logs").mkdir(parents=True)
    (config.parent / "logs" / "mine.log").write_bytes(example.read_bytes())
    config.write_text('[games.warfare]\nexample_log = "logs/mine.log"\n', encoding="utf-8")
    result = invoke(["verify", "--game", "warfare", "--config", str(config)])
    assert "example" not in result.output, result.output


@pytest.mark.parametrize("key, value", [("rules.file", "../x.md"), ("deck.cards.data", "/etc/passwd"),
                                        ("layouts.card-front.picture.src", "../../x.svg"), ("kit.icons", "/etc"),
                                        ("tokens.coins.data", "art/../../x.csv")])
def test_a_kit_path_stays_in_its_folder(tmp_path: Path, key: str, value: str) -> None:
    folder = tmp_path / "kit"
    scaffold(folder)
    result = invoke(["build", "--kit", str(folder), "--out", str(tmp_path / "out"), "--set", f'{key}="{value}"'])
    assert result.exit_code == 1 and not (tmp_path / "out" / "kit").exists()
    assert "outside the kit folder" in result.stderr or "inside the kit folder" in result.stderr, result.stderr
    assert result.stderr.count("\n") == 1


def test_a_symlink_out_of_the_kit_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "kit"
    scaffold(folder)
    (tmp_path / "secret.csv").write_text("title\nsecret\n", encoding="utf-8")
    (folder / "cards.csv").unlink()
    (folder / "cards.csv").symlink_to(tmp_path / "secret.csv")
    result = invoke(["build", "--kit", str(folder), "--out", str(tmp_path / "out")])
    assert result.exit_code == 1 and "leads outside the kit folder" in result.stderr, result.stderr
