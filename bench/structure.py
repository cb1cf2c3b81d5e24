"""The structure figures of issue 32, measured from the source: lines, imports back up, circles, long functions.

Run with ``python bench/structure.py [--json] [ROOT]`` (ROOT: a checkout, default this one). Every file of
printkit/ is a node; an import anywhere in a file (at the top, inside a function, under ``TYPE_CHECKING``) is an
arrow to the module it names (``from package import submodule`` to the submodule). A circle is a set of files that
import each other in a loop (a strongly connected component of two or more files). A room is a top-level file or
folder of printkit/; its layer is its place in :data:`LAYERS` (docs/development.md draws them), lowest first, and
an arrow from a room to a room of a higher layer runs back up (each pair of rooms counted once). A long function
is a ``def`` of more than 40 lines (its decorators and docstring included).
"""

from __future__ import annotations

import ast
import json
import sys
from collections import defaultdict
from pathlib import Path

LAYERS: tuple[tuple[str, ...], ...] = (
    ("errors.py", "__init__.py", "py.typed", "guard", "interrupts.py", "deferred.py"),
    ("userinput", "templating.py", "markdown_blocks.py"),
    ("params.py", "clashes.py", "draw"),
    ("press",),
    ("art", "rulesheet.py"),
    ("kit",),
    ("rules", "kitrules.py", "kitart.py"),
    ("datakit",),
    ("kitgame",),
    ("games",),
    ("config.py",),
    ("build.py",),
    ("balance", "export", "gallery", "docs", "table"),
    ("cli_errors.py", "watch.py"),
    ("cli.py",),
    ("launch.py",),
    ("__main__.py",),
)
"""printkit/'s rooms by layer, lowest first: a room imports its own layer and those below."""
LONG = 40


def modules(root: Path) -> dict[str, Path]:
    """Every module of printkit/ by dotted name (a package by its ``__init__``)."""
    found = {}
    for path in sorted((root / "printkit").rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        parts = path.relative_to(root).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def imports(path: Path, name: str, known: dict[str, Path]) -> set[str]:
    """The printkit modules ``path`` imports, anywhere in it."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else []))
            names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
        else:
            continue
        for target in names:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                targets.add(target)
    return targets


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of two or more modules (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def room(name: str) -> str:
    """The top-level file or folder of printkit/ a module lives in."""
    parts = name.split(".")
    if len(parts) == 1:
        return "__init__.py"
    return parts[1] if len(parts) > 2 or parts[1] in {p for layer in LAYERS for p in layer} else f"{parts[1]}.py"


def layer(room_name: str) -> int:
    for number, rooms in enumerate(LAYERS):
        if room_name in rooms:
            return number
    raise SystemExit(f"bench/structure.py: room {room_name!r} is in no layer of LAYERS")


def long_functions(path: Path) -> list[tuple[str, int]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            length = (node.end_lineno or node.lineno) - start + 1
            if length > LONG:
                found.append((node.name, length))
    return found


def figures(root: Path) -> dict[str, object]:
    known = modules(root)
    graph = {name: imports(path, name, known) for name, path in known.items()}
    rooms: dict[tuple[str, str], list[str]] = defaultdict(list)
    for source, targets in graph.items():
        for target in targets:
            a, b = room(source), room(target)
            if a != b:
                rooms[(a, b)].append(f"{source} -> {target}")
    back_up = {f"{a} -> {b}": sorted(arrows) for (a, b), arrows in sorted(rooms.items()) if layer(a) < layer(b)}
    games = root / "printkit" / "games"
    count = lambda paths: sum(len(p.read_text(encoding="utf-8").splitlines()) for p in paths)  # noqa: E731
    python = [p for p in known.values()]
    long = {f"{known[name].relative_to(root)}:{fn}": n for name in known for fn, n in long_functions(known[name])}
    return {
        "product_lines": count(python),
        "games_lines": {"python": count(p for p in python if games in p.parents),
                        "kit.toml": count(games.rglob("kit.toml")), "other toml": count(p for p in games.rglob("*.toml") if p.name != "kit.toml"),
                        "rules.md": count(games.rglob("rules.md"))},
        "files": len(known),
        "rooms": len({room(n) for n in known}),
        "arrows_between_rooms": len(rooms),
        "imports_back_up": back_up,
        "circles": circles(graph),
        "long_functions": dict(sorted(long.items(), key=lambda item: -item[1])),
    }


def main() -> None:
    args = [a for a in sys.argv[1:] if a != "--json"]
    root = Path(args[0]) if args else Path(__file__).resolve().parents[1]
    made = figures(root)
    if "--json" in sys.argv:
        print(json.dumps(made, indent=2))
        return
    print(f"product lines (printkit/*.py): {made['product_lines']:,}")
    print("printkit/games/: " + ", ".join(f"{k} {v:,}" for k, v in made["games_lines"].items()))  # type: ignore[union-attr]
    print(f"files {made['files']}, rooms {made['rooms']}, arrows between rooms {made['arrows_between_rooms']}")
    print(f"imports back up: {len(made['imports_back_up'])}")  # type: ignore[arg-type]
    for pair, arrows in made["imports_back_up"].items():  # type: ignore[union-attr]
        print(f"  {pair}: {', '.join(arrows)}")
    print(f"import circles: {len(made['circles'])}")  # type: ignore[arg-type]
    for component in made["circles"]:  # type: ignore[union-attr]
        print(f"  {len(component)} files: {', '.join(component)}")
    print(f"functions over {LONG} lines: {len(made['long_functions'])}")  # type: ignore[arg-type]
    for where, n in made["long_functions"].items():  # type: ignore[union-attr]
        print(f"  {where} ({n} lines)")


if __name__ == "__main__":
    main()
