"""Token Tactics' kit folder: kit.toml, rules.md, rules.py and the Python kit.toml names (params.py, art.py, the kernel in
kernel.py). printkit ships it as a package so that its modules import by name (``printkit.games.tokentactics.rules``)."""
