"""``--set params.NAME=VALUE`` on a kit folder changes a parameter kit.toml's [params] writes, keeping the kind of its value:
a misspelt name (which changed nothing) or text for a number (which failed inside rules.py, blamed on the data's column
types) is one error naming the key."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.datakit.load import load_kit
from printkit.errors import ConfigError
from tests.kitrules.helpers import cli, scaffold

WRITTEN = {"hand_size": 3, "start_coins": 2, "goal": 5}
"""The scaffold's [params]."""

NAMES = st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,20}", fullmatch=True).filter(lambda n: n not in WRITTEN)
NOT_NUMBERS = st.one_of(st.booleans(), st.text(st.characters(codec="ascii", exclude_categories=("Cc",)), max_size=12),
                        st.lists(st.integers(-5, 5), max_size=3))


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return scaffold(tmp_path_factory.mktemp("params"))


@settings(max_examples=40, deadline=None)
@given(name=NAMES, value=st.integers(0, 9))
def test_a_parameter_kit_toml_does_not_write_is_refused_by_name(kit: Path, name: str, value: int) -> None:
    with pytest.raises(ConfigError) as caught:
        load_kit(kit, (f"params.{name}={value}",))
    assert (caught.value.source, caught.value.key) == ("--set", f"params.{name}")
    assert "unknown key" in caught.value.message and "goal, hand_size, start_coins" in caught.value.message


@settings(max_examples=40, deadline=None)
@given(name=st.sampled_from(sorted(WRITTEN)), value=NOT_NUMBERS)
def test_a_value_of_another_kind_is_refused_by_name(kit: Path, name: str, value: object) -> None:
    with pytest.raises(ConfigError) as caught:
        load_kit(kit, (f"params.{name}={json.dumps(value)}",))
    assert (caught.value.source, caught.value.key) == ("--set", f"params.{name}")
    assert caught.value.message.startswith(f"expected a number, as kit.toml writes it ({WRITTEN[name]})")


@settings(max_examples=20, deadline=None)
@given(name=st.sampled_from(sorted(WRITTEN)), value=st.one_of(st.integers(0, 9), st.floats(0, 9).map(lambda v: round(v, 1))))
def test_a_number_for_a_number_is_taken(kit: Path, name: str, value: float) -> None:
    """Taken as kit.toml's [params] goes; a key that reads it as a whole number (the score track's ``last =
    "{params.goal}"``) refuses a fraction itself, naming its key."""
    if name == "goal" and isinstance(value, float):
        with pytest.raises(ConfigError, match="board.last: params.goal is .*: expected a whole number"):
            load_kit(kit, (f"params.{name}={value}",))
        return
    assert load_kit(kit, (f"params.{name}={value}",)).spec.params[name] == value


def test_the_cli_says_it_in_one_line(kit: Path) -> None:
    result = cli("verify", "--kit", str(kit), "--set", "params.hand_siz=4")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.output.strip().splitlines() == [
        f"error: --set: params.hand_siz: unknown key (did you mean 'hand_size'? known keys: goal, hand_size, "
        f"start_coins) (in {kit}/kit.toml)"]
    result = cli("verify", "--kit", str(kit), "--set", "params.goal=abc")
    assert result.output.strip().splitlines() == [
        f"error: --set: params.goal: expected a number, as kit.toml writes it (5), got 'abc' (in {kit}/kit.toml)"]


def test_a_group_s_parameter_keeps_its_kind_too(tmp_path: Path) -> None:
    """kit.toml's [params] were copied one level deep before --set, so a --set inside a group (params.abilities.bomb)
    changed the copy the kinds are checked against too: text for a number was taken, and failed in the kit's art."""
    folder = scaffold(tmp_path)
    toml = folder / "kit.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace("\ngoal = ", "\nabilities = { bomb = 1 }\ngoal = ", 1),
                    encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_kit(folder, ('params.abilities.bomb="abc"',))
    assert (caught.value.source, caught.value.key) == ("--set", "params.abilities.bomb")
    assert caught.value.message.startswith("expected a number, as kit.toml writes it (1), got 'abc'")
    kit = load_kit(folder, ("params.abilities.bomb=2",))
    assert kit.spec.params["abilities"] == {"bomb": 2} and kit.spec.own_params["abilities"] == {"bomb": 1}
