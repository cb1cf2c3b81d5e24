"""Declarative parameters and config loading: every bad value is named with its key."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

from printkit.config import load_config
from printkit.errors import ConfigError
from printkit.params import from_mapping, group, limit_names, param, to_mapping
from printkit.userinput.toml import parse_set


@dataclass(frozen=True)
class Inner:
    count: int = param(1, min=0, max=9)


@dataclass(frozen=True)
class Sample:
    size: int = param(6, min=3, max=20)
    ratio: float = param(0.5, min=0, max=1)
    on: bool = param(True)
    mode: str = param("long", choices=("long", "short"))
    colour: str = param("#000000", pattern=r"#[0-9A-Fa-f]{6}")
    spots: tuple[str, ...] = param(("A1",), pattern=r"[A-Z]\d+")
    inner: Inner = group(Inner)

    def check(self) -> list[tuple[str, str]]:
        return [("ratio", "expected below 0.9 when size is 20")] if self.size == 20 and self.ratio >= 0.9 else []


def test_defaults_and_overrides() -> None:
    s = from_mapping(Sample, {"size": 8, "inner": {"count": 2}, "spots": ["B2", "C3"]}, "c.toml", "t")
    assert (s.size, s.inner.count, s.spots, s.ratio) == (8, 2, ("B2", "C3"), 0.5)
    assert to_mapping(s)["spots"] == ["B2", "C3"]


@pytest.mark.parametrize(
    "data, message",
    [
        ({"size": "six"}, "c.toml: t.size: expected an integer, got 'six'"),
        ({"size": 2}, "c.toml: t.size: expected 3 to 20, got 2"),
        ({"size": True}, "c.toml: t.size: expected an integer, got true"),
        ({"on": 1}, "c.toml: t.on: expected true or false, got 1"),
        ({"mode": "side"}, "c.toml: t.mode: expected one of 'long', 'short', got 'side'"),
        ({"colour": "red"}, "c.toml: t.colour: expected text matching #[0-9A-Fa-f]{6}, got 'red'"),
        ({"spots": ["a1"]}, "c.toml: t.spots: expected text matching [A-Z]\\d+, got ['a1']"),
        ({"inner": {"count": 10}}, "c.toml: t.inner.count: expected 0 to 9, got 10"),
        ({"inner": 3}, "c.toml: t.inner: expected a table, got 3"),
        ({"sise": 3}, "c.toml: t.sise: unknown key (did you mean 'size'? known keys: colour, inner, mode, on, ratio, size, spots)"),
        ({"color": "#000000"}, "c.toml: t.color: unknown key (did you mean 'colour'? known keys: colour, inner, mode, on, ratio, "
                               "size, spots)"),
        ({"zzz": 3}, "c.toml: t.zzz: unknown key (known keys: colour, inner, mode, on, ratio, size, spots)"),
        ({"size": 20, "ratio": 0.95}, "c.toml: t.ratio: expected below 0.9 when size is 20"),
    ],
)
def test_bad_values_name_file_key_and_value(data: dict, message: str) -> None:
    with pytest.raises(ConfigError) as err:
        from_mapping(Sample, data, "c.toml", "t")
    assert str(err.value) == message


def test_parse_set_reads_toml_values_and_bare_words() -> None:
    assert parse_set("games.warfare.board_size=7") == (["games", "warfare", "board_size"], 7)
    assert parse_set("games.warfare.territory_victory=false") == (["games", "warfare", "territory_victory"], False)
    assert parse_set("print.paper=letter") == (["print", "paper"], "letter")
    with pytest.raises(ConfigError, match="expected KEY=VALUE"):
        parse_set("print.paper")


def test_config_file_errors(tmp_path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[print\npaper = 'A4'\n")
    with pytest.raises(ConfigError, match=r"bad\.toml: not valid TOML"):
        load_config(bad)
    with pytest.raises(ConfigError, match=r"missing\.toml: cannot read the file: no such file or directory"):
        load_config(tmp_path / "missing.toml")
    odd = tmp_path / "odd.toml"
    odd.write_text("[printing]\npaper = 'A4'\n")
    with pytest.raises(ConfigError, match=r"odd\.toml: printing: unknown table"):
        load_config(odd)


def test_print_settings_from_file_and_set(tmp_path) -> None:
    cfg = tmp_path / "c.toml"
    cfg.write_text("[print]\npaper = 'letter'\nbleed_mm = 2\n")
    config = load_config(cfg, ("print.duplex_flip=short",))
    assert (config.print.paper, config.print.bleed_mm, config.print.duplex_flip) == ("letter", 2.0, "short")
    with pytest.raises(ConfigError) as err:
        load_config(cfg, ("print.paper=B5",))
    assert str(err.value).startswith("--set: print.paper: expected one of 'A4'")


def test_an_earlier_printkits_key_is_read_under_its_new_name(tmp_path) -> None:
    """A config.toml an earlier `printkit config` wrote holds print.mark_margin_mm: it still builds, as the printer margin."""
    path = tmp_path / "config.toml"
    path.write_text("[print]\nmark_margin_mm = 3.5\n")
    assert load_config(path).print.printer_margin_mm == 3.5
    path.write_text("[print]\nmark_margin_mm = 3.5\nprinter_margin_mm = 5\n")
    with pytest.raises(ConfigError, match=r"print\.mark_margin_mm: the older name of print\.printer_margin_mm, which is set too"):
        load_config(path)


@dataclass(frozen=True)
class Related:
    """Limits naming other parameters of the same table (``max = "size"`` in kit.toml's [param_limits])."""

    size: int = param(5)
    gap: int = param(1)
    tiles: int = param(5, min="gap", max="size")
    spots: tuple[int, ...] = param((1, 2), max="size * size // gap - 1")


@pytest.mark.parametrize("data, message", [
    ({"tiles": 6}, "x: a.tiles: expected at most a.size (5), got 6"),
    ({"size": 4}, "x: a.tiles: expected at most a.size (4), got 5"),
    ({"tiles": 0, "gap": 1}, "x: a.tiles: expected at least a.gap (1), got 0"),
    ({"spots": [3, 25]}, "x: a.spots: expected at most size * size // gap - 1 = 24 (a.size is 5, a.gap is 1), got 25"),
    ({"gap": 0, "tiles": 3}, "x: a.spots: its max size * size // gap - 1 divides by zero (a.size is 5, a.gap is 0)"),
])
def test_a_limit_naming_other_parameters_names_them(data: dict, message: str) -> None:
    with pytest.raises(ConfigError) as caught:
        from_mapping(Related, data, "x", "a")
    assert str(caught.value) == message
    assert from_mapping(Related, {"size": 7, "tiles": 7, "spots": [47]}, "x", "a").tiles == 7


@pytest.mark.parametrize("text, message", [
    ("size +", "expected a number, or a parameter's name or arithmetic"),
    ("size ** 2", "only + - * / // and brackets"),
    ("len(size)", "only parameters' names, numbers"),
    ("'5'", "'5' is not a number"),
    ("3 + 4", "a limit written as text names a parameter"),
])
def test_a_limit_written_as_text_is_arithmetic_of_names(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        limit_names(text)
    assert limit_names("(size - gap) * 2") == ["size", "gap"]
