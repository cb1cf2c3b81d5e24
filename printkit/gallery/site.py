"""``printkit gallery``: ``output/index.html`` over every kit built and ``output/<game>/index.html`` per kit.

Static files that work opened from disk: every image is copied into ``output/<game>/gallery/``,
styles are inline, nothing is fetched from the network. Text from kits and configs is escaped
(jinja2 autoescape; the rule sheet's Markdown is rendered with raw HTML disabled).
"""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape

from printkit.errors import PrintkitError
from printkit.gallery.changes import (
    FileChanges,
    ParameterChange,
    changed_share,
    file_changes,
    manifest_parameters,
    parameter_changes,
    pixel_difference,
)
from printkit.gallery.pages import PageImages, render_pdf
from printkit.kit.history import previous_folder
from printkit.kit.model import OUTLINE
from printkit.rules.reasons import reasons_lines
from printkit.userinput.files import MB, read_bytes, reason

GALLERY = "gallery"
MAX_SHOWN_LOG = MB
"""The largest game log a kit page shows."""
"""Folder inside each kit folder where the gallery keeps its images."""
STAMP = "build-stamp.txt"
"""File in the output folder that ``watch --serve`` rewrites after each build; served pages poll it to reload."""


@dataclass(frozen=True)
class Thumbnail:
    """One PDF page: its number and the two images (paths relative to the kit page)."""

    number: int
    thumb: str
    full: str


@dataclass(frozen=True)
class ImageChange:
    """A changed picture (an artwork or a PDF page): before, after and the difference overlay."""

    label: str
    before: str
    after: str
    diff: str
    share: float


@dataclass
class KitView:
    """Everything one kit page shows."""

    game: str
    title: str
    manifest: dict[str, Any]
    findings: list[dict[str, str]] | None
    artwork: list[tuple[str, str, str]] = field(default_factory=list)
    outlines: list[tuple[str, str, str]] = field(default_factory=list)
    """The layout views (``build --outline``): name, SVG and PNG."""
    pdfs: list[tuple[str, list[Thumbnail]]] = field(default_factory=list)
    rules_html: str = ""
    parameters: list[tuple[str, Any]] = field(default_factory=list)
    balance: dict[str, Any] | None = None
    balance_report: str | None = None
    simulation: dict[str, Any] | None = None
    logs: list[tuple[str, str]] = field(default_factory=list)
    has_previous: bool = False
    files: FileChanges = field(default_factory=FileChanges)
    parameter_changes: list[ParameterChange] = field(default_factory=list)
    image_changes: list[ImageChange] = field(default_factory=list)
    page_notes: list[str] = field(default_factory=list)

    @property
    def errors(self) -> int:
        return sum(1 for f in self.findings or [] if f.get("level") == "error")

    @property
    def warnings(self) -> int:
        return sum(1 for f in self.findings or [] if f.get("level") == "warning")

    @property
    def from_kit_folder(self) -> bool:
        """Whether the kit was built from a kit folder (``--kit``: its layouts can be outlined)."""
        return str(self.manifest.get("config", "")).endswith("kit.toml")

    @property
    def cover(self) -> str | None:
        """The preview of the kit's main artwork (its largest deck, else its board; see ``Kit.main_artwork``), for the index."""
        main = [art for art in self.artwork if art[0] == f"{self.manifest.get('cover')}.svg"]
        boards = [art for art in self.artwork if art[0].startswith("board")]
        chosen = (main or boards or self.artwork)[:1]
        return f"{self.game}/{chosen[0][2]}" if chosen else None


def _environment() -> Environment:
    env = Environment(loader=FileSystemLoader(Path(__file__).parent / "templates"),
                      autoescape=select_autoescape(["html", "j2"]), trim_blocks=True, lstrip_blocks=True,
                      keep_trailing_newline=True)
    env.filters["changed_share"] = changed_share
    env.filters["reason_lines"] = reasons_lines
    return env


def _link(source: Path, target: Path) -> None:
    """Place ``source`` at ``target`` (a hard link when the disk allows, else a copy)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.link(source, target)
    except OSError:
        shutil.copyfile(source, target)


def render_markdown(text: str) -> str:
    """The rule sheet's Markdown as HTML (CommonMark with tables; raw HTML in the text is escaped).

    A ``[[figure:NAME]]`` line (a drawing placed in rules.pdf) becomes a note pointing there.
    """
    from printkit.markdown_blocks import FIGURE, parser

    lines = [f"*(figure {FIGURE.match(line.strip()).group(1)}: drawn in [rules.pdf](rules.pdf))*"  # type: ignore[union-attr]
             if FIGURE.match(line.strip()) else line for line in text.splitlines()]
    return str(parser().render("\n".join(lines) + "\n"))


def kit_folders(out: Path) -> list[Path]:
    """Every kit built into ``out`` (a folder holding a manifest.json), by name."""
    if not out.is_dir():
        return []
    return sorted(p for p in out.iterdir() if not p.name.startswith(".") and (p / "manifest.json").is_file())


def _log_text(path: Path) -> str:
    """A game log kept beside a kit, as the page shows it (a file that cannot be read: why)."""
    try:
        return read_bytes(path, MAX_SHOWN_LOG).decode("utf-8", errors="replace")
    except OSError as exc:
        return f"(not shown: {reason(exc)})"


def _read_json(path: Path) -> dict[str, Any] | None:
    try:
        data = json.loads(read_bytes(path, 20 * MB))
    except (OSError, ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


def _pdf_pages(folder: Path, cache: Path) -> dict[str, list[PageImages]]:
    return {pdf.name: render_pdf(pdf, cache) for pdf in sorted(folder.glob("*.pdf"))}


def _image_changes(view: KitView, folder: Path, before: Path, cache: Path,
                   now_pages: dict[str, list[PageImages]]) -> None:
    """Before / after / difference images for every changed artwork and PDF page."""
    target = folder / GALLERY / "changes"
    changed = set(view.files.changed)
    stems = sorted({Path(n).stem for n in changed if n.startswith("artwork/")})
    for stem in stems:
        old, new = before / "artwork" / f"{stem}.png", folder / "artwork" / f"{stem}.png"
        if old.is_file() and new.is_file():
            _link(old, target / f"artwork-{stem}-before.png")
            share = pixel_difference(old, new, target / f"artwork-{stem}-diff.png")
            view.image_changes.append(ImageChange(f"artwork/{stem}.svg", f"{GALLERY}/changes/artwork-{stem}-before.png",
                                                  f"artwork/{stem}.png", f"{GALLERY}/changes/artwork-{stem}-diff.png", share))
    for name in sorted(n for n in changed if n.endswith(".pdf") and "/" not in n):
        if not (before / name).is_file() or name not in now_pages:
            continue
        old_pages, new_pages = render_pdf(before / name, cache), now_pages[name]
        stem = Path(name).stem
        for old, new in zip(old_pages, new_pages):
            if old.full.read_bytes() == new.full.read_bytes():
                continue
            prefix = f"{stem}-page-{new.number:02d}"
            _link(old.full, target / f"{prefix}-before.png")
            share = pixel_difference(old.full, new.full, target / f"{prefix}-diff.png")
            view.image_changes.append(ImageChange(f"{name} page {new.number}", f"{GALLERY}/changes/{prefix}-before.png",
                                                  f"{GALLERY}/{stem}/page-{new.number:02d}.png",
                                                  f"{GALLERY}/changes/{prefix}-diff.png", share))
        if len(old_pages) != len(new_pages):
            view.page_notes.append(f"{name}: {len(old_pages)} pages before, {len(new_pages)} now")


def kit_view(folder: Path, cache: Path) -> KitView:
    """Read one built kit (and its previous build) and place the gallery's images under ``folder/gallery``."""
    manifest = _read_json(folder / "manifest.json") or {}
    findings = manifest.get("findings")
    view = KitView(game=folder.name, title=str(manifest.get("title", folder.name)), manifest=manifest,
                   findings=findings if isinstance(findings, list) else None)
    shutil.rmtree(folder / GALLERY, ignore_errors=True)
    view.artwork = [(svg.name, f"artwork/{svg.name}", f"artwork/{svg.stem}.png")
                    for svg in sorted((folder / "artwork").glob("*.svg")) if svg.with_suffix(".png").is_file()]
    view.outlines = [(svg.stem, f"{OUTLINE}/{svg.name}", f"{OUTLINE}/{svg.stem}.png")
                     for svg in sorted((folder / OUTLINE).glob("*.svg")) if svg.with_suffix(".png").is_file()]
    pages = _pdf_pages(folder, cache)
    for name, images in pages.items():
        stem = Path(name).stem
        for page in images:
            _link(page.full, folder / GALLERY / stem / page.full.name)
            _link(page.thumb, folder / GALLERY / stem / page.thumb.name)
        view.pdfs.append((name, [Thumbnail(p.number, f"{GALLERY}/{stem}/{p.thumb.name}", f"{GALLERY}/{stem}/{p.full.name}")
                                 for p in images]))
    if (folder / "rules.md").is_file():
        view.rules_html = render_markdown((folder / "rules.md").read_text(encoding="utf-8"))
    view.parameters = sorted(manifest_parameters(manifest).items())
    view.balance = _read_json(folder / "balance" / "results.json")
    if (folder / "balance" / "report.html").is_file():
        view.balance_report = "balance/report.html"
    view.simulation = _read_json(folder / "balance" / "simulate.json")
    logs = sorted(folder.glob("*.log")) + sorted(folder.glob("logs/*.log"))
    view.logs = [(str(p.relative_to(folder)), _log_text(p)) for p in logs]
    before = previous_folder(folder)
    old_manifest = _read_json(before / "manifest.json")
    if old_manifest is not None:
        view.has_previous = True
        view.files = file_changes(old_manifest, manifest)
        view.parameter_changes = parameter_changes(old_manifest, manifest)
        _image_changes(view, folder, before, cache, pages)
    return view


class GalleryError(PrintkitError):
    """The gallery cannot be written (a full disk, a folder that cannot be written)."""


def write_gallery(out: Path) -> list[Path]:
    """Write ``out/index.html`` and ``out/<game>/index.html`` for every kit built; return the pages written. A disk
    error is one GalleryError naming the file."""
    try:
        return _write_gallery(out)
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        raise GalleryError(f"cannot write the gallery in {out}/: {where}{reason(exc)}") from None


def _write_gallery(out: Path) -> list[Path]:
    env = _environment()
    cache = out / ".cache" / "gallery"
    views = [kit_view(folder, cache) for folder in kit_folders(out)]
    written = []
    for view in views:
        page = out / view.game / "index.html"
        page.write_text(env.get_template("kit.html.j2").render(kit=view, root="../"), encoding="utf-8")
        written.append(page)
    index = out / "index.html"
    out.mkdir(parents=True, exist_ok=True)
    index.write_text(env.get_template("index.html.j2").render(kits=views, root=""), encoding="utf-8")
    written.insert(0, index)
    return written
