"""A rule sheet's paragraphs and figures drawn once for both PDFs that flow it (rules.pdf, then kit.pdf).

Both documents flow the same story, so a block drawn in rules.pdf writes the same content operators in kit.pdf
wherever the two documents are in the same state for it: the same fonts and character codes so far (the
characters of an embedded font are numbered in the order a document first uses them), the same transparency
names on the page, the same canvas state. :class:`Recorded` keeps each block's operators from the first document
and writes them again in the next when that state is equal; a block whose drawing added to its document (a new
character or font, a picture, a link, a form) is drawn afresh every time. :func:`seed` gives both documents the
same start: the sheet's faces registered in one order, and the characters of what only kit.pdf draws besides the
flow (the print note) numbered before anything else.

The layout (line breaks, page breaks) is done in each document as before; only the drawing is shared, and the
bytes are those a fresh drawing writes (a test compares every kit's PDFs drawn both ways).
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any, Iterable

from reportlab.pdfbase.pdfmetrics import getFont
from reportlab.pdfgen.canvas import Canvas

_STATE = attrgetter(*(name for name in Canvas.STATE_ATTRIBUTES if name not in ("_currentMatrix", "_extgstate")))
"""The canvas's graphics and text state a drawing may depend on (its position aside: drawings are placed by a
``cm`` written before them)."""
_SAME: dict[tuple[Any, ...], tuple[Any, ...]] = {}
"""One object for each distinct sequence of numbered characters, so states compare by identity (they are long)."""


def seed(c: Canvas, faces: Iterable[str], uses: Iterable[tuple[str, str]]) -> None:
    """Register ``faces`` in ``c``'s document in this order, then number the characters of ``uses`` ((face, text): what
    is drawn outside the flow, and the characters the flow will draw) in those of the faces: every document seeded
    alike numbers the flow's characters alike."""
    doc = c._doc
    doc.ensureMinPdfVersion("transparency")  # every paragraph sets an opacity: the version the first one would set
    faces = list(dict.fromkeys(faces))
    for face in faces:
        getFont(face).getSubsetInternalName(0, doc)
    for face, text in uses:
        if face in faces:
            font = getFont(face)
            for subset, _ in font.splitString(text, doc):
                font.getSubsetInternalName(subset, doc)


def _characters(font: Any, doc: Any) -> tuple[Any, ...]:
    """The characters ``font`` has numbered in ``doc``, in order (a number is given once, in turn: the same start, the
    same numbers), as the one object for that sequence; remembered until the font numbers another."""
    state = font.state[doc]
    known = state.__dict__.get("printkit_characters")
    if known is None or known[0] != len(state.assignments):
        sequence = tuple(state.assignments)
        known = state.printkit_characters = (len(sequence), _SAME.setdefault(sequence, sequence))
    return known[1]  # type: ignore[no-any-return]


def _registry(c: Canvas) -> tuple[Any, ...]:
    """What the document and page have named so far, each in the order named: its fonts, their characters, the
    page's transparency states."""
    doc = c._doc
    return (tuple(doc.fontMapping.items()), tuple(_characters(font, doc) for font in doc.delayedFonts),
            tuple(c._extgstate._c.items()))


def _extends(registry: tuple[Any, ...], recorded: tuple[Any, ...]) -> bool:
    """Whether ``registry`` names everything ``recorded`` named, alike: names are only ever added, so a document that
    went on naming more (kit.pdf's print note) still writes a block recorded before those the same way."""
    (fonts, characters, states), (old_fonts, old_characters, old_states) = registry, recorded
    return (fonts[:len(old_fonts)] == old_fonts and states[:len(old_states)] == old_states
            and len(characters) >= len(old_characters)
            and all(now is then or now[:len(then)] == then for now, then in zip(characters, old_characters)))


def _state(c: Canvas) -> tuple[Any, ...]:
    """The canvas state a block's operators depend on."""
    return _STATE(c), tuple(c._extgstate._d.items()), c._enforceColorSpace


def _effects(c: Canvas, registry: tuple[Any, ...]) -> tuple[Any, ...]:
    """What a drawing may add to its document or page besides operators (compared before and after it)."""
    doc = c._doc
    return (registry, doc.objectcounter, doc._pdfVersion, len(c._formsinuse), len(c._annotationrefs), c._currentPageHasImages,
            len(c._colorsUsed), len(c._shadingUsed))


class Recorded:
    """A flowable (mixed in before the platypus class) whose drawing is recorded in the first document and written
    again, operator for operator, where another document is in the same state (see the module's notes)."""

    def _layout(self) -> tuple[Any, ...]:
        """What the flowable's last wrap decided: its size and (a paragraph) its lines, the very object."""
        return getattr(self, "width", None), getattr(self, "height", None), getattr(self, "blPara", None)

    def _drawOn(self, canv: Canvas) -> None:  # noqa: N802 - platypus's name
        registry = _registry(canv)
        key = (self._layout(), _state(canv))
        recorded = self.__dict__.get("_recorded")
        if recorded is not None and recorded[0] == key and _extends(registry, recorded[1]):
            canv._code.extend(recorded[2])
            return
        code = canv._code
        start = len(code)
        last = code[-1] if code else None
        effects = _effects(canv, registry)
        super()._drawOn(canv)  # type: ignore[misc]
        if (recorded is None and canv._code is code and (not start or code[start - 1] is last)
                and _effects(canv, _registry(canv)) == effects):
            self.__dict__["_recorded"] = (key, registry, code[start:])
