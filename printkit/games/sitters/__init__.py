"""SiTTeRS (Simple Table Top Rule Set): collectors loot containers and flee to the safe zone while obstructors try to
stop them. The game is the kit folder here (kit.toml, rules.py, rules.md, art.py), as any designer's."""
