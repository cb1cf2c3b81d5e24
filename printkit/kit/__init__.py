"""A game's kit as data (artwork, print sheets, rule sheet) and the checks every kit gets."""
