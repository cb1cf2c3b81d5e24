"""A kit folder with rules opened as a game the commands play (replay, play, simulate, balance, verify) and the build
prints: the folder read once (kit.toml with ``--set``, its parameters checked by its own Python, every set's rows: the
data files' and those rules.py computes), its rules made from them."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, Mapping

from printkit.datakit.data import Row
from printkit.datakit.load import KitFolder, blame_sets, load_kit, read_rows, told_params_clash
from printkit.errors import ConfigError
from printkit.kitgame.blame import RulesError, blame
from printkit.kitgame.engine import KitRules
from printkit.kitgame.game import KitGame, kit_game, shipped_playout
from printkit.kitgame.rows import computed_rows
from printkit.kitgame.setup import KitSetup, kit_setup
from printkit.kitgame.source import KitRef, kit_hook, kit_ref
from printkit.params import from_mapping, params_class
from printkit.press.settings import PrintSettings


@dataclass(frozen=True)
class OpenKit:
    """A kit folder read for playing and printing: its ref (the code), its setup (the data as the rules read it), its spec,
    its rows (the data as the kit prints it) and its rules as made when it was opened."""

    ref: KitRef
    setup: KitSetup
    spec: KitGame
    rows: Mapping[str, list[Row]]
    """Every set's rows, as the setup types them and the kit prints them (the data files' and those rules.py computes)."""
    made: KitRules
    """The rules made when the kit was opened (the designer's ``__init__`` and names checked): the ones its kit is built
    with (:mod:`printkit.kitgame.pipeline`)."""
    playout: Callable[..., Any] | None = None
    """A built-in game's compiled playouts for the mcts player (``[hooks] playout_from``: :func:`shipped_playout`)."""

    def rules(self) -> KitRules:
        """Rules of their own (a game played at a command or the table)."""
        return _made(self.spec, self.setup, self.playout)


def _made(spec: KitGame, setup: KitSetup, playout: Callable[..., Any] | None) -> KitRules:
    """The rules of ``spec`` made from ``setup``, the mcts player's playouts ``playout`` where a kernel plays them."""
    engine: KitRules = spec.rules(setup)  # type: ignore[assignment]
    if playout is not None:
        engine.kernel_playout = playout
    return engine


def read_kit(folder: str | Path, sets: tuple[str, ...] = (), paper: str | None = None, display: str | None = None,
             params: Mapping[str, Any] | None = None, settings: PrintSettings | None = None, out: Path | None = None,
             run_code: bool = True) -> KitFolder:
    """A kit folder read (:func:`printkit.datakit.load.load_kit`) with its parameters checked by the class its
    ``[hooks] params`` names, as config.toml's are; a refusal names the parameter (and ``--set``, when it set it).
    ``out``: where a failed game of the kit's checks is kept; ``run_code`` False (``--no-code``): none of the kit's
    Python runs (its parameters are checked by their limits alone)."""
    kit = replace(load_kit(folder, sets, paper, display, params, settings), out=out, run_code=run_code)
    return replace(kit, checked=_checked_params(kit)) if "params" in kit.spec.hooks and run_code else kit


def _checked_params(kit: KitFolder) -> Any:
    """``[params]`` as the class ``[hooks] params`` names makes them."""
    spec = kit.spec
    derived = kit_hook(kit.path, kit.display, spec.hooks["params"], spec.source, "hooks.params", spec.code_limits)
    if not isinstance(derived, type):
        raise ConfigError(spec.source, "hooks.params", f"{spec.hooks['params']} is not a class")
    try:
        return from_mapping(params_class(spec.params, spec.param_limits, derived=derived), spec.params, spec.source,
                            "params")
    except ConfigError as exc:
        told = told_params_clash(exc, kit, lambda values: params_class(values, spec.param_limits, derived=derived))
        raise blame_sets(told, kit.sets) from None
    except BaseException as exc:  # the designer's code (a real Ctrl-C goes on as it is)
        raise blame(exc, kit.path, kit.display, "checking the parameters") from None


def open_kit(folder: str, sets: tuple[str, ...] = ()) -> OpenKit:
    """The kit folder ``folder`` read with ``--set`` items; a kit without ``[game] rules`` is one clear error."""
    return open_loaded(read_kit(folder, sets), sets)


def open_loaded(kit: KitFolder, sets: tuple[str, ...] = ()) -> OpenKit:
    """A kit folder already read (kit.toml validated) opened for playing: its code, every set's rows read once (the
    data files', then those rules.py computes from a game of them), the setup typed from them, the rules."""
    if kit.spec.game_rules is None:
        raise RulesError(f"{kit.spec.source}: no [game] rules: this kit is printed from data only; add `[game] rules = \"rules.py\"` "
                         "to play it (printkit new DIR --rules starts a game with rules)")
    ref = kit_ref(kit.path, kit.display, kit.spec.game_rules, kit.spec.source, kit.spec.code_limits)
    rows = read_rows(kit)
    setup = kit_setup(kit, rows, sets)
    computed = computed_rows(kit, ref, setup)
    if computed:
        rows = {**rows, **computed}
        setup = kit_setup(kit, rows, sets)
    spec = replace(kit_game(ref), name=setup.name, title=setup.title)
    playout = shipped_playout(kit.path, kit.display, kit.spec.hooks, kit.spec.source)
    made = _made(spec, setup, playout)  # the designer's __init__ and names run once here: their errors come before any work
    return OpenKit(ref, setup, spec, rows, made, playout)
