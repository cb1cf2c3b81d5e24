"""The shared engine contract, game logs, replay, random playouts and kit checks."""
