"""Token Tactics' kit folder (printkit/games/tokentactics): rules.py on printkit.kitrules alone,
[params] as the config's defaults, the folder played and built as any designer's kit."""

from __future__ import annotations

import ast
import json
import re
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import fields
from pathlib import Path

from click.testing import CliRunner

from printkit.cli import main
from printkit.config import load_config
from printkit.games import get_game
from printkit.kitgame.spec import open_kit
from printkit.rules.log import parse_log
from tests.games.tokentactics_helpers import KIT_FOLDER, SEED, Params, kit_values

DATA = Path(__file__).parent.parent / "data" / "tokentactics"
STDLIB = {"__future__", "functools", "math", "random", "re", "typing"}


def test_rules_py_uses_only_the_designers_api() -> None:
    tree = ast.parse((KIT_FOLDER / "rules.py").read_text(encoding="utf-8"))
    modules = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    modules |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    assert modules == STDLIB | {"printkit.kitrules"}


def test_kit_params_are_the_config_defaults() -> None:
    kit = open_kit(str(KIT_FOLDER))
    assert dict(kit.setup.params) == kit_values(Params()) and set(kit.setup.params) == set(SEED)
    assert set(SEED) == {f.name for f in fields(Params)} - {"example_log"}
    assert {k: v for k, v in kit_values(Params()).items() if k in ("starting_tokens", "reserve_cap", "fortify_amount",
                                                                   "minimum_attack", "player_names")} == {
        "starting_tokens": 10, "reserve_cap": 15, "fortify_amount": 1, "minimum_attack": 1, "player_names": ("Player 1", "Player 2")}


def test_config_keys_reach_rules_py() -> None:
    config = load_config(None, ("games.tokentactics.reserve_cap=20", "games.tokentactics.player_names=['Ann', 'Bob']"),
                         default="/nonexistent.toml")
    spec = get_game("tokentactics")
    params = config.game_params("tokentactics")
    rules = spec.rules(params)
    state = {"reserves": [15, 3], "to_move": 0, "turn": 0, "peak": [15, 3], "winner": None, "cap_reached": True}
    assert rules.game.params.reserve_cap == 20 and rules.legal_moves(state)[0] == "fortify"
    assert rules.player_names == ("Ann", "Bob")


def test_the_kit_folder_replays_the_seed_example() -> None:
    result = CliRunner().invoke(main, ["replay", "--kit", str(KIT_FOLDER), str(DATA / "seed_example.log")])
    assert result.exit_code == 0, result.output
    assert result.output.rstrip().endswith("result: Player 2 wins (P1 has no tokens left) after 6 moves")
    assert "Player 1 Tokens: 0\nPlayer 2 Tokens: 1\nPlayer 2 wins" in result.output


def test_the_example_is_written_once() -> None:
    """rules.md's ```game block is the only copy of the example: no example.log ships beside it."""
    block = re.search(r"```game\n(.*?)```", (KIT_FOLDER / "rules.md").read_text(encoding="utf-8"), re.S)
    assert block is not None and len(parse_log(block.group(1))) == 6
    package = KIT_FOLDER
    assert not [p for p in package.rglob("*.log")] and not (package.parents[1] / "templates" / "tokentactics").exists()


def test_simulate_kit_plays_the_built_in_games() -> None:
    """The kit folder through kitgame's playouts and --game through the compiled kernel: the same games."""
    def run(*source: str) -> dict[str, object]:
        result = CliRunner().invoke(main, ["simulate", *source, "--players", "mixed,random", "--games", "500",
                                           "--seed", "3", "--json"])
        assert result.exit_code == 0, result.output
        return json.loads(result.output)  # type: ignore[no-any-return]

    kit, game = run("--kit", str(KIT_FOLDER)), run("--game", "tokentactics")
    assert kit["results"] == game["results"] and kit["reasons"] == game["reasons"]
    assert kit["mean_length"] == game["mean_length"]
    shared = {k: v for k, v in game["extra"].items() if k in kit["extra"]}  # type: ignore[union-attr]
    assert kit["extra"] == shared and "cap_reached" in shared and "max_reserve_10" in shared


def test_commit_cards_follow_the_parameters(tmp_path: Path) -> None:
    """rules.py's rows make the commit cards: 0 to the reserve bound for each player, from --set params.* too."""
    result = CliRunner().invoke(main, ["build", "--kit", str(KIT_FOLDER), "--out", str(tmp_path), "--set", "params.reserve_cap=18",
                                       "--set", "params.minimum_attack=2"])
    assert result.exit_code == 0, result.output
    root = ET.parse(tmp_path / "tokentactics" / "artwork" / "commit_cards.svg").getroot()
    fronts = {e.get("id") for e in root.iter() if re.fullmatch(r"commit-\d-\d+", e.get("id") or "")}
    assert fronts == {f"commit-{p}-{n}" for p in (1, 2) for n in range(19)}
    texts = Counter((e.text or "").strip() for e in root.iter() if e.tag.endswith("text"))
    assert texts["defence only"] == 4 and texts["attack or defence"] == 2 * 17


def test_the_kit_folder_builds(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["build", "--kit", str(KIT_FOLDER), "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "0 errors, 0 warnings" in result.output
    root = ET.parse(tmp_path / "tokentactics" / "artwork" / "commit_cards.svg").getroot()
    texts = Counter((e.text or "").strip() for e in root.iter() if e.tag.endswith("text"))
    # every number 0-15 for both players, each three times (the big number and both corner indices)
    assert all(texts[str(n)] == 6 for n in range(16)) and texts["16"] == 0
    assert texts["defence only"] == 2 and texts["attack or defence"] == 30
    sheet = (tmp_path / "tokentactics" / "rules.md").read_text(encoding="utf-8")
    assert "| Commit cards | 16 per player | numbered 0 to 15;" in sheet and "**Who starts.** Player 1 takes the first turn" in sheet


def test_play_kit_speaks_the_seeds_transcript() -> None:
    """rules.py's dialogue is what ``play --kit`` runs: the seed's game, word for word, as ``play --game``."""
    script = "".join(f"{a}\n" for a in [1, 2, 3, 2, 2, 5, 4, 2, 3, 0, 1, 2, 3, 2])
    result = CliRunner().invoke(main, ["play", "--kit", str(KIT_FOLDER)], input=script)
    assert result.exit_code == 0, result.output
    assert result.output == (DATA / "terminal_example.txt").read_text(encoding="utf-8")
