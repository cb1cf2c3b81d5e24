"""SiTTeRS' pieces that data cannot draw (kit.toml names these functions): the map as a board (turned to fit the paper,
tiled when larger), the fold-up standees and the container tokens, the die net (or a spinner) and the loot tally and
score sheet as pages drawn whole, and the rule sheet's figures drawn from the worked example."""

from __future__ import annotations

from typing import Any, Mapping

from printkit.draw.shapes import Drawing, Text, walk
from printkit.games.sitters import art_board, art_pieces, art_sheet
from printkit.games.sitters.rules import State, example_turns, key_turns, markers, score, score_table
from printkit.kitart import ArtKit, Page, Piece, in_a_row


def board(kit: ArtKit, name: str) -> list[Piece]:
    """The map's labelled squares with the legend under them."""
    return [art_board.board_piece(kit.params, kit.settings)]


def _markers(kit: ArtKit) -> tuple[list[Piece], list[Piece]]:
    """(standees, container tokens), checked to fit a square (3 mm to spare); rules.md reads the standees' width."""
    params = kit.params
    standees, tokens = art_pieces.marker_pieces(params, kit.settings.safe_mm)
    for piece in standees[:1] + tokens[:1]:
        if piece.w + 3 > params.square_mm + 1e-9:
            kit.findings.append(("error", f"markers: a {piece.w:g} mm {piece.kind} does not fit a "
                                          f"{params.square_mm:g} mm square (needs 3 mm to spare)"))
    kit.values["standee_mm"] = art_pieces.standee_size(params)[0]
    return standees, tokens


def standees(kit: ArtKit, name: str) -> list[Piece]:
    """A fold-up standee per collector and per obstructor."""
    return _markers(kit)[0]


def containers(kit: ArtKit, name: str) -> list[Piece]:
    """A square token per container each player places."""
    return art_pieces.marker_pieces(kit.params, kit.settings.safe_mm)[1]


def artwork(kit: ArtKit, pieces: Mapping[str, list[Piece]]) -> dict[str, Drawing]:
    """The standees a row per side, the containers a row per player."""
    params = kit.params
    return {"standees": kit.artwork(pieces["standees"], "standees", max(1, params.collectors), 4.0),
            "containers": kit.artwork(pieces["containers"], "container tokens", max(1, params.containers_per_player))}


def die(kit: ArtKit, name: str) -> list[Page]:
    """The die net to cut and fold (a paper spinner for a die other than six-sided)."""
    return [art_sheet.die_page(kit.params, kit.settings)]


def score_sheet(kit: ArtKit, name: str) -> list[Page]:
    """The loot tally and score sheet, its scoring table checked against the scoring function."""
    page = art_sheet.score_sheet(kit.params, kit.settings)
    kit.findings.extend(table_findings(kit.params, page.shapes))
    return [page]


def table_findings(params: Any, shapes: tuple[Any, ...]) -> list[tuple[str, str]]:
    """The score sheet's printed scoring table (``shapes``: the page's) against the scoring function."""
    printed = {s.id: s.text for s, _, _ in walk(shapes) if isinstance(s, Text) and s.id}
    found = []
    table = score_table(params)
    for r, label in enumerate(table["rows"]):
        loot = r * params.band_width
        if printed.get(f"loot-band-{r}") != label:
            found.append(("error", f"score sheet: loot row {r + 1} reads {printed.get(f'loot-band-{r}')!r}, expected {label!r}"))
        for s in table["columns"]:
            want = str(score(params, s, loot))
            if printed.get(f"score-{r}-{s}") != want:
                found.append(("error", f"score sheet: {label} loot, {s} survivors reads "
                                       f"{printed.get(f'score-{r}-{s}')!r}, the scoring function gives {want}"))
    return found


def figures(kit: ArtKit) -> dict[str, Drawing]:
    """The markers' key, then the set-up and the key turns of the worked example, two maps per figure."""
    game = kit.game
    turns, setup = example_turns(game, kit.example)
    names = game.player_names
    panels = [art_board.map_panel(game.board, markers(game, setup), "After set-up: every marker placed")]
    for turn in key_turns(turns):
        state: State | None = turn.moved if turn.moved is not None and turn.kind in ("loot", "battle") else turn.after
        assert state is not None
        caption = f"Turn {turn.number}: {names[turn.side]} roll {turn.roll}, {turn.move}"
        panels.append(art_board.map_panel(game.board, markers(game, state), caption, path=turn.path))
    found = {"key": art_board.key_panel()}
    for i in range(0, len(panels), 2):
        pair: list[Drawing | str] = [panels[i], " ", panels[i + 1]] if i + 1 < len(panels) else [panels[i]]
        found[f"example-{i // 2 + 1}"] = in_a_row(pair, gap=6.0)
    return found
