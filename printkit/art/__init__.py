"""Parametric artwork shared by every game: grid boards, tokens, cards, rulers."""
