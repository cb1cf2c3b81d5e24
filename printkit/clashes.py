"""A refusal across parameters (:class:`~printkit.errors.ClashError`) told as the key the user wrote: where each value
it rests on came from (``--set``, a file's table, the default)."""

from __future__ import annotations

from typing import Any, Callable, Collection, Mapping, Sequence

from printkit.errors import ClashError, ConfigError
from printkit.params import describe, dotted_params

Layer = tuple[str, str, Mapping[str, Any]]
"""One place a table's values come from, lowest first (the first holds every value: the defaults): its source as errors
name it (``--set``, ``config.toml``), where a message says a value came from (``from config.toml's [games.warfare]``,
``(the default)``) and the values it gives (nested tables as dicts), over those of the layers below."""

_ABSENT = object()


def set_values(table: str, values: Mapping[str, Any], set_keys: Collection[str]) -> dict[str, Any]:
    """The values of ``table`` (``values``, by its keys) that ``--set`` gave (``set_keys``: dotted keys as written)."""
    return {key: value for key, value in dotted_params(values).items() if f"{table}.{key}" in set_keys}


def _nested(values: Mapping[str, Any]) -> dict[str, Any]:
    """The inverse of :func:`~printkit.params.dotted_params`."""
    out: dict[str, Any] = {}
    for key, value in values.items():
        *path, last = key.split(".")
        node = out
        for part in path:
            node = node.setdefault(part, {})
        node[last] = value
    return out


def _outcome(check: Callable[[Mapping[str, Any]], None], values: Mapping[str, Any]) -> tuple[str, str] | None:
    """The key and message ``check`` refuses ``values`` with (None: it takes them; ``("", "")``: it fails otherwise)."""
    try:
        check(_nested(values))
    except ConfigError as exc:
        return exc.key, exc.message
    except Exception:  # a designer's own check failing on other values tells nothing about these
        return "", ""
    return None


def told_clash(exc: ConfigError, prefix: str, layers: Sequence[Layer],
               check: Callable[[Mapping[str, Any]], None]) -> ConfigError:
    """``exc`` (a refusal of the table ``prefix``, whose values are the last layer's) told as the key of the highest
    layer among the keys it rests on: those whose value, taken back to the layer below, changes the refusal. Each other
    key it rests on is named with its value and where that came from. Any other error, and one resting on its own key
    alone, is as it is."""
    if not isinstance(exc, ClashError) or not exc.key.startswith(f"{prefix}."):
        return exc
    tables = [dotted_params(layers[0][2])]
    for _, _, values in layers[1:]:
        tables.append({**tables[-1], **dotted_params(values)})
    final = tables[-1]
    own = [dotted_params(values) for _, _, values in layers]

    def level(key: str) -> int:
        """The highest layer that writes ``key`` (0: the default)."""
        return max((i for i in range(1, len(own)) if key in own[i]), default=0)

    def below(key: str) -> dict[str, Any]:
        """The values with ``key`` taken back to the layer below the one that gives it."""
        lower = tables[level(key) - 1].get(key, _ABSENT)
        return {k: v for k, v in {**final, key: lower}.items() if v is not _ABSENT}

    blamed = exc.key[len(prefix) + 1:]
    given = (exc.key, exc.message)

    def rests_on(key: str) -> bool:
        """Whether the refusal goes, or says otherwise, with ``key`` taken back (another refusal tells nothing)."""
        outcome = _outcome(check, below(key))
        return outcome is None or (outcome[0] == exc.key and outcome != given)

    rests = [blamed] + [key for key in final if key != blamed and level(key) > 0 and rests_on(key)]
    told = max(rests, key=level)  # the first of the highest layer: the refused key itself on a tie
    if level(told) == 0 or rests == [blamed]:
        return exc
    source = layers[level(told)][0]
    others = [f"{prefix}.{key} = {describe(final[key])} {layers[level(key)][1]}" for key in rests if key != told]
    if told == blamed:
        message = exc.message + (f" (with {', '.join(others)})" if others else "")
    else:
        message = f"clashes with {others[0]}: {exc.message}" + (f" (with {', '.join(others[1:])})" if others[1:] else "")
    return ConfigError(source, f"{prefix}.{told}", message)
