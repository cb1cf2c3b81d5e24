"""PNG previews of the artwork: rendered by worker processes and cached by SVG hash.

A preview is the artwork's drawing as a page of a PDF (the PDF backend the kit itself prints with,
fonts embedded; a kit's previews are the pages of one PDF) rendered by PDFium: about 10 ms an artwork,
where cairosvg took 60 ms and more (it lays out text glyph by glyph in Python) plus 0.4 s to import. A :class:`PreviewPool` forks
one worker when the first preview misses the cache, which forks a helper per further core; jobs
of every kit of a build go to the same pool while this process writes the next kit's PDFs. With
one core, or without fork, previews render here when collected.

A preview depends only on its artwork (whose SVG text stands for it) and resolution, so it is kept
in ``<out>/.cache/previews`` under the hash of both and reused while the art is unchanged.
"""

from __future__ import annotations

import hashlib
import os
import queue
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printkit.kit.forked import child, receive, send

if TYPE_CHECKING:
    from printkit.draw.shapes import Drawing
    from printkit.kit.parallel import Hand

RENDERER = "pdfium-4"
"""Part of every cache key: previews cached by another renderer (or an older PDF painter: pictures clipped; or another PNG level;
or PNGs without their dpi) are not reused."""
WAIT_S = 600.0
"""How long to wait for one preview before declaring the workers lost."""


def can_fork() -> bool:
    """Whether previews can render in forked workers (fork exists and there is a second core)."""
    return (os.cpu_count() or 1) > 1 and hasattr(os, "fork")


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
    tmp = cache / f".{key}.{os.getpid()}.tmp"
    try:
        cache.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(data)
        os.replace(tmp, cache / f"{key}.png")
    except OSError:  # a cache that cannot be written (a full disk) only costs time, and leaves nothing behind
        try:
            tmp.unlink()
        except OSError:
            pass


def _serve(jobs: int, results: int) -> None:
    """A worker's loop: (key, pdf, page, dpi) jobs in, (key, ok, png or error) out, until its job pipe closes
    (the pool closed it, or the build process ended: a worker never outlives its build)."""
    from printkit.draw.png import pdf_to_png

    while True:
        job = receive(jobs)
        if job is None:
            return
        key, pdf, page, dpi = job
        try:
            answer = (key, True, pdf_to_png(pdf, dpi, page))
        except Exception as exc:  # report any failure to the parent
            answer = (key, False, repr(exc))
        send(results, answer)


def _first_worker(pipes: list[tuple[int, int, int, int]]) -> None:
    """Import PDFium once (and render a blank page), fork the helpers (they inherit it), then serve like them.

    ``pipes`` holds, per worker, its job pipe's read and write ends and its result pipe's read and write ends.
    """
    from printkit.draw.png import warm_pdfium

    for _, job_write, result_read, _ in pipes:  # the pool's ends: closed, so a vanished build reads as the end
        os.close(job_write)
        os.close(result_read)
    warm_pdfium()
    helpers = []
    for index, (job_read, _, _, result_write) in enumerate(pipes[1:], start=1):
        def helper(job_read: int = job_read, result_write: int = result_write, index: int = index) -> None:
            for other, (r, _, _, w) in enumerate(pipes):
                if other != index:
                    os.close(r)
                    os.close(w)
            _serve(job_read, result_write)
        helpers.append(child(helper))
    for job_read, _, _, result_write in pipes[1:]:
        os.close(job_read)
        os.close(result_write)
    _serve(pipes[0][0], pipes[0][3])
    for pid in helpers:
        os.waitpid(pid, 0)


class PreviewPool:
    """Renders previews for one or more kits; use as a context manager (workers end on exit).

    Each worker has a pipe of jobs and a pipe of results, fed by a thread of this process that hands it
    the next job when it has answered the last, so every kit's previews queue here while this process
    goes on writing PDFs. ``forking=False`` renders every preview in this process (a kit built in a
    worker process of its own).
    """

    def __init__(self, forking: bool = True) -> None:
        self.workers = (os.cpu_count() or 1) if forking and can_fork() else 0
        self.process: int | None = None
        self.waiting: dict[str, tuple[bytes, int, float]] = {}
        self.done: dict[str, bytes] = {}

    def __enter__(self) -> PreviewPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _start(self) -> None:
        import threading

        pipes = [(*os.pipe(), *os.pipe()) for _ in range(self.workers)]
        self.jobs: queue.SimpleQueue[tuple[str, bytes, int, float] | None] = queue.SimpleQueue()
        self.results: queue.SimpleQueue[tuple[str, bool, Any]] = queue.SimpleQueue()
        self.process = child(lambda: _first_worker(pipes))
        self.feeders = []
        for job_read, job_write, result_read, result_write in pipes:
            os.close(job_read)
            os.close(result_write)
            feeder = threading.Thread(target=self._feed, args=(job_write, result_read), daemon=True)
            feeder.start()
            self.feeders.append(feeder)

    def _feed(self, jobs: int, results: int) -> None:
        """One worker's feeder: the next job to it, its answer back, until the pool closes (None)."""
        try:
            while True:
                job = self.jobs.get()
                if job is None:
                    break
                send(jobs, job)
                answer = receive(results)
                if answer is None:
                    self.results.put((job[0], False, "the preview worker ended"))
                    break
                self.results.put(answer)
        except OSError as exc:
            self.results.put(("", False, f"the preview worker's pipe failed ({exc})"))
        finally:
            os.close(jobs)
            os.close(results)

    def second_process(self, big: bool) -> bool:
        """Whether to write a kit's kit.pdf in a forked process: a big one, when there is a second core (see
        :data:`printkit.kit.render.ELSEWHERE_PAGES`)."""
        return big and self.workers > 0

    def prepare(self) -> None:
        """Start the workers now, so their start overlaps the kit's layout (a kit about to be
        built usually misses some previews; if none does, the workers only started)."""
        if self.workers and self.process is None:
            self._start()

    def submit(self, key: str, pdf: bytes, page: int, dpi: float) -> str:
        """Queue one preview, page ``page`` of ``pdf`` (unless already queued); its key collects it."""
        if key in self.waiting or key in self.done:
            return key
        self.waiting[key] = (pdf, page, dpi)
        if self.workers:
            if self.process is None:
                self._start()
            self.jobs.put((key, pdf, page, dpi))
            time.sleep(0)  # let a waiting feeder take the job now, not when this thread next yields (up to 5 ms)
        return key

    def result(self, key: str) -> bytes:
        """The PNG of a submitted preview (waits for the workers; renders here without them)."""
        while key not in self.done:
            if self.process is None:
                from printkit.draw.png import pdf_to_png

                for k, (pdf, page, dpi) in list(self.waiting.items()):
                    self.done[k] = pdf_to_png(pdf, dpi, page)
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
        for _ in self.feeders:
            self.jobs.put(None)
        for feeder in self.feeders:
            feeder.join()
        os.waitpid(self.process, 0)
        self.process = None
        while not self.results.empty():  # answers nobody asked for yet stay collectable
            got, ok, value = self.results.get()
            if ok:
                self.done[got] = value


class HandedOut:
    """A pool for a kit built in a kit worker: each preview becomes a side job that whichever worker is free
    renders (:mod:`printkit.kit.parallel`), with :func:`rendered_preview`."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand

    def submit(self, key: str, pdf: bytes, page: int, dpi: float) -> str:
        self.hand.spawn(key, (key, pdf, page, dpi))
        return key

    def second_process(self, big: bool) -> bool:
        """Whether to write kit.pdf in a forked process: when another kit worker has nothing to do, whatever the
        kit's size (its core would wait otherwise)."""
        return self.hand.core_free()


def rendered_preview(cache: Path | None, key: str, pdf: bytes, page: int, dpi: float) -> bytes:
    """A handed-out preview (page ``page`` of ``pdf``) rendered, and kept in the cache."""
    from printkit.draw.png import pdf_to_png

    png = pdf_to_png(pdf, dpi, page)
    _store(cache, key, png)
    return png


def start_previews(shown: dict[str, tuple[str, Drawing]], dpi: float, cache: Path | None,
                   pool: PreviewPool | HandedOut) -> dict[str, bytes | str]:
    """Every preview from the cache, or submitted to ``pool`` (its key); collect with :func:`finish_previews`.

    ``shown`` gives, per artwork, the SVG text that stands for the picture in the cache and the
    drawing to render when the cache misses it. The pictures to render are the pages of one PDF (its
    fonts embedded once, not once a picture); each page is a job of its own.
    """
    from printkit.draw.pdf import DrawingPage, pdf_bytes

    started: dict[str, bytes | str] = {}
    missing: dict[str, Drawing] = {}
    for name, (svg, drawing) in shown.items():
        key = _key(svg, dpi)
        cached = _read(cache, key)
        started[name] = cached if cached is not None else key
        if cached is None:
            missing.setdefault(key, drawing)
    if missing:
        pdf = pdf_bytes([DrawingPage(drawing) for drawing in missing.values()], "previews", compress=False)
        for page, key in enumerate(missing):
            pool.submit(key, pdf, page, dpi)
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


def with_previews(files: dict[str, bytes], started: dict[str, bytes | str], rendered: dict[str, bytes]) -> dict[str, bytes]:
    """The kit's files with its previews (``started``: each PNG, or the key of its rendering in ``rendered``), sorted
    by path."""
    files = dict(files)
    for stem, value in started.items():  # an artwork's stem, or a path of the kit's folder (``outline/cards.front``)
        files[f"{stem if '/' in stem else f'artwork/{stem}'}.png"] = value if isinstance(value, bytes) else rendered[value]
    return dict(sorted(files.items()))
