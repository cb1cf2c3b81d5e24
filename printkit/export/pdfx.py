"""PDF/X marks on a CMYK kit PDF: the version in the document information (and, for PDF/X-4, in XMP metadata).

PDF/X-1a:2003 (ISO 15930-4) allows no transparency: a kit that has some is flattened first (a translucent colour
becomes the opaque mix it makes over the paper, a picture's transparency is composited over white; see
:class:`printkit.draw.cmyk.Inks`). PDF/X-4 (ISO 15930-7) keeps the transparency and needs the output profile embedded.
What else each version asks (every colour CMYK, fonts embedded, TrimBox and BleedBox, the output intent) the CMYK
export already gives; tests/export/pdfx_checks.py checks every requirement on the files written.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any, Callable

X1A = "PDF/X-1a:2003"
X4 = "PDF/X-4"
VERSIONS = {"1a": X1A, "4": X4}
"""``--pdfx-version`` values."""
_ALPHA = re.compile(rb"/(?:ca|CA) +(0(?:\.[0-9]+)?|\.[0-9]+)\b")


def has_transparency(pdf: bytes) -> bool:
    """Whether a PDF written by printkit uses transparency: a constant alpha under 1 in a graphics state, or a soft
    mask (reportlab writes both as plain dictionaries, outside the compressed content streams)."""
    return any(float(value) < 1 for value in _ALPHA.findall(pdf)) or b"/SMask" in pdf


def marker(version: str, title: str) -> Callable[[Any], None]:
    """What :func:`printkit.draw.pdf.pdf_bytes` calls on the canvas: PDF version (1.4 for X-1a, 1.6 for X-4), the
    document information's ``GTS_PDFXVersion``, and for X-4 the XMP metadata stream."""

    def mark(canvas: Any) -> None:
        from reportlab.pdfbase.pdfdoc import PDFCatalog, PDFDictionary, PDFInfo, PDFName, PDFStream, PDFString

        doc = canvas._doc
        doc._pdfVersion = (1, 4) if version == X1A else (1, 6)
        info = doc.info

        class PDFXInfo(PDFInfo):
            def format(self, document: Any) -> bytes:
                plain = PDFInfo.format(self, document)
                return plain[:-2] + b"/GTS_PDFXVersion " + PDFString(version).format(document) + b" >>"

        marked = PDFXInfo()
        marked.__dict__.update(info.__dict__)
        doc.info = marked
        if version == X4:
            xmp = _xmp(title, version, doc.info.producer).encode("utf-8")
            stream = PDFStream(PDFDictionary({"Type": PDFName("Metadata"), "Subtype": PDFName("XML")}), xmp, filters=[])
            catalog = doc.Catalog
            catalog.Metadata = doc.Reference(stream)
            catalog.__NoDefault__ = [*getattr(catalog, "__NoDefault__", PDFCatalog.__NoDefault__), "Metadata"]

    return mark


def _xmp(title: str, version: str, producer: str) -> str:
    """The XMP packet PDF/X-4 asks for: title, dates (those of the document information, fixed: the files are
    byte-identical on every build), producer, trapping, document and version ids, and ``pdfxid:GTS_PDFXVersion``."""
    date = "2000-01-01T00:00:00+00:00"
    ident = hashlib.sha1(f"{title}\n{version}".encode("utf-8")).hexdigest()
    uuid = f"{ident[:8]}-{ident[8:12]}-{ident[12:16]}-{ident[16:20]}-{ident[20:32]}"
    escaped = title.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">{escaped}</rdf:li></rdf:Alt></dc:title>
   <dc:creator><rdf:Seq><rdf:li>printkit</rdf:li></rdf:Seq></dc:creator>
   <xmp:CreateDate>{date}</xmp:CreateDate>
   <xmp:ModifyDate>{date}</xmp:ModifyDate>
   <xmp:MetadataDate>{date}</xmp:MetadataDate>
   <xmp:CreatorTool>printkit</xmp:CreatorTool>
   <pdf:Producer>{producer}</pdf:Producer>
   <pdf:Trapped>False</pdf:Trapped>
   <xmpMM:DocumentID>uuid:{uuid}</xmpMM:DocumentID>
   <xmpMM:InstanceID>uuid:{uuid}</xmpMM:InstanceID>
   <xmpMM:VersionID>1</xmpMM:VersionID>
   <xmpMM:RenditionClass>default</xmpMM:RenditionClass>
   <pdfxid:GTS_PDFXVersion>{version}</pdfxid:GTS_PDFXVersion>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>"""
