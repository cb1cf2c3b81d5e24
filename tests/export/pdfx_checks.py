"""PDF/X requirements checked without a commercial preflighter, on a file's objects (pypdf).

What is checked, by requirement of ISO 15930-4 (PDF/X-1a:2003) and ISO 15930-7 (PDF/X-4):

- version: the header at most PDF 1.4 (X-1a:2003) or 1.6 (X-4); ``GTS_PDFXVersion`` in the document information
  says which; X-4 also in the XMP metadata (``pdfxid:GTS_PDFXVersion``), with its dates, ``DocumentID``,
  ``VersionID`` and ``RenditionClass``;
- document information: ``Title``, ``CreationDate``, ``ModDate``, ``Trapped`` True or False; an ``ID`` in the
  trailer; no encryption;
- output intent: exactly one ``/GTS_PDFX`` intent with an ``OutputConditionIdentifier``; its ``DestOutputProfile``
  (required for X-4, and for X-1a when the condition is not in the ICC registry) an ICC output profile of CMYK
  (``/N 4``);
- pages: a ``MediaBox``, a ``TrimBox`` (or ``ArtBox``), the ``BleedBox`` inside the ``MediaBox`` and the
  ``TrimBox`` inside the ``BleedBox``;
- fonts: every font of every page and form embedded (``FontFile``, ``FontFile2`` or ``FontFile3``);
- colour: no RGB or other colour space but DeviceCMYK, DeviceGray, Separation and DeviceN (X-1a; X-4 also allows
  ICC-based CMYK), no ``rg``/``RG``/``sc`` in an RGB space in any content stream, no RGB image;
- transparency (X-1a): no graphics state with ``CA``/``ca`` under 1, no soft mask, no blend mode but Normal, no
  transparency group;
- no JavaScript, no annotations on a page (none inside the BleedBox either way).
"""

from __future__ import annotations

import io
import re
from typing import Any, Iterable

from pypdf import PdfReader
from pypdf.generic import ContentStream

RGB_OPERATORS = {b"rg", b"RG"}
ALLOWED_SPACES = {"/DeviceCMYK", "/DeviceGray"}


def _resources(holder: Any) -> Iterable[Any]:
    """The resources of a page and of every form it draws, forms inside forms too."""
    resources = holder.get("/Resources")
    if resources is None:
        return
    resources = resources.get_object()
    yield resources
    for ref in resources.get("/XObject", {}).values():
        obj = ref.get_object()
        if obj.get("/Subtype") == "/Form":
            yield from _resources(obj)


def _inside(inner: list[float], outer: list[float]) -> bool:
    return inner[0] >= outer[0] - 0.01 and inner[1] >= outer[1] - 0.01 and inner[2] <= outer[2] + 0.01 and inner[3] <= outer[3] + 0.01


def _space_ok(space: Any, x4: bool) -> bool:
    space = space.get_object() if hasattr(space, "get_object") else space
    if isinstance(space, str):
        return space in ALLOWED_SPACES or space == "/Pattern"
    kind = space[0]
    if kind in ("/Separation", "/DeviceN"):
        return True
    if kind == "/ICCBased":
        return x4 and space[1].get_object().get("/N") == 4
    if kind == "/Indexed":
        return _space_ok(space[1], x4)
    return False


def pdfx_problems(pdf: bytes, version: str) -> list[str]:
    """Every requirement of ``version`` ("PDF/X-1a:2003" or "PDF/X-4") the file breaks (empty: none found)."""
    x4 = version == "PDF/X-4"
    problems: list[str] = []
    header = re.match(rb"%PDF-1\.(\d)", pdf)
    most = 6 if x4 else 4
    if header is None or int(header.group(1)) > most:
        problems.append(f"header {pdf[:8]!r}: at most PDF 1.{most}")
    reader = PdfReader(io.BytesIO(pdf))
    if reader.is_encrypted:
        problems.append("encrypted")
    info = reader.trailer.get("/Info")
    info = info.get_object() if info is not None else {}
    if info.get("/GTS_PDFXVersion") != version:
        problems.append(f"GTS_PDFXVersion {info.get('/GTS_PDFXVersion')!r}, not {version!r}")
    for key in ("/Title", "/CreationDate", "/ModDate"):
        if not info.get(key):
            problems.append(f"no {key[1:]} in the document information")
    if info.get("/Trapped") not in ("/True", "/False"):
        problems.append(f"Trapped {info.get('/Trapped')!r}: True or False")
    if "/ID" not in reader.trailer:
        problems.append("no ID in the trailer")
    root = reader.trailer["/Root"]
    if "/Names" in root and "/JavaScript" in root["/Names"]:
        problems.append("JavaScript")
    intents = [i.get_object() for i in root.get("/OutputIntents", [])]
    pdfx = [i for i in intents if i.get("/S") == "/GTS_PDFX"]
    if len(pdfx) != 1:
        problems.append(f"{len(pdfx)} GTS_PDFX output intents, not 1")
    else:
        intent = pdfx[0]
        if not intent.get("/OutputConditionIdentifier"):
            problems.append("output intent without OutputConditionIdentifier")
        profile = intent.get("/DestOutputProfile")
        if profile is None and (x4 or intent.get("/RegistryName") is None):
            problems.append("output intent without DestOutputProfile")
        if profile is not None:
            stream = profile.get_object()
            data = stream.get_data()
            if stream.get("/N") != 4 or data[16:20] != b"CMYK" or data[12:16] != b"prtr" or data[36:40] != b"acsp":
                problems.append("DestOutputProfile is not a CMYK output ICC profile")
    if x4:
        meta = root.get("/Metadata")
        xmp = meta.get_object().get_data().decode("utf-8", "replace") if meta is not None else ""
        for tag in ("pdfxid:GTS_PDFXVersion>PDF/X-4<", "xmp:CreateDate>", "xmp:ModifyDate>", "xmpMM:DocumentID>",
                    "xmpMM:VersionID>", "xmpMM:RenditionClass>", "dc:title>"):
            if tag not in xmp:
                problems.append(f"XMP metadata without {tag.rstrip('>').split('>')[0]}")
    for number, page in enumerate(reader.pages, start=1):
        media = [float(v) for v in page.mediabox]
        trim = page.get("/TrimBox") or page.get("/ArtBox")
        bleed = page.get("/BleedBox")
        if trim is None:
            problems.append(f"page {number}: no TrimBox")
        elif bleed is not None:
            t, b = [float(v) for v in trim], [float(v) for v in bleed]
            if not _inside(b, media) or not _inside(t, b):
                problems.append(f"page {number}: TrimBox {t} / BleedBox {b} / MediaBox {media} not nested")
        if page.get("/Annots"):
            problems.append(f"page {number}: annotations")
        if not x4 and page.get("/Group") is not None:
            problems.append(f"page {number}: a transparency group")
        problems += _content_problems(reader, page, number, x4)
    return problems


def _content_problems(reader: PdfReader, page: Any, number: int, x4: bool) -> list[str]:
    problems: list[str] = []
    streams = [page]
    for resources in _resources(page):
        for name, font in resources.get("/Font", {}).items():
            problems += _font_problems(font.get_object(), f"page {number}: font {name}")
        for name, space in resources.get("/ColorSpace", {}).items():
            if not _space_ok(space, x4):
                problems.append(f"page {number}: colour space {name} {space}")
        for name, state in resources.get("/ExtGState", {}).items():
            state = state.get_object()
            if not x4:
                for key in ("/CA", "/ca"):
                    if float(state.get(key, 1)) < 1:
                        problems.append(f"page {number}: transparency ({name} {key} {state[key]})")
                if state.get("/SMask", "/None") != "/None":
                    problems.append(f"page {number}: a soft mask in {name}")
                if state.get("/BM", "/Normal") not in ("/Normal", "/Compatible"):
                    problems.append(f"page {number}: blend mode {state['/BM']}")
        for name, ref in resources.get("/XObject", {}).items():
            obj = ref.get_object()
            if obj.get("/Subtype") == "/Image":
                if not _space_ok(obj.get("/ColorSpace", "/DeviceGray"), x4) and not obj.get("/ImageMask"):
                    problems.append(f"page {number}: image {name} in {obj.get('/ColorSpace')}")
                if not x4 and "/SMask" in obj:
                    problems.append(f"page {number}: image {name} with a soft mask")
            elif obj.get("/Subtype") == "/Form":
                streams.append(obj)
                if not x4 and obj.get("/Group") is not None:
                    problems.append(f"page {number}: form {name} is a transparency group")
    for holder in streams:
        content = holder.get_contents() if holder is page else holder
        if content is None:
            continue
        ops = {op for _, op in ContentStream(content, reader).operations}
        if ops & RGB_OPERATORS:
            problems.append(f"page {number}: RGB colour operators {sorted(o.decode() for o in ops & RGB_OPERATORS)}")
    return problems


def _font_problems(font: Any, where: str) -> list[str]:
    if font.get("/Subtype") == "/Type3":
        return []
    if font.get("/Subtype") == "/Type0":
        return _font_problems(font["/DescendantFonts"][0].get_object(), where)
    descriptor = font.get("/FontDescriptor")
    descriptor = descriptor.get_object() if descriptor is not None else {}
    if not any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3")):
        return [f"{where} ({font.get('/BaseFont')}) not embedded"]
    return []


def vector_pages(pdf: bytes) -> list[tuple[int, int, int]]:
    """Per page: text objects drawn (``Tj``/``TJ``), path operators, and the largest image's pixels (a page turned into
    one picture shows no text and a huge image)."""
    reader = PdfReader(io.BytesIO(pdf))
    found = []
    for page in reader.pages:
        ops: list[bytes] = [op for _, op in ContentStream(page.get_contents(), reader).operations]
        forms = []
        largest = 0
        for resources in _resources(page):
            for ref in resources.get("/XObject", {}).values():
                obj = ref.get_object()
                if obj.get("/Subtype") == "/Image":
                    largest = max(largest, int(obj.get("/Width", 0)) * int(obj.get("/Height", 0)))
                elif obj.get("/Subtype") == "/Form":
                    forms.append(obj)
        for form in forms:
            ops += [op for _, op in ContentStream(form, reader).operations]
        text = sum(1 for op in ops if op in (b"Tj", b"TJ", b"'", b'"'))
        paths = sum(1 for op in ops if op in (b"re", b"l", b"c", b"m"))
        found.append((text, paths, largest))
    return found
