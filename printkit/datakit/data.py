"""Rows of a data file (CSV, TOML, JSON or XLSX): each row knows its file and line, copies exploded."""

from __future__ import annotations

import csv
import io
import json
import math
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from printkit.datakit.fields import fields_in, fill
from printkit.datakit.schema import DELIMITERS, DataSource
from printkit.errors import ConfigError
from printkit.params import dotted_params
from printkit.userinput.documents import DocumentError, parse_json, parse_toml
from printkit.userinput.files import MB, read_bytes, reason
from printkit.userinput.paths import inside, shown
from printkit.userinput.text import LINE_BREAKS, control_problem, quoted

MAX_ROWS = 20_000
MAX_COPIES = 10_000
MAX_PIECES = 2_000
"""Pieces one data file may make after quantities: 2,000 poker cards build in about 10 s (20,000 took 100 s and 700 MB)."""
MAX_KIT_PIECES = 5_000
"""Cards and tokens of one kit, all decks and token sets together."""
MAX_KIT_ELEMENTS = 100_000
"""Layout elements one kit draws (elements per piece times pieces): 54,000 took about 20 s."""
MAX_BYTES = 20 * MB
MAX_XLSX_UNZIPPED = 200 * MB
"""What a workbook's parts may add up to unzipped, as their headers declare it (Python's zipfile never
inflates a part past its declared size): a 20 MB workbook that would expand to gigabytes is refused
before it is parsed."""
MAX_XLSX_PARTS = 10_000
MAX_COLUMNS = 256
"""Columns one data file may use; a sheet declaring thousands of (empty) columns is read only this wide."""
MAX_SHEET_ROWS = 5 * MAX_ROWS
"""Rows of a sheet looked at, empty ones included, before the sheet is refused as too long."""


@dataclass(frozen=True)
class Row:
    """One record: its fields as text (numbers as written), where it came from, its copy number."""

    fields: Mapping[str, str]
    where: str
    """``my-game/cards.csv:14`` or ``my-game/cards.toml: card[3]``."""
    index: int
    """1-based position of the record in its file."""
    label: str = ""
    """What names the row (:func:`record_label`: its label column, else its first cell), as the rules' record shows it."""


def cell_text(value: Any) -> str:
    """A value as a data cell holds it (whole floats without .0, booleans lowercase, lists as JSON)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if value is None:
        return ""
    if isinstance(value, (dict, list)):
        return json.dumps(value, sort_keys=True)
    return str(value)


def param_text(value: Any) -> str:
    """A ``[params]`` value as a layout shows it (lists joined by ", ")."""
    if isinstance(value, (list, tuple)):
        return ", ".join(cell_text(v) for v in value)
    return cell_text(value)


def param_fields(params: Mapping[str, Any]) -> dict[str, str]:
    """kit.toml's ``[params]`` as the fields ``{params.NAME}`` reads (a group's by dotted name: ``params.abilities.bomb``),
    in layouts and in data cells alike."""
    return {f"params.{name}": param_text(value) for name, value in dotted_params(params).items()}


def filled_cells(where: str, fields: dict[str, str], params: Mapping[str, str]) -> dict[str, str]:
    """The row's cells with each ``{params.NAME}`` filled as a layout fills it (``{{`` and ``}}``: a brace), so the
    printed piece and the rules' row read the same value. Another ``{field}`` in a cell is a ConfigError naming the
    cell: a cell is a value, not a template of the row."""
    if not any("{" in value or "}" in value for value in fields.values()):
        return fields
    out = dict(fields)
    for column, value in fields.items():
        names = fields_in(value)
        if not names and "{{" not in value and "}}" not in value:
            continue
        for name in names:
            if not name.startswith("params."):
                raise ConfigError(where, f"column {quoted(column)}", f"{{{name}}}: a data cell fills only {{params.NAME}}, "
                                  "a value of kit.toml's [params] (the layouts fill a piece's other fields; write {{ and "
                                  "}} for a brace)")
            if name not in params:
                known = ", ".join(sorted(params)) or "none: kit.toml has no [params]"
                raise ConfigError(where, f"column {quoted(column)}", f"{{{name}}}: no such parameter (known: {known})")
        out[column] = fill(value, params)
    return out


def sniff_delimiter(text: str) -> str:
    """The separator of a CSV: whichever of ``,`` ``;`` tab ``|`` its header row (first non-blank line)
    holds most often outside quotes; a comma when it holds none (a one-column file)."""
    header = next((line for line in text.splitlines() if line.strip()), "")
    outside = "".join(part for i, part in enumerate(header.split('"')) if i % 2 == 0)
    counts = {d: outside.count(d) for d in DELIMITERS}
    best = max(DELIMITERS, key=lambda d: counts[d])
    return best if counts[best] else ","


def _csv(text: str, name: str, delimiter: str | None = None) -> list[tuple[str, dict[str, str]]]:
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter or sniff_delimiter(text))
    rows: list[tuple[str, dict[str, str]]] = []
    header: list[str] | None = None
    try:
        for record in reader:
            if not any(cell.strip() for cell in record):
                continue
            if header is None:
                header = [h.strip() for h in record]
                seen = [h for h in header if h]
                for h in seen:
                    if seen.count(h) > 1:
                        raise ConfigError(f"{name}:{reader.line_num}", f"column {quoted(h)}", "appears twice in the header row")
                continue
            if len(record) > len(header):
                raise ConfigError(f"{name}:{reader.line_num}", "", f"{len(record)} cells in a row under a header of {len(header)} columns")
            cells = record + [""] * (len(header) - len(record))
            rows.append((f"{name}:{reader.line_num}", {h: c.strip() for h, c in zip(header, cells) if h}))
    except csv.Error as exc:
        raise ConfigError(f"{name}:{reader.line_num}", "", f"not valid CSV: {exc}") from None
    if header is None:
        raise ConfigError(name, "", "an empty file: expected a header row, then one row per card")
    return rows


def _records(items: Any, name: str, what: str) -> list[tuple[str, dict[str, str]]]:
    if not isinstance(items, list):
        raise ConfigError(name, what, "expected a list of records (tables / objects)")
    rows = []
    for i, item in enumerate(items):
        if not isinstance(item, Mapping):
            raise ConfigError(name, f"{what}[{i}]", f"expected a record (table / object), got {quoted(item)}")
        rows.append((f"{name}: {what}[{i}]", {str(k): cell_text(v) for k, v in item.items()}))
    return rows


def _toml(text: str, name: str) -> list[tuple[str, dict[str, str]]]:
    try:
        doc = parse_toml(text, allow=None)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(name, "", f"not valid TOML: {exc}") from None
    except DocumentError as exc:
        raise ConfigError(name, exc.key, exc.message) from None
    arrays = [k for k, v in doc.items() if isinstance(v, list)]
    if len(arrays) != 1:
        raise ConfigError(name, "", "expected exactly one array of tables, e.g. [[card]] entries")
    return _records(doc[arrays[0]], name, arrays[0])


def _json(text: str, name: str) -> list[tuple[str, dict[str, str]]]:
    try:
        doc = parse_json(text, allow=None)
    except json.JSONDecodeError as exc:
        raise ConfigError(name, "", f"not valid JSON: {exc}") from None
    except DocumentError as exc:
        raise ConfigError(name, exc.key, exc.message) from None
    if isinstance(doc, Mapping):
        arrays = [k for k, v in doc.items() if isinstance(v, list)]
        if len(arrays) != 1:
            raise ConfigError(name, "", "expected a list of objects, or an object holding exactly one such list")
        return _records(doc[arrays[0]], name, arrays[0])
    return _records(doc, name, "")


def _xlsx(raw: bytes, name: str, sheet: str | None) -> list[tuple[str, dict[str, str]]]:
    try:
        import openpyxl
    except ImportError:  # pragma: no cover - a declared dependency
        raise ConfigError(name, "", "reading .xlsx needs openpyxl (pip install openpyxl)") from None
    _check_unzipped(raw, name)
    try:
        book = openpyxl.load_workbook(io.BytesIO(raw), read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many kinds for a damaged file
        raise ConfigError(name, "", f"not a readable .xlsx workbook ({type(exc).__name__})") from None
    if sheet is not None and sheet not in book.sheetnames:
        raise ConfigError(name, "", f"no sheet {quoted(sheet)} (sheets: {', '.join(book.sheetnames)})")
    ws = book[sheet] if sheet else book.worksheets[0]
    try:
        rows = _sheet_rows(ws, name)
    except ConfigError:
        raise
    except Exception as exc:  # a part that does not inflate to what its header says, broken XML ...
        raise ConfigError(name, "", f"not a readable .xlsx workbook ({type(exc).__name__} in sheet {quoted(ws.title)})") from None
    finally:
        book.close()
    return rows


def _sheet_rows(ws: Any, name: str) -> list[tuple[str, dict[str, str]]]:
    """The sheet's rows after its header row, each named ``cards.xlsx:Sheet!row``, within the bounds."""
    rows: list[tuple[str, dict[str, str]]] = []
    header: list[str] | None = None
    for number, record in enumerate(ws.iter_rows(max_col=MAX_COLUMNS + 1, values_only=True), start=1):
        if number > MAX_SHEET_ROWS:
            raise ConfigError(f"{name}:{ws.title}!{number}", "", f"a sheet of more than {MAX_SHEET_ROWS} rows "
                                                                 f"(empty ones included): at most {MAX_ROWS} rows of cards")
        cells = [cell_text(c).strip() for c in record]
        if len(cells) > MAX_COLUMNS and cells[MAX_COLUMNS]:
            raise ConfigError(f"{name}:{ws.title}!{number}", "", f"more than {MAX_COLUMNS} columns")
        del cells[MAX_COLUMNS:]
        if not any(cells):
            continue
        if header is None:
            header = cells
            continue
        cells += [""] * (len(header) - len(cells))
        rows.append((f"{name}:{ws.title}!{number}", {h: c for h, c in zip(header, cells) if h}))
    if header is None:
        raise ConfigError(name, "", "an empty sheet: expected a header row, then one row per card")
    return rows


def _check_unzipped(raw: bytes, name: str) -> None:
    """Refuse a workbook whose parts declare more than :data:`MAX_XLSX_UNZIPPED` bytes unzipped (a zip bomb)."""
    import zipfile

    try:
        with zipfile.ZipFile(io.BytesIO(raw)) as archive:
            parts = archive.infolist()
    except (zipfile.BadZipFile, ValueError, OSError):
        raise ConfigError(name, "", "not a readable .xlsx workbook (not a zip archive)") from None
    if len(parts) > MAX_XLSX_PARTS:
        raise ConfigError(name, "", f"a workbook of {len(parts)} parts: at most {MAX_XLSX_PARTS}")
    unzipped = sum(part.file_size for part in parts)
    if unzipped > MAX_XLSX_UNZIPPED:
        raise ConfigError(name, "", f"the workbook unzips to {unzipped // MB} MB: at most {MAX_XLSX_UNZIPPED // MB} MB "
                                    "(save the sheet on its own, or as CSV)")


def _parsed(raw: bytes, suffix: str, name: str, spec: DataSource) -> list[tuple[str, dict[str, str]]]:
    """The records of a data file's bytes (``suffix``: its kind; ``name``: the file in messages)."""
    if suffix == ".xlsx":
        return _xlsx(raw, name, spec.sheet)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise not_utf8(raw, exc, name) from None
    if suffix == ".csv":
        return _csv(text, name, spec.delimiter)
    return {".toml": _toml, ".json": _json}[suffix](text, name)


def not_utf8(raw: bytes, exc: UnicodeDecodeError, name: str) -> ConfigError:
    """The error for a file that is not UTF-8: its line and the words around the first bad byte."""
    line = raw.count(b"\n", 0, exc.start) + 1
    start = raw.rfind(b"\n", 0, exc.start) + 1
    end = raw.find(b"\n", exc.start)
    around = raw[start:end if end >= 0 else len(raw)].decode("utf-8", "replace").strip()
    return ConfigError(f"{name}:{line}", "", f"not UTF-8 text (byte 0x{raw[exc.start]:02X} in {around[:60]!r}): save the file "
                                             "as UTF-8 (in Excel: 'CSV UTF-8')")


def _plain_text(where: str, fields: Mapping[str, str]) -> None:
    """Refuse a control character (but tabs and line breaks) in a column name or a cell of any data format."""
    for column, value in fields.items():
        problem = control_problem(column)
        if problem:
            raise ConfigError(where, "", f"a column name holding {problem}: {quoted(column)}")
        problem = control_problem(value, LINE_BREAKS)
        if problem:
            raise ConfigError(where, f"column {quoted(column)}", f"expected text without control characters ({problem}), "
                                                                 f"got {quoted(value)}")


def check_value(kind: str, value: str) -> str | None:
    """Why ``value`` is not of the declared column ``kind`` (None when it is)."""
    if value == "":
        return None
    if kind == "integer" and not re.fullmatch(r"[+-]?\d+", value):
        return f"expected a whole number, got {quoted(value)}"
    if kind == "number":
        try:
            if not math.isfinite(float(value)):
                raise ValueError
        except ValueError:
            return f"expected a number, got {quoted(value)}"
    if kind == "colour" and not re.fullmatch(r"#[0-9A-Fa-f]{6}|#[0-9A-Fa-f]{3}|none", value):
        return f"expected a colour like #2a6fdb, got {quoted(value)}"
    return None


@dataclass(frozen=True)
class CellSet:
    """``--set data.<deck>.<row label>.<column>=VALUE``: one column of the rows a label names, in every copy."""

    target: str
    """The deck or token set."""
    label: str
    column: str
    value: str
    key: str
    """The key as written, for messages."""


def record_label(fields: Mapping[str, str], column: str | None) -> str:
    """What names a row: its ``label`` column, else its first non-empty cell."""
    if column and fields.get(column, "").strip():
        return fields[column].strip()
    return next((v.strip() for v in fields.values() if v.strip()), "")


def _set_cells(records: list[tuple[str, dict[str, str]]], cells: tuple[CellSet, ...], label: str | None,
               name: str) -> list[tuple[str, dict[str, str]]]:
    """The records with ``cells`` applied (before quantities: a quantity set this way makes the copies)."""
    for cell in cells:
        hits = [fields for _, fields in records if record_label(fields, label) == cell.label]
        if not hits:
            labels = ", ".join(dict.fromkeys(record_label(f, label) for _, f in records[:12]))
            raise ConfigError("--set", cell.key, f"no row {cell.label!r} in {name} (rows: {labels}{', ...' if len(records) > 12 else ''})")
        if cell.column not in hits[0]:
            raise ConfigError("--set", cell.key, f"no column {cell.column!r} in {name} (columns: {', '.join(hits[0])})")
        for fields in hits:
            fields[cell.column] = cell.value
    return records


def load_rows(folder: Path, display: str, spec: DataSource, source: str, cells: tuple[CellSet, ...] = (),
              label: str | None = None, params: Mapping[str, str] | None = None) -> list[Row]:
    """The rows of a data source, each repeated by its quantity; every bad cell is a ConfigError.

    ``cells`` (``--set data...``) change columns of the rows their label names (``label``: the label column);
    ``params`` (:func:`param_fields`) fill the ``{params.NAME}`` cells hold.
    """
    path = inside(folder, spec.path, source, spec.key)
    name = shown(folder, display, path)
    if not path.exists():
        raise ConfigError(source, spec.key, f"no file {name}")
    suffix = path.suffix.lower()
    if suffix not in (".csv", ".toml", ".json", ".xlsx"):
        raise ConfigError(name, "", "expected a .csv, .toml, .json or .xlsx file")
    try:
        raw = read_bytes(path, MAX_BYTES)
    except OSError as exc:
        raise ConfigError(name, "", f"cannot read the file: {reason(exc)}") from None
    return rows_of(_parsed(raw, suffix, name, spec), spec, name, cells, label, params)


def rows_of(records: list[tuple[str, dict[str, str]]], spec: DataSource, name: str, cells: tuple[CellSet, ...] = (),
            label: str | None = None, params: Mapping[str, str] | None = None) -> list[Row]:
    """Records (``where``, fields as text) of a data file or of rules.py's rows checked as ``spec`` declares:
    ``--set data...`` cells applied, ``{params.NAME}`` in cells filled, column types checked, quantities made copies
    (``name``: the source in messages)."""
    if len(records) > MAX_ROWS:
        raise ConfigError(name, "", f"at most {MAX_ROWS} rows, got {len(records)}")
    if cells:
        records = _set_cells(records, cells, label, name)
    rows: list[Row] = []
    for index, (where, fields) in enumerate(records, start=1):
        fields = filled_cells(where, fields, params or {})
        _plain_text(where, fields)
        for column, kind in spec.columns.items():
            problem = check_value(kind, fields.get(column, ""))
            if problem:
                written = next((c.key for c in cells if c.column == column and c.label == record_label(fields, label)), None)
                if written:
                    raise ConfigError("--set", written, f"{problem} (in {where})")
                raise ConfigError(where, f"column {quoted(column)}", problem)
        copies = 1
        column = spec.quantity or ("quantity" if "quantity" in fields else None)
        if column is not None:
            if column not in fields:
                raise ConfigError(where, f"column {quoted(column)}", "missing: named as the quantity column in kit.toml")
            text = fields[column]
            if not re.fullmatch(r"\+?[0-9]{1,9}", text) or int(text) > MAX_COPIES:
                raise ConfigError(where, f"column {quoted(column)}", f"expected a number of copies from 0 to {MAX_COPIES}, got {quoted(text)}")
            copies = int(text)
        if len(rows) + copies > MAX_PIECES:
            raise ConfigError(where, "", f"more than {MAX_PIECES:,} pieces after quantities (the limit of one data file: "
                                         "a build must stay within seconds and memory)")
        rows.extend(Row(fields, where, index, record_label(fields, label)) for _ in range(copies))
    return rows
