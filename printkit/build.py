"""The build of one game's kit: parameters -> kit -> files, written atomically with a manifest."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator

from printkit.config import Config
from printkit.deferred import defer
from printkit.errors import BuildError, PrintkitError
from printkit.games import has_kit, kit_builder
from printkit.kit.history import NOT_KEPT, keep_previous
from printkit.kit.inputs import game_input_paths, input_digest, read_inputs
from printkit.kit.model import Finding, Kit
from printkit.kit.outfolder import recover, staging_prefix, swap_in, swap_lock, umask
from printkit.params import to_mapping
from printkit.userinput.files import reason
from printkit.userinput.text import quoted
from printkit.userinput.writes import PATH_SHOWN, write_file

if TYPE_CHECKING:
    from printkit.kit.parallel import Farm, Hand
    from printkit.kit.previews import HandedOut, PreviewPool
    from printkit.kit.render import Rendering

PREVIEWS = Path(".cache") / "previews"
"""Under the output folder: PNG previews by the hash of their SVG (see printkit.kit.previews)."""
CARRIED = ("balance", "failed", "table")
"""What a rebuild keeps of the kit folder it replaces: balance reports (they record their own parameters), the logs of
failed games (printkit.kitgame.failures) and the browser table's games (``printkit play --web``)."""
RECORDS = Path(".cache") / "builds"
"""Under the output folder: one JSON record per kit of the inputs it was built from."""


@dataclass
class BuildResult:
    """What a build wrote, where, and what its checks found."""

    game: str
    folder: Path
    files: dict[str, int]
    findings: list[Finding]
    reused: bool = False
    """True when the inputs were unchanged and the kit already written was kept."""


def require_kit(game: str) -> None:
    """Refuse an unknown game (UnknownGameError) or one without a print kit (BuildError), without loading its rules."""
    if not has_kit(game):
        raise BuildError(f"{game}: this game has a rules engine but no print kit yet")


def make_kit(config: Config, game: str) -> Kit:
    """The game's kit in memory (nothing written)."""
    require_kit(game)
    return kit_builder(game)(config.game_params(game), config.print)  # type: ignore[no-any-return]


def kit_facts(kit: Kit, source: str) -> dict[str, Any]:
    """What the manifest says about the kit itself (its files and findings aside)."""
    return {
        "game": kit.game,
        "title": kit.title,
        "config": source,
        "parameters": kit.params if isinstance(kit.params, dict) else to_mapping(kit.params),
        "print": to_mapping(kit.settings),
        "cover": kit.main_artwork(),
    }


def manifest(facts: dict[str, Any], files: dict[str, bytes], findings: list[Finding]) -> dict[str, Any]:
    """The manifest: the kit's facts, every file's hash and size, and the checks' findings (the gallery shows
    them without re-checking)."""
    return {**facts,
            "files": {name: {"sha256": hashlib.sha256(data).hexdigest(), "bytes": len(data)} for name, data in sorted(files.items())},
            "findings": [{"level": f.level, "message": f.message} for f in findings]}


def write_atomically(folder: Path, files: dict[str, bytes], carry: tuple[str, ...] = (),
                     before_swap: Callable[[Path], None] | None = None) -> None:
    """Write every file into a temporary folder beside ``folder``, then swap it into place (one build at a time:
    see printkit/kit/outfolder.py). ``before_swap`` sees the folder about to be replaced; its entries named
    in ``carry`` (e.g. balance reports) move into the new one.
    """
    parent = folder.parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=staging_prefix(folder), dir=parent))
        staging.chmod(0o777 & ~umask())  # as any folder made here: mkdtemp makes it 0700
    except OSError as exc:
        raise BuildError(f"cannot write to the output folder {quoted(str(parent), PATH_SHOWN)}: {reason(exc)}") from None
    try:
        for name, data in files.items():
            target = staging / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        with swap_lock(folder, carry):
            if before_swap is not None:
                before_swap(folder)
            for name in carry:
                if (folder / name).exists() and not (staging / name).exists():
                    os.replace(folder / name, staging / name)
            swap_in(staging, folder)
    except OSError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        raise BuildError(f"cannot write {quoted(str(folder), PATH_SHOWN)}: {reason(exc)}") from None


@dataclass(frozen=True)
class Job:
    """One kit to build: its folder name under the output folder, its manifest's source, and how to
    hash its inputs and make it (a built-in game from config.toml, or a kit folder from data)."""

    name: str
    source: str
    digest: Callable[[], str]
    make: Callable[[], Kit]


def settings_of(config: Config, game: str) -> dict[str, Any]:
    """The effective settings one game's kit depends on (what its manifest records)."""
    return {"game": game, "config": config.source, "parameters": to_mapping(config.game_params(game)),
            "print": to_mapping(config.print)}


def kit_digest(config: Config, game: str) -> str:
    """The hash of everything a built-in game's kit is made from (see :mod:`printkit.kit.inputs`)."""
    files = read_inputs(game_input_paths(game, config.game_params(game)))
    return input_digest(settings_of(config, game), files)


def game_job(config: Config, game: str) -> Job:
    """The build of a built-in game's kit with ``config``'s parameters (an unknown game, or one without a kit, is refused
    here, before anything is made)."""
    require_kit(game)
    return Job(game, config.source, lambda: kit_digest(config, game), lambda: make_kit(config, game))


def data_job(folder: str, sets: tuple[str, ...] = (), paper: str | None = None, out: Path | None = None,
             run_code: bool = True, outline: bool = False) -> Job:
    """The build of a designer's kit folder; its inputs are every file of the folder, ``--set`` and ``--paper``
    (``out``: where a failed game of the kit's checks is kept; ``run_code`` False: the kit's Python code is not run;
    ``outline``: the layout views are drawn too)."""
    from dataclasses import replace

    from printkit.kitgame.pipeline import folder_kit
    from printkit.kitgame.spec import read_kit
    from printkit.userinput.paths import kit_files

    loaded = replace(read_kit(folder, sets, paper, out=out, run_code=run_code), outline=outline)
    settings = {"kit": loaded.display, "sets": list(sets), "paper": paper, **({} if run_code else {"code": False}),
                **({"outline": True} if outline else {})}
    return Job(loaded.spec.name, f"{folder.rstrip('/')}/kit.toml",
               lambda: input_digest(settings, read_inputs(kit_files(loaded.path))), lambda: folder_kit(loaded))


def make_data_kit(folder: str, sets: tuple[str, ...] = (), paper: str | None = None, out: Path | None = None,
                  run_code: bool = True) -> Kit:
    """The kit of a designer's folder (kit.toml and its data), in memory (``out``: where a failed game of its checks is
    kept; ``run_code`` False: its rules.py is not run)."""
    return data_job(folder, sets, paper, out, run_code).make()


def _record_path(out: Path, name: str) -> Path:
    return out / RECORDS / f"{name}.json"


def _file_sha(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def _read_record(out: Path, name: str) -> dict[str, Any] | None:
    """The record of the kit's last build (None when there is none, or it cannot be read)."""
    try:
        record = json.loads(_record_path(out, name).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return record if isinstance(record, dict) else None


def reusable(out: Path, name: str, digest: str, record: dict[str, Any]) -> BuildResult | None:
    """The kit in ``out/<name>/`` if ``record`` (its last build's) says it was built from inputs with ``digest`` and
    no file of it changed since (what others add to a kit folder, the gallery and balance reports, does not count)."""
    folder = out / name
    try:
        listed = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))["files"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if record.get("inputs") != digest or record.get("manifest") != _file_sha(folder / "manifest.json"):
        return None
    present = {p.relative_to(folder).as_posix() for p in folder.rglob("*")
               if p.is_file() and p.relative_to(folder).parts[0] not in NOT_KEPT}
    if present != set(listed) | {"manifest.json"}:
        return None
    if any(_file_sha(folder / file) != entry.get("sha256") for file, entry in listed.items()):
        return None
    files = {file: int(entry["bytes"]) for file, entry in listed.items()}
    files["manifest.json"] = (folder / "manifest.json").stat().st_size
    findings = [Finding(level, message) for level, message in record.get("findings", [])]
    return BuildResult(name, folder, dict(sorted(files.items())), findings, reused=True)


def _write_record(out: Path, name: str, digest: str, manifest_bytes: bytes, findings: list[Finding], seconds: float) -> None:
    """Remember what the kit was built from, and how long it took (a record that cannot be written only costs a
    rebuild)."""
    record = {"inputs": digest, "manifest": hashlib.sha256(manifest_bytes).hexdigest(),
              "findings": [[f.level, f.message] for f in findings], "seconds": round(seconds, 3)}
    try:
        write_file(_record_path(out, name), (json.dumps(record, indent=2) + "\n").encode("utf-8"))
    except BuildError:
        pass


def _seconds(record: dict[str, Any] | None) -> float | None:
    """How long the kit's last build took (None when its record does not say)."""
    seconds = record.get("seconds") if record is not None else None
    return float(seconds) if isinstance(seconds, (int, float)) and not isinstance(seconds, bool) else None


def longest_first(indices: list[int], seconds: list[float | None]) -> list[int]:
    """The order to start kits in: those never timed first (in their own order: any may be long), then the
    others longest first by their last build, so the last kit to finish is a short one."""
    return sorted(indices, key=lambda i: (seconds[i] is not None, -(seconds[i] or 0.0)))


def build(config: Config, game: str, out: Path, force: bool = False) -> BuildResult:
    """Build one game's kit into ``out/<game>/``; on any error the previous kit stays.

    When the kit's inputs are those of the kit already in ``out/<game>/`` (and its files are
    intact) that kit is kept and the result says ``reused``; ``force`` rebuilds regardless.
    """
    return list(build_many([game_job(config, game)], out, force))[0]


def write_kit(kit: Kit, out: Path, source: str) -> BuildResult:
    """Check and render a kit made in memory into ``out/<kit.game>/`` (always rebuilt)."""
    job = Job(kit.game, source, lambda: "", lambda: kit)
    return list(build_many([job], out, force=True))[0]


def build_many(jobs: list[Job], out: Path, force: bool = False) -> Iterator[BuildResult]:
    """Build several kits, yielding each result in order; unchanged kits are kept unless ``force``.

    With two or more kits to build and a second core, whole kits are built in worker processes,
    one kit per process (:mod:`printkit.kit.parallel`); kits that have never been built (or ``force``)
    start there at once, while this process hashes the inputs of the others. Otherwise every kit is laid
    out and its PDFs written before the first is finished, so one kit's previews render in worker processes
    while the next kit's PDFs are written. Both write the same bytes. When a kit fails, the kits before
    it are still written, then the error is raised. A kit replaced is kept aside for the gallery's
    "what changed" (:func:`printkit.kit.history.keep_previous`).
    """
    from printkit.kit.previews import can_fork

    defer("PIL.Image")  # reportlab imports it at once (20 ms); only kits with raster pictures and exports use it
    recover(out)  # a kit a killed build left aside is put back, whatever becomes of this build
    records = [_read_record(out, job.name) for job in jobs]
    fresh = [force or record is None for record in records]
    seconds = [_seconds(record) for record in records]
    farm = _farm(jobs, out) if sum(fresh) > 1 and can_fork() else None
    try:
        if farm is not None:
            for index in longest_first([i for i, new in enumerate(fresh) if new], seconds):
                farm.start(index)
        pending, failure = _pending(jobs, records, out, force)
        to_build = [item[0] for item in pending if not isinstance(item, BuildResult)]
        if farm is None and len(to_build) > 1 and can_fork():
            farm = _farm(jobs, out)
        if farm is not None:
            for index in longest_first([i for i in to_build if not fresh[i]], seconds):
                farm.start(index)
            yield from _from_farm(farm, jobs, pending, out)
        else:
            yield from _here([item if isinstance(item, BuildResult) else (jobs[item[0]], item[1]) for item in pending], out)
    finally:
        if farm is not None:
            farm.close()
    if failure is not None:
        raise failure


def _pending(jobs: list[Job], records: list[dict[str, Any] | None], out: Path,
             force: bool) -> tuple[list[tuple[int, str] | BuildResult], PrintkitError | None]:
    """Each job's kept result (its inputs unchanged since its record) or (its index, its inputs' digest), in order, up
    to the first job whose inputs cannot be read (that error is returned with the jobs before it)."""
    pending: list[tuple[int, str] | BuildResult] = []
    for index, job in enumerate(jobs):
        try:
            digest = job.digest()
        except PrintkitError as exc:
            return pending, exc
        record = records[index]
        kept = reusable(out, job.name, digest, record) if record is not None and not force else None
        pending.append(kept if kept is not None else (index, digest))
    return pending, None


def _kit_files(facts: dict[str, Any], files: dict[str, bytes], findings: list[Finding]) -> dict[str, bytes]:
    """The kit's files with its manifest (the files' hashes, the checks' findings) added."""
    data = manifest(facts, files, findings)
    return {**files, "manifest.json": (json.dumps(data, indent=2, sort_keys=True) + "\n").encode("utf-8")}


def _written(out: Path, job: Job, digest: str, files: dict[str, bytes], findings: list[Finding], seconds: float) -> BuildResult:
    """Swap the kit's files into ``out/<name>/`` and remember what they were built from."""
    folder = out / job.name
    write_atomically(folder, files, carry=CARRIED, before_swap=keep_previous)
    if digest:
        _write_record(out, job.name, digest, files["manifest.json"], findings, seconds)
    return BuildResult(job.name, folder, {name: len(data) for name, data in sorted(files.items())}, findings)


def _started(job: Job, out: Path, pool: PreviewPool | HandedOut) -> tuple[Kit, Rendering, list[Finding], float]:
    """The kit made, its rendering started (previews and a big kit.pdf first) and checked; the seconds that took."""
    from printkit.kit.checks import check_kit
    from printkit.kit.render import start_render

    began = time.perf_counter()
    kit = job.make()
    rendering = start_render(kit, out / PREVIEWS, pool)
    try:
        findings = check_kit(kit)
    except BaseException:
        rendering.abandon()
        raise
    return kit, rendering, findings, time.perf_counter() - began


def _made_alone(job: Job, out: Path, hand: Hand) -> tuple[dict[str, Any], dict[str, bytes], dict[str, bytes | str], list[Finding], float]:
    """One kit made, checked and rendered in this process (a kit worker's task): its facts, its files but the
    previews, the previews (PNG, or the key of the side job ``hand`` handed out to render it), its findings and
    the seconds it took."""
    from printkit.kit.previews import HandedOut

    kit, rendering, findings, seconds = _started(job, out, HandedOut(hand))
    return kit_facts(kit, job.source), rendering.written(), rendering.started, findings, seconds


def _farm(jobs: list[Job], out: Path) -> Farm[Any]:
    """Kit workers for ``jobs`` (one per core, at most one per job), forked now; task i builds ``jobs[i]``, and a
    kit's previews are rendered by whichever worker is free (written to the preview cache there)."""
    from printkit.kit.parallel import Farm
    from printkit.kit.previews import rendered_preview

    tasks = [lambda hand, job=job: _made_alone(job, out, hand) for job in jobs]
    return Farm(tasks, lambda args: rendered_preview(out / PREVIEWS, *args), min(len(jobs), os.cpu_count() or 1))


def _from_farm(farm: Farm[Any], jobs: list[Job], pending: list[tuple[int, str] | BuildResult], out: Path) -> Iterator[BuildResult]:
    """The kits built by the farm's workers, written here in order (kept kits as they are)."""
    from printkit.kit.previews import with_previews

    for item in pending:
        if isinstance(item, BuildResult):
            yield item
            continue
        index, digest = item
        done = farm.result(index)
        facts, files, started, findings, seconds = done.value
        job = jobs[index]
        yield _written(out, job, digest, _kit_files(facts, with_previews(files, started, done.sides), findings), findings, seconds)


def _here(pending: list[tuple[Job, str] | BuildResult], out: Path) -> Iterator[BuildResult]:
    """The kits built in this process, previews in worker processes: every kit is laid out and its
    PDFs written before the first is finished, so its previews render meanwhile."""
    from printkit.kit.previews import PreviewPool

    with PreviewPool() as pool:
        started: list[tuple[Job, str, Kit, Rendering, list[Finding], float] | BuildResult] = []
        failure: PrintkitError | None = None
        for item in pending:
            if isinstance(item, BuildResult):
                started.append(item)
                continue
            job, digest = item
            try:
                pool.prepare()
                started.append((job, digest, *_started(job, out, pool)))
            except PrintkitError as exc:
                failure = exc
                break
        for entry in started:
            if isinstance(entry, BuildResult):
                yield entry
                continue
            job, digest, kit, rendering, findings, seconds = entry
            yield _written(out, job, digest, _kit_files(kit_facts(kit, job.source), rendering.finish(), findings), findings, seconds)
    if failure is not None:
        raise failure
