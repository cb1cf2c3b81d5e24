"""The kit gallery: static HTML pages over the built kits, with what changed since the previous build."""
