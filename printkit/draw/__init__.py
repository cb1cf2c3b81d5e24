"""Backend-neutral drawing (shapes in mm) and its renderers: SVG, PDF and PNG."""
