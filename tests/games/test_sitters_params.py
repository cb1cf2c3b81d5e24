"""SiTTeRS parameters: the map as data, piece counts, the scoring table, themes."""

from __future__ import annotations

import pytest

from printkit.errors import ConfigError
from printkit.games.sitters.board import DEFAULT_MAP, MapError, parse_map
from printkit.games.sitters.params import theme_names
from printkit.games.sitters.rules import cell_kinds, score, score_table
from printkit.params import from_mapping
from tests.games.sitters_helpers import SPEC, Params


def test_default_map_is_the_seed_board() -> None:
    kinds = cell_kinds(Params())
    assert len(kinds) == 7 * 10 + 3
    counts: dict[str, int] = {}
    for kind in kinds.values():
        counts[kind] = counts.get(kind, 0) + 1
    assert counts == {"collector-start": 7, "container": 34, "obstructor-start": 6,
                      "safe-zone": 3, "floor": 23}
    assert [c for c, k in kinds.items() if k == "safe-zone"] == ["K3", "K4", "K5"]
    assert [c for c, k in kinds.items() if k == "obstructor-start"] == [
        "I1", "J1", "J2", "J6", "I7", "J7"]
    assert kinds["A1"] == "collector-start" and kinds["D1"] == "container"
    assert kinds["J3"] == "floor" and kinds["D4"] == "floor" and "K1" not in kinds


def test_seed_map_text_is_in_the_seed_file() -> None:
    from tests.conftest import seed_text

    seed = seed_text("002_247f853217ad7fb5.txt")
    assert parse_map(seed.split("## GAME BOARD")[1].split("## PLAYING")[0]) == parse_map(DEFAULT_MAP)


def test_map_errors_name_row_and_column() -> None:
    with pytest.raises(MapError, match=r"map row 2, column C: unknown cell 'Q'"):
        parse_map("| C | X |\n| C |   | Q |\n")
    with pytest.raises(MapError, match=r"map line 2: expected a row"):
        parse_map("| C |\nhello\n")
    with pytest.raises(MapError, match="map has no rows"):
        parse_map("+---+\n")


def test_config_errors_name_the_key() -> None:
    with pytest.raises(ConfigError, match=r"games.sitters.map: map row 1, column B: unknown"):
        from_mapping(Params, {"map": "| C | Z | SZ |\n| O | X | X |"}, "config.toml",
                     "games.sitters")
    with pytest.raises(ConfigError, match=r"collectors: expected at most 7 \(the map has 7 C "
                       r"spaces\), got 8"):
        from_mapping(Params, {"collectors": 8}, "config.toml", "games.sitters")
    with pytest.raises(ConfigError, match=r"containers_per_player: expected at most 17 "
                       r"\(the map has 34 X spaces\), got 21"):
        from_mapping(Params, {"containers_per_player": 21}, "config.toml", "games.sitters")
    with pytest.raises(ConfigError, match=r"theme: expected one of 'abstract'"):
        from_mapping(Params, {"theme": "pirates"}, "config.toml", "games.sitters")
    with pytest.raises(ConfigError, match="the map has no safe-zone"):
        from_mapping(Params, {"map": "| C | X | O |"}, "c.toml", "games.sitters")


def test_small_custom_map() -> None:
    params = from_mapping(Params, {"map": "| C | X | O | SZ |\n| C | . | O |", "collectors": 2,
                                   "obstructors": 2, "containers_per_player": 0}, "c", "g")
    assert cell_kinds(params) == {"A1": "collector-start", "B1": "container",
                                  "C1": "obstructor-start", "D1": "safe-zone",
                                  "A2": "collector-start", "B2": "floor",
                                  "C2": "obstructor-start"}


def test_score_table_is_the_seed_table() -> None:
    table = score_table(Params())
    assert table["rows"] == ["0+", "8+", "16+", "24+", "32+"]
    assert table["columns"] == [0, 1, 2, 3, 4]
    assert table["scores"] == [[10, 20, 30, 40, 50], [20, 30, 40, 50, 60],
                               [30, 40, 50, 60, 70], [40, 50, 60, 70, 80],
                               [50, 60, 70, 80, 90]]
    assert table["target"] == 50


def test_score_bands() -> None:
    p = Params()
    assert [score(p, 0, loot) for loot in (0, 7, 8, 15, 16, 31, 32, 99)] == [
        10, 10, 20, 20, 30, 40, 50, 50]
    assert score(p, 4, 40) == 90


def test_themes() -> None:
    assert theme_names("dungeon") == {"collector": "delver", "collectors": "delvers",
                                      "obstructor": "monster", "obstructors": "monsters",
                                      "container": "chest", "loot": "gold"}
    assert Params(theme="burglar").player_names == ("burglars", "police officers")
    assert Params().player_names == ("collectors", "obstructors")
    assert Params().square_mm == 40.0


def test_spec() -> None:
    assert SPEC.name == "sitters" and "random" in SPEC.players and "basic" in SPEC.players
    assert SPEC.seed == "002_247f853217ad7fb5.txt"
