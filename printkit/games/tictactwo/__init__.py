"""Tic Tac Two's kit folder: kit.toml, rules.md, rules.py and the Python kit.toml names (art.py, params.py, the kernel in
fast.py with packed.py and jit.py). printkit ships it as a package so that its modules import by name
(``printkit.games.tictactwo.rules``)."""
