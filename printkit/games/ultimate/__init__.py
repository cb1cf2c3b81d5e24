"""Ultimate Tic-Tac-Toe's kit folder: kit.toml, rules.md, rules.py and the Python kit.toml names (art.py, kernel.py,
params.py). printkit ships it as a package so that its modules import by name (``printkit.games.ultimate.rules``)."""
