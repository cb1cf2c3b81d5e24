"""A failed game of a kit's rules kept for the designer: its log under the output folder, and one error line that
names the seed, the game's number and the command that replays it to the same error.

simulate, balance, verify and build play seeded games of a kit's rules.py; when one fails, its moves up to the
failing one come back with the error (:class:`printkit.rules.simulate.GameFailure`). They are written as a log in
``OUT/<kit>/failed/`` (kept across rebuilds), headed by comments saying where the game comes from and what went
wrong; ``printkit replay --kit DIR [--set ...] LOG`` plays it again through the same rules.
"""

from __future__ import annotations

import shlex
from pathlib import Path

from printkit.errors import BuildError
from printkit.kit.outfolder import write_file
from printkit.kitgame.blame import RulesError
from printkit.rules.simulate import GameFailure

FOLDER = "failed"
"""Under a kit's output folder: the logs of failed games."""


def replay_command(display: str, sets: tuple[str, ...], log: Path) -> str:
    """``printkit replay --kit DIR --set KEY=VALUE ... LOG``, quoted for a shell."""
    words = ["printkit", "replay", "--kit", display]
    for item in sets:
        words += ["--set", item]
    return " ".join(shlex.quote(word) for word in [*words, str(log)])


def kept(failure: GameFailure, out: Path, name: str, display: str, sets: tuple[str, ...], run: str, about: str,
         number: int) -> RulesError:
    """Write ``failure``'s game as ``OUT/<name>/failed/<run>-game-<number>.log`` (``name``: the kit's output folder,
    ``display``: its folder as the user wrote it, ``sets``: the ``--set`` items its rules were made with) and give the
    error to report: the rules' error, which game of ``about`` (``simulate --seed 1``) it was and how to replay it."""
    log = out / name / FOLDER / f"{run}-game-{number}.log"
    command = replay_command(display, sets, log)
    error = str(failure.error)
    head = [f"game {number:,} of printkit {about}: its {len(failure.moves)} moves up to the error",
            f"error: {error}",
            f"replay it: {command}"]
    text = "".join(f"# {line}\n" for line in head) + "".join(f"{move}\n" for move in failure.moves)
    try:
        write_file(log, text.encode("utf-8"))
    except BuildError as exc:
        return RulesError(f"{error}: game {number:,} of {about} (its log could not be kept: {exc})", failure.debug)
    return RulesError(f"{error}: game {number:,} of {about}, kept in {log}: `{command}` replays it", failure.debug)
