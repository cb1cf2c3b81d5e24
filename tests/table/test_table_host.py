"""The table without the network (printkit.table.host): what each seat's scene holds, secret answers, chance as seats
see it, why a piece is refused, undo and notes, the saved log that replay and a rule sheet accept, the kit's layout
hints, a rules.py error, and a kit changed on disk reaching the next game.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from printkit.datakit.scaffold import scaffold
from printkit.errors import ConfigError
from printkit.table.host import Host, Who
from printkit.table.kitsource import folder_source, game_source
from printkit.table.match import COMPUTER, REMOTE, Refused, Seat
from tests.table.table_helpers import NOUGHTS

RACE = Path(__file__).resolve().parents[1] / "kitrules" / "race"
TILES = Path(__file__).resolve().parents[1] / "kitrules" / "tiles"
HOST = Who("host")


@pytest.fixture(scope="module")
def starter(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("host") / "starter"
    scaffold(folder, "Star Race", rules=True)
    return folder


def table(source: Any, out: Path, seats: list[Seat] | None = None, seed: int = 3) -> tuple[Host, list[str]]:
    said: list[str] = []
    return Host(source, out, None, seed, seats, said.append), said


def seat_page(host: Host, seat: int) -> Who:
    """The page of a seat played from another browser, as it joined (with the seat's code)."""
    return Who("seat", seat, host.seats[seat].code)


def move(host: Host, who: Who, text: str | None = None) -> None:
    """The first choice of the page ``who`` (or the one written ``text``)."""
    scene = host.scene(who)
    assert scene["choices"], scene["status"]
    host.handle(who, {"type": "move", "at": scene["version"], "move": text or scene["choices"]["options"][0]["n"]})


def test_each_seat_is_sent_its_own_hand_and_only_a_count_of_the_other(starter: Path, tmp_path: Path) -> None:
    host, _ = table(folder_source(str(starter)), tmp_path, [Seat(REMOTE), Seat(REMOTE)])
    hands = host.match.state["hands"]
    for seat in (0, 1):
        scene = host.scene(seat_page(host, seat))
        mine = next(z for z in scene["zones"] if z["key"] == "hands" and z["owner"] == seat)
        other = next(z for z in scene["zones"] if z["key"] == "hands" and z["owner"] == 1 - seat)
        assert [item["label"] for item in mine["items"]] == sorted(card.title for card in hands[seat])  # as the terminal
        assert all(item["face"].endswith("/front.svg") for item in mine["items"])
        assert other == {**other, "kind": "fan", "count": 3, "items": []}
        deck = next(z for z in scene["zones"] if z["key"] == "deck")
        assert deck["kind"] == "pile" and deck["items"] == [] and deck["count"] == len(host.match.state["deck"])
        text = json.dumps(scene)
        assert not [c.title for c in hands[1 - seat] if c.title in text and c not in hands[seat]]
        assert "shuffle deck" not in text and scene["log"][0]["text"] == "the deck is shuffled"
        assert (scene["choices"] is not None) == (seat == 0)


def test_internal_keys_are_no_zones_and_a_hand_is_sorted_as_the_terminal_prints_it(starter: Path, tmp_path: Path) -> None:
    """Game.internal (bookkeeping such as ``over``) is left out at the table as in the terminal's text; each hand is laid
    out in the order the terminal prints it, its cards still played by a click."""
    kit = tmp_path / "kit"
    shutil.copytree(starter, kit)
    rules = kit / "rules.py"
    text = rules.read_text().replace('    private = ("hands",)', '    private = ("hands",)\n    internal = ("over", "moves_made")')
    rules.write_text(text.replace('            "to_move": CHANCE,', '            "to_move": CHANCE,\n            "over": False,\n'
                                                                      '            "moves_made": 0,'))
    (kit / "kit.toml").write_text((kit / "kit.toml").read_text().replace("hand_size = 3", "hand_size = 6"))
    host, _ = table(folder_source(str(kit)), tmp_path / "out", [Seat(REMOTE), Seat(REMOTE)])
    state = host.match.state
    assert state["over"] is False and state["moves_made"] == 0 and len(state["hands"][0]) == 6
    scene = host.scene(seat_page(host, 0))
    keys = {z["key"] for z in scene["zones"]}
    assert "over" not in keys and "moves_made" not in keys and {"hands", "deck", "coins", "stars", "discard"} <= keys
    mine = next(z for z in scene["zones"] if z["key"] == "hands" and z["owner"] == 0)
    labels = [item["label"] for item in mine["items"]]
    assert labels == sorted(card.title for card in state["hands"][0]) != [card.title for card in state["hands"][0]]
    shown = host.match.rules.render_text(host.match.rules.view(state, 0))
    assert "over" not in shown and "moves_made" not in shown and f"Player 1: [{', '.join(labels)}]" in shown
    move(host, seat_page(host, 0))  # a click on a card of the sorted hand still plays it
    assert len(host.match.state["discard"]) == 1


def test_face_down_backs_name_the_first_card_with_that_back(starter: Path, tmp_path: Path) -> None:
    """The back of a face-down pile is fetched by the first card printed with that back: its address gives no card away."""
    host, _ = table(folder_source(str(starter)), tmp_path)
    scene = host.scene(HOST)
    backs = {z["back"] for z in scene["zones"] if z["kind"] == "fan" or z["key"] == "deck"}  # the face-down ones
    assert backs == {"art/1/card/cards/0/back.svg"}
    assert "<svg" in (host.kit.art.svg(("card", "cards", "0", "back.svg")) or "")
    assert "@font-face" in (host.kit.art.svg(("card", "cards", "0", "front.svg")) or "")


def test_a_secret_answer_is_asked_without_the_move_and_both_are_revealed_together(tmp_path: Path) -> None:
    host, _ = table(game_source("tokentactics", None), tmp_path, [Seat(REMOTE), Seat(REMOTE)])
    mover, answerer = seat_page(host, 0), seat_page(host, 1)
    move(host, mover, "attack 7")
    asked = host.scene(answerer)
    assert asked["status"] == "Player 1 has chosen in secret: your secret answer"
    assert asked["choices"]["stage"] == "answer" and [o["n"] for o in asked["choices"]["options"]] == [str(n) for n in range(11)]
    assert "attack" not in json.dumps(asked) and asked["log"] == []
    waiting = host.scene(mover)
    assert waiting["secret"] == "your secret choice: attack 7" and waiting["choices"] is None
    with pytest.raises(Refused, match="it is Player 2's turn"):
        host.handle(mover, {"type": "move", "at": waiting["version"], "move": "fortify"})
    move(host, answerer, "3")
    assert [e["text"] for e in host.scene(mover)["log"]] == ["P1 attack 7 vs 3"]
    markers = host.scene(mover)["boards"][0]["pieces"]
    assert {(p["space"], p["label"], p["face"] is not None) for p in markers} == {("TRACK-1-7", "marker-1", True),
                                                                                  ("TRACK-2-3", "marker-2", True)}


def test_dice_are_shown_with_their_faces_and_three_seats_are_seated(tmp_path: Path) -> None:
    host, _ = table(folder_source(str(RACE)), tmp_path, [Seat(), Seat(COMPUTER, "runner"), Seat(COMPUTER, "random")])
    while host.computer_due():
        host.computer_step()
    scene = host.scene(HOST)
    assert scene["log"][0]["text"].startswith("roll ") and scene["log"][0]["who"] == "chance"
    assert scene["chance"] == scene["log"][-1]["text"] and scene["chance"].startswith("roll ")
    assert [p["name"] for p in scene["players"]] == ["Red", "Green", "Blue"]
    assert {p["label"] for p in scene["boards"][0]["pieces"]} == {"R", "G", "B"}


def test_a_piece_no_move_uses_is_explained_by_why_not(starter: Path, tmp_path: Path) -> None:
    for seed in range(40):
        host, _ = table(folder_source(str(starter)), tmp_path / str(seed), seed=seed)
        scene = host.scene(HOST)
        used = {i for o in scene["choices"]["options"] for i in o["uses"]}
        hand = next(z for z in scene["zones"] if z["key"] == "hands" and z["owner"] == 0)["items"]
        dear = [item for item in hand if item["id"] not in used]
        if dear:
            break
    reply = host.handle(HOST, {"type": "why", "at": scene["version"], "item": dear[0]["id"]})
    assert reply is not None and reply["reason"].startswith(f"{dear[0]['label']} costs ")
    assert host.handle(HOST, {"type": "why", "at": scene["version"] - 1, "item": dear[0]["id"]})["reason"] == \
        "the game has moved on: look again"


def test_undo_notes_and_the_saved_log_that_replay_and_a_rule_sheet_accept(starter: Path, tmp_path: Path) -> None:
    host, _ = table(folder_source(str(starter)), tmp_path / "out", [Seat(), Seat(COMPUTER, "greedy")])
    move(host, HOST)
    host.computer_step()
    host.handle(HOST, {"type": "note", "move": 2, "text": "too strong?\nfirst turn # really"})
    before = [e.text for e in host.match.entries]
    move(host, HOST)
    host.computer_step()
    host.handle(HOST, {"type": "undo"})
    assert [e.text for e in host.match.entries] == before and host.scene(HOST)["choices"] is not None
    while host.match.outcome() is None:
        move(host, HOST)
        host.computer_step()
    log = tmp_path / "out" / "starter" / "table" / "game.log"
    text = log.read_text()
    assert "  # too strong? first turn # really\n" in text and text.startswith("# Star Race: game 1 at the table")
    replayed = subprocess.run([sys.executable, "-m", "printkit", "replay", "--kit", str(starter), str(log)],
                              capture_output=True, text=True, timeout=120)
    assert replayed.returncode == 0 and replayed.stdout.splitlines()[-1] == "result: " + host.scene(HOST)["outcome"]["text"]
    kit = tmp_path / "kit"
    shutil.copytree(starter, kit)
    rules_md = kit / "rules.md"
    rules_md.write_text(rules_md.read_text() + "\n```game\n" + text + "```\n")
    verified = subprocess.run([sys.executable, "-m", "printkit", "verify", "--kit", str(kit)], capture_output=True, text=True,
                              timeout=300)
    assert "error:" not in verified.stdout, verified.stdout


def test_undo_is_refused_when_a_person_plays_from_another_browser(starter: Path, tmp_path: Path) -> None:
    host, _ = table(folder_source(str(starter)), tmp_path, [Seat(), Seat(REMOTE)])
    move(host, HOST)
    with pytest.raises(Refused, match="undo is for games played on one device"):
        host.handle(HOST, {"type": "undo"})
    assert host.scene(HOST)["undo"] is False and host.scene(HOST)["download"] is False


def test_a_saved_game_is_resumed_with_its_notes_seats_and_key(starter: Path, tmp_path: Path) -> None:
    host, said = table(folder_source(str(starter)), tmp_path, [Seat(), Seat(REMOTE)])
    move(host, HOST)
    host.handle(HOST, {"type": "note", "move": 2, "text": "opening"})
    again, said_again = table(folder_source(str(starter)), tmp_path, None)
    assert [(e.text, e.note) for e in again.match.entries] == [(e.text, e.note) for e in host.match.entries]
    assert again.key == host.key and [(s.kind, s.code) for s in again.seats] == [(s.kind, s.code) for s in host.seats]
    assert said_again == [f"resumed the saved game {again.store.log} after 2 moves"]


def test_layout_hints_hide_order_and_stack_zones(starter: Path, tmp_path: Path) -> None:
    kit = tmp_path / "kit"
    shutil.copytree(starter, kit)
    toml = kit / "kit.toml"
    assert 'piles = ["discard"]' in toml.read_text()  # the scaffold's own hint, replaced by these
    toml.write_text(toml.read_text().replace('piles = ["discard"]', 'hide = ["stars"]\ncentre = ["deck"]\npiles = ["hands"]\n'
                                                                  'boards = "side"'))
    host, _ = table(folder_source(str(kit)), tmp_path / "out")
    scene = host.scene(HOST)
    assert "stars" not in {z["key"] for z in scene["zones"]} and scene["boardsAt"] == "side"
    assert next(z for z in scene["zones"] if z["key"] == "hands" and z["owner"] == 0)["kind"] == "pile"
    toml.write_text(toml.read_text().replace('centre = ["deck"]', 'centre = ["market"]'))
    with pytest.raises(ConfigError, match=r"kit.toml: table.centre: no state key 'market' \(the state's keys: deck, hands"):
        table(folder_source(str(kit)), tmp_path / "out2")


def test_an_error_in_rules_py_stops_the_game_with_its_message(starter: Path, tmp_path: Path) -> None:
    kit = tmp_path / "kit"
    shutil.copytree(starter, kit)
    (kit / "rules.md").write_text("# Star Race\n\nThe first to five stars wins.\n")  # no example game to replay first
    rules = kit / "rules.py"
    rules.write_text(rules.read_text().replace('        if state["deck"]:\n', '        if state["deck"] and 1 / 0:\n'))
    host, said = table(folder_source(str(kit)), tmp_path / "out")
    move(host, HOST)
    scene = host.scene(HOST)
    assert scene["error"].startswith(f"{kit}/rules.py:") and "in play(): ZeroDivisionError" in scene["error"]
    assert said[-1] == f"error: {scene['error']}" and scene["choices"] is None
    with pytest.raises(Refused, match="the game stopped on an error in the rules"):
        host.handle(HOST, {"type": "undo"})
    rules.write_text(rules.read_text().replace(" and 1 / 0", ""))
    host.handle(HOST, {"type": "new"})
    assert host.scene(HOST)["error"] is None and host.scene(HOST)["choices"] is not None


def test_a_changed_kit_reaches_the_next_game(starter: Path, tmp_path: Path) -> None:
    kit = tmp_path / "kit"
    shutil.copytree(starter, kit)
    host, said = table(folder_source(str(kit)), tmp_path / "out")
    cards = kit / "cards.csv"
    cards.write_text(cards.read_text().replace("Wish,5,", "Wish,1,"))
    assert "Wish,1," in cards.read_text()
    assert host.reload() and host.scene(HOST)["notice"] == "the kit's files changed: the next game uses them"
    assert host.scene(HOST)["zones"][0]["back"].startswith("art/1/")  # this game goes on with the kit it started with
    host.handle(HOST, {"type": "new"})
    assert host.kit.art.version == 2 and host.scene(HOST)["zones"][0]["back"].startswith("art/2/")
    wish = next(r for r in host.kit.rules.setup.decks["cards"] if r.title == "Wish")
    assert wish.cost == 1
    ref = host.kit.art.find(wish)
    assert ref is not None and ">1</text>" in (host.kit.art.svg((ref.kind, ref.set, str(ref.index), "front.svg")) or "")


def test_hot_seat_passes_the_device_between_people_and_to_the_first_player_of_a_new_game(starter: Path, tmp_path: Path) -> None:
    host, _ = table(folder_source(str(starter)), tmp_path)
    move(host, HOST)
    passing = host.scene(HOST)
    assert passing["pass"] == {"seat": 1, "name": "Player 2"} and "zones" not in passing and "choices" not in passing
    with pytest.raises(Refused, match="pass the device to Player 2 first"):
        host.handle(HOST, {"type": "move", "at": passing["version"], "move": "play Harvest"})
    host.handle(HOST, {"type": "ready", "seat": 1})
    assert host.scene(HOST)["seat"] == 1 and host.scene(HOST)["choices"] is not None
    host.handle(HOST, {"type": "new"})
    assert host.scene(HOST)["pass"] == {"seat": 0, "name": "Player 1"}  # Player 2 holds the device: Player 1's new hand waits


def test_a_rebuild_of_the_kit_keeps_the_tables_games(starter: Path, tmp_path: Path) -> None:
    from printkit.build import build_many, data_job

    list(build_many([data_job(str(starter))], tmp_path))
    host, _ = table(folder_source(str(starter)), tmp_path)
    move(host, HOST)
    list(build_many([data_job(str(starter))], tmp_path, force=True))
    assert (tmp_path / "starter" / "table" / "game.log").read_text() == host.match.log_text(host.header())
    assert (tmp_path / "starter" / "kit.pdf").is_file()


def test_a_board_game_is_played_on_its_spaces_with_the_kits_tokens(tmp_path: Path) -> None:
    host, _ = table(folder_source(str(NOUGHTS)), tmp_path, [Seat(), Seat(COMPUTER, "first")])
    scene = host.scene(HOST)
    assert [o["uses"] for o in scene["choices"]["options"][:2]] == [["space.grid.A1"], ["space.grid.B1"]]
    assert {s["name"] for s in scene["boards"][0]["spaces"]} == {"A1", "B1", "C1", "A2", "B2", "C2", "A3", "B3", "C3"}
    move(host, HOST, "B2")
    host.computer_step()
    scene = host.scene(HOST)
    assert {(p["space"], p["label"], p["size"]) for p in scene["boards"][0]["pieces"]} == {("B2", "mark-X", 24.0),
                                                                                           ("A1", "mark-O", 24.0)}
    assert all(p["face"].startswith("art/1/token/marks/") for p in scene["boards"][0]["pieces"])
    assert "marks" not in {z["key"] for z in scene["zones"]}  # the board shows who holds which space
    assert "space.grid.A1" not in {i for o in scene["choices"]["options"] for i in o["uses"]}
    assert host.handle(HOST, {"type": "why", "at": scene["version"], "item": "space.grid.A1"})["reason"] == "A1 is taken"
    assert host.handle(HOST, {"type": "why", "at": scene["version"], "item": "board.grid.A1.0"})["reason"] == "A1 is taken"


def test_hot_seat_passes_the_device_before_a_secret_answer(tmp_path: Path) -> None:
    """Token Tactics on one device: the attacker's commitment is on the page until the device passes, the defender's page
    never shows it, and the terminal is told how the game ended."""
    host, said = table(game_source("tokentactics", None), tmp_path)
    move(host, HOST, "attack 10")
    assert host.scene(HOST)["pass"] == {"seat": 1, "name": "Player 2"}
    host.handle(HOST, {"type": "ready", "seat": 1})
    asked = host.scene(HOST)
    assert asked["seat"] == 1 and asked["choices"]["stage"] == "answer" and "attack" not in json.dumps(asked)
    move(host, HOST, "0")
    assert said[-1] == "game 1: Player 1 wins (P2 has no tokens left) after 1 moves"


def test_sitters_stands_its_printed_markers_on_the_board_with_the_turn_and_tallies_beside_it(tmp_path: Path) -> None:
    """SiTTeRS (a dataclass state): after set-up every container token and standee the kit prints stands on its space;
    zones() shows the turn, the roll to move by, loot, survivors, the score against the target, and each side's markers
    in its own area."""
    host, _ = table(game_source("sitters", None), tmp_path, [Seat(), Seat(COMPUTER, "basic")])
    scene = host.scene(HOST)
    assert scene["boards"][0]["pieces"] == []  # nothing placed yet: the collectors place the first container
    assert {z["key"]: z["text"] for z in scene["zones"] if z["owner"] is None}["turn"] == \
        "set-up: the collectors place a container"
    while host.match.state.phase != "move":
        move(host, HOST) if host.scene(HOST)["choices"] else host.computer_step()
    scene = host.scene(HOST)
    pieces = scene["boards"][0]["pieces"]
    assert len(pieces) == 8 + 4 + 6 and {p["label"] for p in pieces} >= {"container-8", "collector-4", "obstructor-6"}
    standee = next(p for p in pieces if p["label"] == "collector-1")
    assert standee["face"] == "art/1/token/standees/0/front.svg" and standee["h"] > standee["w"]
    assert all(p["face"].startswith("art/1/token/containers/") for p in pieces if p["label"].startswith("container"))
    shared = {z["key"]: z["text"] for z in scene["zones"] if z["owner"] is None}
    roll = host.match.state.roll
    assert shared == {"turn": f"round 1, turn 1: collectors rolled {roll}, to move", "roll": str(roll), "loot": "0",
                      "survivors": "0", "score": "10 (target 50)", "containers": "8 unopened"}
    assert [(z["key"], z["owner"], z["text"]) for z in scene["zones"] if z["owner"] is not None] == \
        [("markers", 0, "4 on the board, 0 defeated"), ("markers", 1, "6 on the board, 0 defeated")]


def test_a_face_down_piece_shows_its_printed_back_and_nothing_of_its_face(tmp_path: Path) -> None:
    """A board game's hidden tiles (``Shown(..., face_down=True)``) lie on the table by their printed back: the page is
    sent the back's address (the same for every tile of a side) and no word of the face, in its player's colour."""
    host, _ = table(folder_source(str(TILES)), tmp_path)
    scene = host.scene(HOST)
    pieces = scene["boards"][0]["pieces"]
    assert len(pieces) == 10 and {p["label"] for p in pieces} == {"face down"}
    backs = {p["colour"]: p["face"] for p in pieces}
    assert set(backs) == {0, 1} and all(face.endswith("/back.svg") for face in backs.values()) and len(set(backs.values())) == 2
    assert {p["face"] for p in pieces} == set(backs.values())  # one address a side: it names no rank
    assert "tile-red-" not in json.dumps(scene) and "tile-blue-" not in json.dumps(scene)
