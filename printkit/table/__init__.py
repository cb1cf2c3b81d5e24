"""The browser table: ``printkit play --web`` plays a kit-folder game in the browser with the kit's own art.

``art`` draws each piece side and board as the kit prints it (SVG, fonts embedded), ``kitsource`` reads a kit
folder (or a built-in game's) into its engine, art and players, ``scene`` turns what one seat sees into the page's
data (zones from the state's keys, boards with their pieces, the seat's legal moves and what they use), ``match``
is one game at the table (seats, chance drawn by the server, secret answers, undo, notes, the log), ``saved`` keeps
it on disk to resume, ``server`` serves it (Starlette and uvicorn: each seat a websocket), ``static/`` is the page.
The command line is the only module that imports this package.
"""
