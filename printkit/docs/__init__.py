"""The documentation's generated parts: JSON Schemas and reference pages built from the code's own definitions."""
