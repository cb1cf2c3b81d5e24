"""One parameter system: a kit's [params] may hold groups, [param_limits] choices, and [hooks] params names a class of
the kit's own Python whose check() refuses parameters that do not fit together (as the built-in games' do)."""

from __future__ import annotations

from pathlib import Path

from printkit.build import make_data_kit
from tests.kitrules.helpers import cli, edit, one_error_line, scaffold

DERIVED = '''
class Derived:
    """Checks across the parameters."""

    def check(self):
        if self.goal < self.hand_size:
            return [("goal", f"expected at least hand_size ({self.hand_size}), got {self.goal}")]
        return []

    @property
    def table_needs(self):
        """What else the table needs, by the pace."""
        return "a timer" if self.pace == "quick" else "nothing else"
'''


def kit_with_hooks(tmp_path: Path) -> Path:
    folder = scaffold(tmp_path)
    edit(folder / "kit.toml", "goal = 5                    # stars that win the game (the score track's Goal space)\n",
         "goal = 5                    # stars that win the game (the score track's Goal space)\n"
         "deal = { first = 1, second = 2 }\n"
         "pace = \"steady\"\n\n"
         "[param_limits]\n"
         "pace = { choices = [\"steady\", \"quick\"], doc = \"how fast the game goes\" }\n"
         "deal = { doc = \"cards dealt\", first = { min = 0, max = 5 } }\n\n"
         "[hooks]\n"
         "params = \"params.py:Derived\"\n")
    (folder / "params.py").write_text(DERIVED, encoding="utf-8")
    edit(folder / "rules.py", "            for _ in range(self.params.hand_size):",
         "            assert self.params.deal.first + self.params.deal[\"second\"] == 3 and self.params.pace == \"steady\"\n"
         "            for _ in range(self.params.hand_size):")
    return folder


def test_a_kit_with_groups_choices_and_a_params_hook_plays(tmp_path: Path) -> None:
    folder = kit_with_hooks(tmp_path)
    result = cli("simulate", "--kit", str(folder), "--games", "20")
    assert result.exit_code == 0, result.output
    assert cli("build", "--kit", str(folder), "--out", str(tmp_path / "out")).exit_code == 0


def test_the_hook_and_the_limits_refuse_what_does_not_fit(tmp_path: Path) -> None:
    folder = kit_with_hooks(tmp_path)
    line = one_error_line(cli("simulate", "--kit", str(folder), "--set", "params.goal=2"))
    assert line == "error: --set: params.goal: expected at least hand_size (3), got 2 (in " + f"{folder}/kit.toml)"
    line = one_error_line(cli("simulate", "--kit", str(folder), "--set", "params.pace=slow"))
    assert line == "error: --set: params.pace: expected one of 'steady', 'quick', got 'slow' (in " + f"{folder}/kit.toml)"
    line = one_error_line(cli("simulate", "--kit", str(folder), "--set", "params.deal.first=9"))
    assert line == "error: --set: params.deal.first: expected 0 to 5, got 9 (in " + f"{folder}/kit.toml)"


def test_the_print_note_follows_the_parameters_and_what_they_derive(tmp_path: Path) -> None:
    folder = kit_with_hooks(tmp_path)
    edit(folder / "kit.toml", 'paper = "A4"', 'paper = "A4"\nprint_note = "Goal {params.goal}: you need {params.table_needs}. {params.nothing}"')
    assert make_data_kit(str(folder)).print_notes == ["Goal 5: you need nothing else. {params.nothing}"]
    edit(folder / "kit.toml", 'pace = "steady"', 'pace = "quick"')
    edit(folder / "rules.py", 'and self.params.pace == "steady"', '')
    assert make_data_kit(str(folder)).print_notes == ["Goal 5: you need a timer. {params.nothing}"]


def test_a_hook_that_names_nothing_is_one_error(tmp_path: Path) -> None:
    folder = kit_with_hooks(tmp_path)
    edit(folder / "kit.toml", 'params = "params.py:Derived"', 'params = "params.py:Checks"')
    assert one_error_line(cli("simulate", "--kit", str(folder))) == (
        f"error: {folder}/kit.toml: hooks.params: {folder}/params.py has no 'Checks' (kit.toml names 'params.py:Checks')")
    edit(folder / "kit.toml", 'params = "params.py:Checks"', 'params = "checks.py:Derived"')
    assert one_error_line(cli("simulate", "--kit", str(folder))) == (
        f"error: {folder}/kit.toml: hooks.params: no file {folder}/checks.py")
    edit(folder / "kit.toml", 'params = "checks.py:Derived"', 'params = "checks"')
    assert "hooks.params: expected a Python file of the kit folder and a name in it" in one_error_line(cli("simulate", "--kit", str(folder)))
    (folder / "params.py").write_text("class Derived:\n    def check(self):\n        return 1 / 0\n", encoding="utf-8")
    edit(folder / "kit.toml", 'params = "checks"', 'params = "params.py:Derived"')
    assert one_error_line(cli("simulate", "--kit", str(folder))).startswith(f"error: {folder}/params.py:3 in check(): ZeroDivisionError")


def test_a_hooks_python_is_the_kits_own_module_under_its_limits(tmp_path: Path) -> None:
    """The file a hook names is a module of the kit's private package, as rules.py is: a helper beside it is the kit's
    (a jinja2.py in the kit shadows nothing of printkit's), and a call into it past kit.toml's time limit is one error
    line naming its line."""
    import sys

    folder = kit_with_hooks(tmp_path)
    (folder / "jinja2.py").write_text("raise RuntimeError('the kit jinja2.py was imported')\n", encoding="utf-8")
    (folder / "lowest.py").write_text("GOAL = 3\n", encoding="utf-8")
    edit(folder / "params.py", 'class Derived:', 'from lowest import GOAL\n\n\nclass Derived:')
    edit(folder / "params.py", "if self.goal < self.hand_size:", "if self.goal < max(GOAL, self.hand_size):")
    before = list(sys.path)
    assert cli("build", "--kit", str(folder), "--out", str(tmp_path / "out")).exit_code == 0
    assert sys.path == before and "lowest" not in sys.modules
    edit(folder / "kit.toml", 'rules = "rules.py"', 'rules = "rules.py"\ntime_limit = 0.5')
    edit(folder / "params.py", "    def check(self):\n", "    def check(self):\n        while True:\n            pass\n")
    line = one_error_line(cli("simulate", "--kit", str(folder), "--games", "5"))
    assert line.startswith(f"error: {folder}/params.py:") and "in check()" in line, line
    assert "past the limit of 0.5 s" in line and "(checking the parameters)" in line, line
