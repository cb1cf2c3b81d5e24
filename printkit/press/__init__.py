"""Imposition: pieces placed on pages with bleed, crop marks, duplex backs and tiles."""
