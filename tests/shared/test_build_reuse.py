"""Rebuilds: unchanged kits are kept, changed inputs rebuild only their kit, previews agree on any core count."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from click.testing import CliRunner

from printkit.build import build, build_many, game_job, kit_digest
from printkit.cli import main
from printkit.config import load_config
from printkit.kit.inputs import game_input_paths, input_digest


def shas(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_unchanged_kit_is_kept_and_force_rebuilds(tmp_path: Path) -> None:
    runner = CliRunner()
    args = ["build", "--game", "tictactwo", "--out", str(tmp_path)]
    first = runner.invoke(main, args)
    assert first.exit_code == 0, first.output
    assert "tictactwo: wrote" in first.output
    before = shas(tmp_path / "tictactwo")
    again = runner.invoke(main, args)
    assert again.exit_code == 0, again.output
    assert f"tictactwo: unchanged, kept {tmp_path / 'tictactwo'}/ (use --force to rebuild)" in again.output
    assert "checks: 0 errors" in again.output
    forced = runner.invoke(main, [*args, "--force"])
    assert "tictactwo: wrote" in forced.output
    assert shas(tmp_path / "tictactwo") == before


def test_one_changed_parameter_rebuilds_only_its_game(tmp_path: Path) -> None:
    config = load_config(None, ())
    list(build_many([game_job(config, g) for g in ("tictactwo", "warfare")], tmp_path))
    changed = load_config(None, ("games.warfare.board_size=7",))
    results = {r.game: r.reused for r in build_many([game_job(changed, g) for g in ("tictactwo", "warfare")], tmp_path)}
    assert results == {"tictactwo": True, "warfare": False}
    assert 'id="cell-G7"' in (tmp_path / "warfare" / "artwork" / "board.svg").read_text()


def test_a_changed_or_extra_file_in_the_kit_rebuilds_it(tmp_path: Path) -> None:
    config = load_config(None, ())
    build(config, "tictactwo", tmp_path)
    good = shas(tmp_path / "tictactwo")
    (tmp_path / "tictactwo" / "rules.md").write_text("edited by hand\n")
    assert not build(config, "tictactwo", tmp_path).reused
    assert shas(tmp_path / "tictactwo") == good
    (tmp_path / "tictactwo" / "stray.txt").write_text("x")
    assert not build(config, "tictactwo", tmp_path).reused
    assert build(config, "tictactwo", tmp_path).reused


def test_digest_covers_settings_templates_and_example_log(tmp_path: Path) -> None:
    config = load_config(None, ())
    base = kit_digest(config, "warfare")
    assert kit_digest(load_config(None, ("print.paper=letter",)), "warfare") != base
    assert kit_digest(config, "ultimate") != base
    assert "games/warfare/rules.md" in game_input_paths("warfare", config.game_params("warfare"))  # its kit folder's rule sheet
    kit = game_input_paths("tokentactics", config.game_params("tokentactics"))  # a game built from its kit folder
    assert {"games/tokentactics/rules.md", "games/tokentactics/rules.py",
            "games/tokentactics/kit.toml", "games/tokentactics/art/star.svg"} <= set(kit)
    settings = {"a": 1}
    assert input_digest(settings, {"t": b"one"}) != input_digest(settings, {"t": b"two"})
    log = tmp_path / "mine.log"
    log.write_text("first X\n")
    with_log = load_config(None, (f"games.warfare.example_log={str(log)!r}",))
    first = kit_digest(with_log, "warfare")
    log.write_text("first O\n")
    assert kit_digest(with_log, "warfare") != first


def test_previews_on_one_core_equal_the_parallel_ones(tmp_path: Path, monkeypatch) -> None:
    config = load_config(None, ())
    build(config, "tictactwo", tmp_path / "many", force=True)
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    build(config, "tictactwo", tmp_path / "one", force=True)
    assert shas(tmp_path / "one" / "tictactwo") == shas(tmp_path / "many" / "tictactwo")


def test_reports_beside_a_kit_do_not_stop_reuse_and_balance_survives_a_rebuild(tmp_path: Path) -> None:
    config = load_config(None, ())
    build(config, "tictactwo", tmp_path)
    folder = tmp_path / "tictactwo"
    for extra in ("index.html", "gallery/x.png", "balance/results.json", "export/tts/README.txt"):
        (folder / extra).parent.mkdir(parents=True, exist_ok=True)
        (folder / extra).write_text("x")
    assert build(config, "tictactwo", tmp_path).reused
    build(config, "tictactwo", tmp_path, force=True)
    assert (folder / "balance" / "results.json").read_text() == "x"
    assert not (folder / "export").exists() and not (folder / "index.html").exists()


def test_an_installed_package_is_hashed_from_its_record_while_its_files_match(tmp_path: Path) -> None:
    import base64

    import printkit
    from printkit.kit.inputs import _code_files, _installed

    root = tmp_path / "printkit"
    (root / "draw").mkdir(parents=True)
    (root / "__init__.py").write_text("x = 1\n")
    (root / "draw" / "pdf.py").write_text("y = 2\n")
    (root / "__pycache__").mkdir()
    (root / "__pycache__" / "a.cpython-311.pyc").write_bytes(b"compiled")
    files = _code_files(root)
    assert files == ["__init__.py", "draw/pdf.py"]
    assert _installed(root, files) is None  # no RECORD: an editable install

    def record() -> None:
        rows = [f"printkit/{f},sha256="
                f"{base64.urlsafe_b64encode(hashlib.sha256((root / f).read_bytes()).digest()).rstrip(b'=').decode()},"
                f"{(root / f).stat().st_size}" for f in files]
        info = tmp_path / f"printkit-{printkit.__version__}.dist-info"
        info.mkdir(exist_ok=True)
        (info / "RECORD").write_text("\n".join([*rows, "printkit/__pycache__/a.cpython-311.pyc,,"]) + "\n")

    record()
    first = _installed(root, files)
    assert first is not None
    (root / "draw" / "pdf.py").write_text("y = 22\n")  # edited after installation: not trusted
    assert _installed(root, files) is None
    record()
    assert _installed(root, files) not in (None, first)
    (root / "draw" / "new.py").write_text("")  # a file the installer did not write
    assert _installed(root, _code_files(root)) is None
