"""Exports beyond the home printer: Tabletop Simulator, print-on-demand shops, gutter fold, CMYK."""
