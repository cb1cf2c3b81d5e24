"""Kits from someone else, tried as a tester would: printing one without running its code, a sandbox bounded in work
and memory, figures, icons and links that are not what they seem, long echoes, a full disk, a kill in the middle of
the output swap, folder modes. Each ends in one ``error:`` line (or works), quickly, leaving nothing behind."""

from __future__ import annotations

import errno
import os
import pathlib
import stat
import time
from pathlib import Path

import pytest

from printkit.build import CARRIED
from printkit.kit import outfolder
from printkit.userinput import writes
from tests.kitrules.helpers import cli, edit, one_error_line, scaffold


@pytest.fixture
def kit(tmp_path: Path) -> Path:
    return scaffold(tmp_path)


def append(path: Path, text: str) -> None:
    path.write_text(path.read_text() + text)


def test_no_code_prints_a_kit_without_running_its_python(kit: Path, tmp_path: Path) -> None:
    ran = tmp_path / "ran"
    append(kit / "rules.py", f"\nopen({str(ran)!r}, 'w').write('rules.py ran')\n")
    append(kit / "rules.md", "\nTotal: {{ sheet.total }}.{% for row in sheet.rows %}{{ row }}{% endfor %}\n")
    result = cli("build", "--kit", str(kit), "--no-code", "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    assert not ran.exists()
    assert "--no-code: the kit's Python code (rules.py) was not run" in (tmp_path / "out" / "star-race" / "manifest.json").read_text()
    assert "Total: [sheet.total: rules.py not run: --no-code]." in (tmp_path / "out" / "star-race" / "rules.md").read_text()
    exported = cli("export", "--kit", str(kit), "--no-code", "--to", "tts", "--out", str(tmp_path / "out"))
    assert exported.exit_code == 0 and not ran.exists(), exported.output
    assert "without running it" in cli("build", "--help").output and "is a program" in cli("build", "--help").output
    assert "--no-code is for kit folders" in one_error_line(cli("build", "--game", "warfare", "--no-code"))
    assert not ran.exists()
    cli("verify", "--kit", str(kit), "--out", str(tmp_path / "out"))
    assert ran.exists()  # without --no-code, the kit's code runs


def test_no_code_cannot_print_rows_the_rules_compute(tmp_path: Path) -> None:
    from printkit.games import kit_folder

    KIT_FOLDER = kit_folder("tokentactics")

    message = one_error_line(cli("build", "--kit", str(KIT_FOLDER), "--no-code", "--out", str(tmp_path)))
    assert "come from rules.py (rules_rows = " in message and "cannot be printed with --no-code" in message


def test_no_code_runs_no_hook_and_cannot_print_pieces_python_draws(kit: Path, tmp_path: Path) -> None:
    """The Python kit.toml names (``[hooks]``, ``art``) is the kit's code too: --no-code imports none of it, and a set
    it draws is one error line naming its key."""
    ran = tmp_path / "ran"
    (kit / "params.py").write_text(f"open({str(ran)!r}, 'w').write('params.py ran')\n\n\nclass Derived:\n    pass\n")
    edit(kit / "kit.toml", "[game]\n", "[hooks]\nparams = \"params.py:Derived\"\n\n[game]\n")
    result = cli("build", "--kit", str(kit), "--no-code", "--out", str(tmp_path / "out"))
    assert result.exit_code == 0 and not ran.exists(), result.output
    from printkit.games import kit_folder

    folder = kit_folder("warfare")  # a kit folder whose tokens and cards art.py draws
    message = one_error_line(cli("build", "--kit", str(folder), "--no-code", "--out", str(tmp_path / "out")))
    assert message == (f"error: {folder}/kit.toml: deck[0].art: the pieces of 'x-ability-cards' are drawn by "
                       "art.py:ability_cards: they cannot be printed with --no-code")


TEMPLATES = [
    ("{{ 'x' * 1000000000 }}", "would make a value of 1,000,000,000 items: at most 1,000,000"),
    ("{{ range(100000000)|list }}", "Range too big"),
    ("{% include '/etc/passwd' %}", "{% include %}, {% import %}, {% from %} and {% extends %} are not available"),
    ("{{ 'x'.ljust(1000000000) }}", "ljust(1,000,000,000): a width of at most 1,000,000"),
    ("{{ 'ab'|center(900000000) }}", "center(900,000,000): a width of at most 1,000,000"),
    ("{{ 2 ** 1000000000 }}", "would be a number of about"),
    ("{{ '%0400000000d' % 1 }}", "% made a value of 400,000,000 items"),
    ("{% set ns = namespace(s='x') %}{% for i in range(64) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}{{ ns.s }}",
     "more memory than a rule sheet may take (512 MB)"),
    ("{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}", "past the limit of 0.5 s"),
    ("{{ lipsum(n=100000000) }}", "past the limit of 0.5 s"),  # a call of the sandbox's: the template's limit holds inside
    ("{{ ''.__class__.__mro__[1].__subclasses__() }}", "access to attribute '__class__' of 'str' object is unsafe"),
]


@pytest.mark.parametrize("template, said", TEMPLATES)
@pytest.mark.parametrize("with_rules", [True, False])
def test_the_rule_sheets_sandbox_is_bounded(tmp_path: Path, template: str, said: str, with_rules: bool) -> None:
    folder = tmp_path / "k"
    assert cli("new", str(folder), *(["--rules"] if with_rules else []), "--title", "K").exit_code == 0
    line = len((folder / "rules.md").read_text().splitlines()) + 1
    append(folder / "rules.md", template + "\n")
    start = time.process_time()
    limit = "0.5" if "past the limit" in said else "30"  # the memory bound, not the time limit, stops the others
    message = one_error_line(cli("build", "--kit", str(folder), "--set", f"game.time_limit={limit}", "--out", str(tmp_path / "out")))
    assert message.startswith(f"error: {folder}/rules.md:{line}: template error: ") and said in message, message
    assert time.process_time() - start < 20  # CPU time: quickly, however busy the machine
    assert not (tmp_path / "out" / "k").exists()


@pytest.mark.parametrize("templated", [False, True])
def test_a_paragraph_too_long_to_lay_out_is_one_line(kit: Path, tmp_path: Path, templated: bool) -> None:
    """A paragraph's layout takes more than in proportion to its length: one of 100 KB took minutes."""
    text = "{% for i in range(20000) %}{{ i }}, {% endfor %}" if templated else ", ".join(str(i) for i in range(20000))
    append(kit / "rules.md", f"\n{text}\n")
    line = len((kit / "rules.md").read_text().splitlines())
    start = time.process_time()
    message = one_error_line(cli("build", "--kit", str(kit), "--out", str(tmp_path / "out")))
    assert f"star-race/rules.md:{line}: a paragraph of 128,88" in message and "characters: at most 20,000; break it" in message
    assert time.process_time() - start < 20


@pytest.mark.parametrize("figure", ["game:-1", "game:abc", "game:1234567"])
def test_a_figure_that_is_no_move_is_one_line(kit: Path, figure: str) -> None:
    append(kit / "rules.md", f"\n![A position]({figure})\n")
    line = len((kit / "rules.md").read_text().splitlines())
    message = one_error_line(cli("verify", "--kit", str(kit)))
    assert f"star-race/rules.md:{line}: figure '{figure}': expected game:N (the position after move N" in message


def test_an_icon_the_rule_sheet_cannot_draw_is_one_line(kit: Path, tmp_path: Path) -> None:
    (kit / "art" / "odd.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
                                         '<text font-size="1e400">x</text></svg>')
    append(kit / "rules.md", "\nPay :odd: to win.\n")
    line = len((kit / "rules.md").read_text().splitlines())
    message = one_error_line(cli("build", "--kit", str(kit), "--out", str(tmp_path / "out")))
    assert f"star-race/rules.md:{line}: icon :odd: is an SVG the rule sheet cannot draw (CairoError" in message


@pytest.mark.parametrize("name, key", [("cards.csv", "deck.data"), ("rules.py", "game.rules"), ("rules.md", "rules.file"),
                                       ("art/star.svg", "layouts.card-back.emblem.src")])
def test_a_link_that_loops_is_one_line(kit: Path, tmp_path: Path, name: str, key: str) -> None:
    (kit / name).unlink()
    (kit / name).symlink_to(Path(name).name)
    for command in (["build", "--out", str(tmp_path / "out")], ["verify"]):
        message = one_error_line(cli(*command, "--kit", str(kit)))
        assert f"star-race/kit.toml: {key}: '{name}': a symbolic link that leads back to itself (a loop)" in message


def test_a_long_card_title_is_echoed_short(kit: Path, tmp_path: Path) -> None:
    title = "Grand " + "x" * 120_000
    cards = (kit / "cards.csv").read_text().replace("Harvest,", f"{title},", 1)
    (kit / "cards.csv").write_text(cards)
    log = tmp_path / "game.log"
    log.write_text("shuffle deck 1 2 3 4 5 6 7 8 9 10 11 12 13 14\nplay Dragon\n")
    message = one_error_line(cli("replay", "--kit", str(kit), str(log)))
    assert "illegal move 'play Dragon': not a legal move of Player 1 here (legal: " in message and len(message) < 800


def no_space(paths: tuple[str, ...]):
    """``Path.write_bytes`` as on a full disk for files whose name holds one of ``paths``: the file is made, nothing
    fits in it."""
    real = pathlib.Path.write_bytes

    def write_bytes(self: Path, data: bytes) -> int:
        if any(part in str(self) for part in paths):
            self.touch()
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(self))
        return real(self, data)

    return write_bytes


def leftovers(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*.tmp"))


def test_a_full_disk_is_one_line_and_leaves_no_temporary_file(kit: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out"
    assert cli("build", "--kit", str(kit), "--out", str(out)).exit_code == 0
    monkeypatch.setattr(pathlib.Path, "write_bytes", no_space(("simulate.json", "results.json", "calibration.pdf")))
    simulated = cli("simulate", "--kit", str(kit), "--games", "200", "--out", str(out))
    assert "speed" in simulated.output  # the figures are printed, then the file that could not be kept is named
    assert "simulate.json': no space left on device" in one_error_line(simulated)
    assert "results.json': no space left on device" in one_error_line(cli("balance", "--kit", str(kit), "--games", "200",
                                                                            "--workers", "1", "--out", str(out)))
    assert "calibration.pdf': no space left on device" in one_error_line(cli("calibrate", "--out", str(out)))
    assert leftovers(out) == []


def test_a_write_cut_short_leaves_the_old_file_and_no_temporary_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C between writing a file under its temporary name and renaming it (a second Ctrl-C while balance saves)."""
    target = tmp_path / "results.json"
    writes.write_file(target, b"old")

    def cut(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", cut)
    with pytest.raises(KeyboardInterrupt):
        writes.write_file(target, b"new")
    assert target.read_bytes() == b"old" and leftovers(tmp_path) == []


def test_a_full_disk_while_caching_previews_leaves_no_temporary_file(kit: Path, tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from printkit.kit import previews

    monkeypatch.setattr(pathlib.Path, "write_bytes", no_space((".tmp",)))
    previews._store(tmp_path / "cache", "abc", b"png")
    assert leftovers(tmp_path) == [] and not (tmp_path / "cache" / "abc.png").exists()


def test_the_gallery_on_a_full_disk_is_one_line(kit: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out"
    assert cli("build", "--kit", str(kit), "--out", str(out)).exit_code == 0
    real = pathlib.Path.write_text

    def full(self: Path, *args: object, **kwargs: object) -> int:
        if self.name == "index.html":
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))  # a write's error names no file
        return real(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(pathlib.Path, "write_text", full)
    assert one_error_line(cli("gallery", "--out", str(out))) == f"error: cannot write the gallery in {out}/: no space left on device"


def test_a_kit_a_killed_swap_left_aside_is_put_back_by_the_next_build(kit: Path, tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out"
    assert cli("build", "--kit", str(kit), "--out", str(out)).exit_code == 0
    folder = out / "star-race"
    monkeypatch.setattr(outfolder, "_exchange", lambda one, other: False)  # a system without the one-step swap
    real = os.replace

    def killed(source: object, target: object) -> None:
        real(source, target)
        if str(target).endswith(".star-race.old"):
            raise KeyboardInterrupt  # the build is killed between the two renames

    monkeypatch.setattr(os, "replace", killed)
    with pytest.raises(KeyboardInterrupt):
        _swap(folder, out)
    monkeypatch.setattr(os, "replace", real)
    assert not folder.exists() and (out / ".star-race.old" / "kit.pdf").is_file()
    edit(kit / "kit.toml", 'title = "Star Race"', 'title = 7')
    assert "kit.title" in one_error_line(cli("build", "--kit", str(kit), "--out", str(out)))  # a failed build...
    assert (folder / "kit.pdf").is_file() and not (out / ".star-race.old").exists()  # ...puts the kit back


def test_a_build_killed_after_carrying_the_balance_reports_loses_none(kit: Path, tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A rebuild moves the old kit's balance/ and failed/ into its staging folder before the swap; killed there, the
    next build puts them back in the kit before it removes what the killed build left."""
    out = tmp_path / "out"
    assert cli("build", "--kit", str(kit), "--out", str(out)).exit_code == 0
    folder = out / "star-race"
    (folder / "balance").mkdir()
    (folder / "balance" / "results.json").write_text("{}")
    real = os.replace

    def killed(source: object, target: object) -> None:
        real(source, target)
        if str(target).endswith("/balance"):
            raise KeyboardInterrupt  # the build is killed once the reports are in its staging folder

    monkeypatch.setattr(os, "replace", killed)
    assert cli("build", "--kit", str(kit), "--out", str(out), "--force").exit_code == 130
    monkeypatch.setattr(os, "replace", real)
    left = next(out.glob(".star-race.build-*"))
    left.rename(out / ".star-race.build-2147483646-gone")  # as when its process is gone
    assert not (folder / "balance").exists()
    assert cli("build", "--kit", str(kit), "--out", str(out), "--force").exit_code == 0
    assert (folder / "balance" / "results.json").read_text() == "{}"
    assert not list(out.glob(".star-race.build-*"))


def _swap(folder: Path, out: Path) -> None:
    staging = out / f"{outfolder.staging_prefix(folder)}test"
    staging.mkdir()
    (staging / "kit.pdf").write_bytes(b"new")
    with outfolder.swap_lock(folder):
        outfolder.swap_in(staging, folder)


def test_the_swap_is_one_step_where_linux_offers_it(kit: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out"
    assert cli("build", "--kit", str(kit), "--out", str(out)).exit_code == 0
    real = os.replace
    renames: list[str] = []
    monkeypatch.setattr(os, "replace", lambda a, b: renames.append(str(b)) or real(a, b))
    assert cli("build", "--kit", str(kit), "--out", str(out), "--force").exit_code == 0
    assert not any(name.endswith(".old") for name in renames) and "failed" in CARRIED


@pytest.mark.parametrize("mask, mode", [(0o022, 0o755), (0o077, 0o700), (0o002, 0o775)])
def test_kit_folders_take_the_umasks_mode(kit: Path, tmp_path: Path, mask: int, mode: int) -> None:
    previous = os.umask(mask)
    try:
        assert cli("build", "--kit", str(kit), "--out", str(tmp_path / "out")).exit_code == 0
    finally:
        os.umask(previous)
    assert stat.S_IMODE((tmp_path / "out" / "star-race").stat().st_mode) == mode
