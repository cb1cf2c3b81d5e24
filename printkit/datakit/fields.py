"""``{field}`` templates: any string of a layout filled from a row (``{{`` and ``}}`` are literal braces)."""

from __future__ import annotations

import re
from typing import Mapping

FIELD = re.compile(r"\{\{|\}\}|\{([^{}]*)\}")


def fields_in(template: str) -> list[str]:
    """The field names a template uses, in order."""
    return [m.group(1).strip() for m in FIELD.finditer(template) if m.group(1) is not None]


def fill(template: str, row: Mapping[str, str]) -> str:
    """The template with each ``{field}`` replaced by the row's value ('' for a field the row lacks)."""

    def value(match: re.Match[str]) -> str:
        if match.group(1) is None:
            return match.group(0)[0]
        return row.get(match.group(1).strip(), "")

    return FIELD.sub(value, template)


def single_field(template: str) -> str | None:
    """The field name when the whole template is one ``{field}`` (errors then name the column)."""
    match = re.fullmatch(r"\{([^{}]+)\}", template.strip())
    return match.group(1).strip() if match else None
