"""A designer's game with rules: a kit folder's rules.py (see printkit.kitrules) played by the shared engine.

``source`` loads rules.py (and snapshots the folder's code for other processes), ``setup`` turns the kit's
data into what the rules read, ``blame`` reports errors in the designer's code as theirs, ``engine`` adapts
a :class:`printkit.kitrules.Game` to the engine contract, ``spec`` makes it a game the commands play.
``players`` lets players of a game with secret answers decide in stages, ``terminal`` asks such a game at
the terminal in stages, ``dialogue`` runs the rules' own terminal dialogue.
"""
