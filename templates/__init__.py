"""Jinja2 rule-sheet templates, one folder per game (installed as printkit.templates)."""
