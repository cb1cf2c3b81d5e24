"""`python -m printkit` runs the command line."""

from printkit.launch import main

main()
