"""Kits from data: a designer's folder (kit.toml, data files, layouts, art, rules.md) as one more Kit source."""
