"""PNG previews of the artwork: rendered by worker processes and cached by SVG hash.

A preview is the artwork's drawing as a one-page PDF (the PDF backend the kit itself prints with,
fonts embedded) rendered by PDFium: about 20 ms an artwork, where cairosvg took 60 ms and more
(it lays out text glyph by glyph in Python) plus 0.4 s to import. A :class:`PreviewPool` forks
one worker when the first preview misses the cache, which forks a helper per further core; jobs
of every kit of a build go to the same pool while this process writes the next kit's PDFs. With
one core, or without fork, previews render here when collected.

A preview depends only on its artwork (whose SVG text stands for it) and resolution, so it is kept
in ``<out>/.cache/previews`` under the hash of both and reused while the art is unchanged.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import queue
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from printkit.draw.shapes import Drawing

RENDERER = "pdfium-3"
"""Part of every cache key: previews cached by another renderer (or an older PDF painter: pictures clipped; or another PNG level) are not reused."""
WAIT_S = 600.0
"""How long to wait for one preview before declaring the workers lost."""


def can_fork() -> bool:
    """Whether previews can render in forked workers (fork exists and there is a second core)."""
    return (os.cpu_count() or 1) > 1 and "fork" in multiprocessing.get_all_start_methods()


def _key(svg: str, dpi: float) -> str:
    return hashlib.sha256(f"{RENDERER}\n{dpi:g}\n{svg}".encode("utf-8")).hexdigest()


def _read(cache: Path | None, key: str) -> bytes | None:
    if cache is None:
        return None
    try:
        return (cache / f"{key}.png").read_bytes()
    except OSError:
        return None


def _store(cache: Path | None, key: str, data: bytes) -> None:
    if cache is None:
        return
    try:
        cache.mkdir(parents=True, exist_ok=True)
        tmp = cache / f".{key}.{os.getpid()}.tmp"
        tmp.write_bytes(data)
        os.replace(tmp, cache / f"{key}.png")
    except OSError:
        pass  # a cache that cannot be written only costs time


def _build_gone(parent: int, build: int) -> bool:
    """True when this worker's parent or the building process has ended."""
    if os.getppid() != parent:
        return True
    try:
        os.kill(build, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        pass
    return False


def _serve(jobs: Any, results: Any, parent: int, build: int) -> None:
    """A worker's loop: (key, pdf, dpi) jobs in, (key, ok, png or error) out, until None
    (or until the build process is gone: a worker never outlives its build)."""
    from printkit.draw.png import pdf_to_png

    while True:
        if _build_gone(parent, build):  # nobody will read the results
            results.cancel_join_thread()
            return
        try:
            job = jobs.get(timeout=1.0)
        except queue.Empty:
            continue
        if job is None:
            break
        key, pdf, dpi = job
        try:
            results.put((key, True, pdf_to_png(pdf, dpi)))
        except Exception as exc:  # report any failure to the parent
            results.put((key, False, repr(exc)))
    results.close()
    results.join_thread()


def _first_worker(jobs: Any, results: Any, helpers: int, parent: int) -> None:
    """Import PDFium once (and render a blank page), fork the helpers (they inherit it), then serve like them."""
    from printkit.draw.png import warm_pdfium

    warm_pdfium()

    me = os.getpid()
    children = []
    for _ in range(helpers):
        pid = os.fork()
        if pid == 0:
            try:
                _serve(jobs, results, me, parent)
            finally:
                os._exit(0)
        children.append(pid)
    _serve(jobs, results, parent, parent)
    for pid in children:
        os.waitpid(pid, 0)
    if _build_gone(parent, parent):
        os._exit(0)  # orphaned: skip multiprocessing's flush of the results queue


class PreviewPool:
    """Renders previews for one or more kits; use as a context manager (workers end on exit).

    ``forking=False`` renders every preview in this process (a kit built in a worker process of its own).
    """

    def __init__(self, forking: bool = True) -> None:
        self.workers = (os.cpu_count() or 1) if forking and can_fork() else 0
        self.process: multiprocessing.process.BaseProcess | None = None
        self.waiting: dict[str, tuple[bytes, float]] = {}
        self.done: dict[str, bytes] = {}

    def __enter__(self) -> PreviewPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _start(self) -> None:
        from printkit.draw import fonts

        fonts.register()  # reportlab and PIL (which the workers use too) imported once, before the fork
        ctx = multiprocessing.get_context("fork")
        self.jobs, self.results = ctx.Queue(), ctx.Queue()
        self.process = ctx.Process(target=_first_worker, args=(self.jobs, self.results, self.workers - 1, os.getpid()))
        self.process.start()

    def prepare(self) -> None:
        """Start the workers now, so their start overlaps the kit's layout (a kit about to be
        built usually misses some previews; if none does, the workers only started)."""
        if self.workers and self.process is None:
            self._start()

    def submit(self, key: str, pdf: bytes, dpi: float) -> str:
        """Queue one preview (unless already queued); its key collects it."""
        if key in self.waiting or key in self.done:
            return key
        self.waiting[key] = (pdf, dpi)
        if self.workers:
            if self.process is None:
                self._start()
            self.jobs.put((key, pdf, dpi))
        return key

    def result(self, key: str) -> bytes:
        """The PNG of a submitted preview (waits for the workers; renders here without them)."""
        while key not in self.done:
            if self.process is None:
                from printkit.draw.png import pdf_to_png

                for k, (pdf, dpi) in list(self.waiting.items()):
                    self.done[k] = pdf_to_png(pdf, dpi)
                break
            try:
                got, ok, value = self.results.get(timeout=WAIT_S)
            except queue.Empty:
                raise RuntimeError("the preview workers stopped answering") from None
            if not ok:
                raise RuntimeError(f"a preview worker failed: {value}")
            self.done[got] = value
        self.waiting.pop(key, None)
        return self.done[key]

    def close(self) -> None:
        """Stop the workers (after the jobs queued so far)."""
        if self.process is None:
            return
        for _ in range(self.workers):
            self.jobs.put(None)
        while self.waiting:  # drain results so the workers can flush and exit
            self.result(next(iter(self.waiting)))
        self.process.join()
        self.jobs.close()
        self.jobs.join_thread()
        self.process = None


def start_previews(shown: dict[str, tuple[str, Drawing]], dpi: float, cache: Path | None,
                   pool: PreviewPool) -> dict[str, bytes | str]:
    """Every preview from the cache, or submitted to ``pool`` (its key); collect with :func:`finish_previews`.

    ``shown`` gives, per artwork, the SVG text that stands for the picture in the cache and the
    drawing to render when the cache misses it.
    """
    from printkit.draw.pdf import DrawingPage, pdf_bytes

    started: dict[str, bytes | str] = {}
    for name, (svg, drawing) in shown.items():
        key = _key(svg, dpi)
        cached = _read(cache, key)
        started[name] = cached if cached is not None else pool.submit(key, pdf_bytes([DrawingPage(drawing)], name), dpi)
    return started


def finish_previews(started: dict[str, bytes | str], cache: Path | None, pool: PreviewPool) -> dict[str, bytes]:
    """Wait for the previews, store new ones in the cache."""
    done: dict[str, bytes] = {}
    for name, value in started.items():
        if isinstance(value, str):
            png = pool.result(value)
            _store(cache, value, png)
            value = png
        done[name] = value
    return done
