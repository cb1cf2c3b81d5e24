"""``printkit watch``: rebuild the kits a saved file affects, one line per rebuild, then refresh the gallery.

A kit source says which files feed it (:func:`game_source`; kit folders from data can add their
own source later). A change to the config rebuilds only the kits whose effective parameters
changed (any kit when ``[print]`` changed); a template or a data file rebuilds its game in this
process; a change to Python code rebuilds in a fresh interpreter (this one still holds the old
code), and every later build does too.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable

from printkit.config import Config
from printkit.errors import PrintkitError
from printkit.interrupts import stop_signal
from printkit.kit.model import tally
from printkit.params import to_mapping
from printkit.userinput.files import reason, resolved

SHOWN_FINDINGS = 10
"""Findings a rebuild prints under its line when they changed (verify lists them all)."""
PACKAGE = Path(__file__).resolve().parent
"""The printkit package: a change to its shared code affects every kit."""


@dataclass(frozen=True)
class KitSource:
    """One kit to keep built: its name and the files and folders its build reads (besides the config)."""

    name: str
    paths: tuple[Path, ...]
    code: tuple[Path, ...]
    """Folders of Python code among ``paths`` (a change there needs a fresh interpreter)."""
    folder: str | None = None
    """A kit folder from data (``--kit DIR``, as the user wrote it): built from its kit.toml, not the config."""

    def owns(self, path: Path) -> bool:
        return any(path == p or p in path.parents for p in self.paths)


def game_source(game: str) -> KitSource:
    """A registered game's inputs: its rule-sheet templates and its kit folder (kit.toml, rules, art, example logs)."""
    from printkit.games import kit_folder
    from printkit.templating import templates_dir

    package = kit_folder(game).resolve()
    return KitSource(game, (templates_dir() / game, package), (package,))


def kit_source(folder: str, sets: tuple[str, ...] = (), paper: str | None = None) -> KitSource:
    """A kit folder's inputs: the whole folder (kit.toml, data, art, rules); bad kit.toml is an error now."""
    from printkit.datakit.load import load_kit

    kit = load_kit(folder, sets, paper)
    return KitSource(kit.spec.name, (kit.path.resolve(),), (), folder)


def watched_paths(sources: Iterable[KitSource]) -> list[Path]:
    """The folders to watch: every source's paths and the shared code (the config file is polled)."""
    paths = {PACKAGE}
    for source in sources:
        paths.update(p for p in source.paths if p.exists())
    return sorted(paths)


def _fingerprint(config: Config, source: KitSource) -> str:
    """What of the config a kit depends on (nothing, for a kit folder: it has its own kit.toml)."""
    if source.folder is not None:
        return ""
    return json.dumps([to_mapping(config.print), to_mapping(config.game_params(source.name))], sort_keys=True, default=str)


@dataclass
class Rebuild:
    """What one change asks for: the kits to rebuild, why, and whether code changed."""

    kits: list[str]
    trigger: str
    code: bool = False


class Watcher:
    """Keeps a set of kits built in ``out`` as their inputs change."""

    def __init__(self, sources: list[KitSource], out: Path, config_path: str | None, sets: tuple[str, ...],
                 paper: str | None, say: Callable[[str], None], gallery: bool = True) -> None:
        self.sources, self.out, self.sets, self.paper, self.say = sources, out, sets, paper, say
        self.config_arg = config_path
        self.config_file = Path(config_path) if config_path else Path("config.toml")
        self.gallery = gallery
        self.outline = False
        """Kit folders are built with their layout views (``watch --outline``, as ``build --outline``)."""
        self.fresh_process = False
        self.fingerprints: dict[str, str] = {}
        self.shown: dict[str, list[str]] = {}
        """The findings last printed for each kit: printed again only when they change."""

    def load(self) -> Config:
        from printkit.config import load_cli_config

        if any(s.folder is not None for s in self.sources):
            return load_cli_config(self.config_arg, ())  # --set and --paper belong to the kit folders
        return load_cli_config(self.config_arg, self.sets, self.paper)

    def source(self, name: str) -> KitSource:
        return next(s for s in self.sources if s.name == name)

    def classify(self, changed: Iterable[Path]) -> Rebuild | None:
        """The kits a batch of changed files affects (None: nothing of ours changed)."""
        kits: set[str] = set()
        names: list[str] = []
        code = gallery_only = False
        config_file = self.config_file.resolve()
        for path in sorted({_real(p) for p in changed}):
            if path.name.startswith(".") or path.suffix in (".pyc", ".swp", ".tmp") or "__pycache__" in path.parts:
                continue
            if path == config_file:
                affected = self._config_affects()
                if affected is None:
                    return None
                kits.update(affected)
            elif any(s.owns(path) for s in self.sources):
                kits.update(s.name for s in self.sources if s.owns(path))
                code = code or path.suffix == ".py"
            elif PACKAGE / "gallery" in path.parents:
                gallery_only = True  # the gallery's templates are read afresh on each refresh
                continue
            elif PACKAGE in path.parents and path.suffix in (".py", ".j2"):
                kits.update(s.name for s in self.sources)
                code = True
            else:
                continue
            names.append(_short(path))
        if gallery_only:
            self.refresh_gallery()
            self.say(f"{_clock()} gallery rewritten after its templates or code changed")
        if not names:
            return None
        return Rebuild([s.name for s in self.sources if s.name in kits], ", ".join(names) + " changed", code)

    def _config_affects(self) -> list[str] | None:
        """Kits whose effective parameters differ after a config change; None when the config is invalid."""
        try:
            config = self.load()
        except PrintkitError as exc:
            self.say(f"{_clock()} error: {exc} (kits left as they were)")
            return None
        return [s.name for s in self.sources if self.fingerprints.get(s.name) != _fingerprint(config, s)]

    def rebuild(self, request: Rebuild) -> None:
        """Rebuild the requested kits, one line each, then the gallery and the build stamp."""
        if request.code:
            self.fresh_process = True
        if not request.kits:
            self.say(f"{_clock()} {request.trigger}: no kit affected")
            return
        try:
            config = self.load()
        except PrintkitError as exc:
            self.say(f"{_clock()} error: {exc} (kits left as they were)")
            return
        for name in request.kits:
            for line in self.build_one(config, name, request.trigger):
                self.say(line)
        self.refresh_gallery()

    def build_one(self, config: Config, name: str, trigger: str) -> list[str]:
        """Build one kit; the lines to print: built (or the error, the previous kit kept), then the
        findings themselves when they differ from those last shown for this kit."""
        started = time.perf_counter()
        try:
            findings = self._build_fresh(name) if self.fresh_process else self._build_here(config, name)
        except PrintkitError as exc:
            return [f"{_clock()} {name}: FAILED after {trigger}: error: {exc} (previous kit kept)"]
        except Exception as exc:  # a bug in code being edited must not stop the watch
            return [f"{_clock()} {name}: FAILED after {trigger}: {type(exc).__name__}: {exc} (previous kit kept)"]
        self.fingerprints[name] = _fingerprint(config, self.source(name))
        took = time.perf_counter() - started
        lines = [f"{_clock()} {name}: built in {took:.2f} s after {trigger}: {summary(findings)}"]
        listed = [f"{f.get('level')}: {f.get('message')}" for f in findings]
        if listed != self.shown.get(name, []):
            self.shown[name] = listed
            lines += [f"  {line}" for line in listed[:SHOWN_FINDINGS]]
            if len(listed) > SHOWN_FINDINGS:
                lines.append(f"  ... and {len(listed) - SHOWN_FINDINGS} more (printkit verify lists them all)")
        return lines

    def _build_here(self, config: Config, name: str) -> list[dict[str, str]]:
        from printkit.build import build_many, data_job, game_job

        folder = self.source(name).folder
        job = game_job(config, name) if folder is None else data_job(folder, self.sets, self.paper, outline=self.outline)
        result, = build_many([job], self.out)
        return [{"level": f.level, "message": f.message} for f in result.findings]

    def _build_fresh(self, name: str) -> list[dict[str, str]]:
        """Build in a new interpreter (edited code takes effect); the findings come from the manifest."""
        folder = self.source(name).folder
        command = [sys.executable, "-m", "printkit", "build", *(("--kit", folder) if folder else ("--game", name)), "--out", str(self.out)]
        if self.config_arg and folder is None:
            command += ["--config", self.config_arg]
        if self.paper:
            command += ["--paper", self.paper]
        for item in self.sets:
            command += ["--set", item]
        if self.outline and folder:
            command.append("--outline")
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            lines = (done.stderr or done.stdout).strip().splitlines() or ["the build failed"]
            raise PrintkitError(lines[-1].removeprefix("error: "))
        manifest = json.loads((self.out / name / "manifest.json").read_text(encoding="utf-8"))
        return list(manifest.get("findings", []))

    def refresh_gallery(self) -> None:
        """Rewrite the gallery and the build stamp that served pages poll."""
        if not self.gallery:
            return
        from printkit.gallery.site import STAMP, write_gallery

        try:
            write_gallery(self.out)
            (self.out / STAMP).write_text(f"{time.time_ns()}\n", encoding="utf-8")
        except (OSError, PrintkitError) as exc:
            self.say(f"{_clock()} gallery not updated: {exc}")

    def run(self, stop: Any = None) -> None:
        """Build everything once, then rebuild on every change until Ctrl-C (or ``stop`` is set).

        The sources' folders are watched by watchfiles; the config file is polled (its folder may
        hold the output and a virtualenv, too much to watch recursively).
        """
        from watchfiles import watch

        seen = _stat(self.config_file)
        self.rebuild(Rebuild([s.name for s in self.sources], "start"))
        paths = watched_paths(self.sources)
        for changes in watch(*paths, stop_event=stop, debounce=50, step=20, rust_timeout=100, yield_on_timeout=True):
            changed = [Path(p) for _, p in changes]
            now = _stat(self.config_file)
            if now != seen:
                seen = now
                changed.append(self.config_file)
            request = self.classify(changed) if changed else None
            if request is not None:
                self.rebuild(request)
            if stop_signal():  # a Ctrl-C that came meanwhile, its KeyboardInterrupt lost by code on its way
                raise KeyboardInterrupt


def _stat(path: Path) -> tuple[int, int, int] | None:
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_ino, info.st_mtime_ns, info.st_size


def summary(findings: list[dict[str, str]]) -> str:
    """``0 errors, 1 warning``: the counts a rebuild's line ends with."""
    return tally([f.get("level", "") for f in findings])


def _short(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def _clock() -> str:
    return time.strftime("%H:%M:%S")


def serve(out: Path, port: int) -> Any:
    """Serve ``out`` on http://127.0.0.1:PORT/ from a daemon thread; the server object (``shutdown()`` stops it)."""
    import functools
    import threading
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            pass

        def end_headers(self) -> None:
            self.send_header("Cache-Control", "no-store")
            super().end_headers()

    out.mkdir(parents=True, exist_ok=True)
    try:
        server = ThreadingHTTPServer(("127.0.0.1", port), functools.partial(Quiet, directory=str(out)))
    except OSError as exc:
        raise PrintkitError(f"--port {port}: cannot serve on localhost: {reason(exc)}") from None
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def _real(path: Path) -> Path:
    """The changed file's real path (a link that loops is taken as it is: the rebuild names it)."""
    try:
        return resolved(path)
    except OSError:
        return path.absolute()
