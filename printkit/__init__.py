"""printkit: print-and-play prototype kits and reference rules engines for tabletop games."""

__version__ = "0.1.0"
