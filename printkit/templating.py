"""Rule-sheet text from jinja2 templates in a sandbox, each template compiled once and kept.

Designers edit these templates, so they run in jinja2's sandbox (no template reaches Python internals) and an
undefined name is an error. A template's compiled code is kept in the user's cache folder
(``$XDG_CACHE_HOME/printkit/templates``, by default ``~/.cache/printkit/templates``), filed under its name and
checked against its source before use: compiling the five built-in rule sheets costs a build about a tenth of a
second, loading them a millisecond. Like Python's ``__pycache__`` the folder may be deleted at any time; when it
cannot be read or written, templates are compiled on every build.
"""

from __future__ import annotations

import hashlib
import os
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import jinja2
    from jinja2.bccache import Bucket


def templates_dir() -> Path:
    """The rule-sheet templates: installed as ``printkit.templates``, or ``templates/`` of a checkout."""
    try:
        return Path(str(resources.files("printkit.templates")))
    except ModuleNotFoundError:
        return Path(__file__).resolve().parent.parent / "templates"


def cache_folder() -> Path | None:
    """Where compiled templates are kept (None when there is no user cache folder to name)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base, "printkit", "templates") if os.path.isabs(base) else None


@lru_cache(maxsize=None)
def _kept_class() -> type:
    """jinja2's file cache of compiled templates, made never to fail a build: a file that cannot be read (damaged,
    or from another jinja2) is compiled afresh, one that cannot be written is not kept."""
    from jinja2 import FileSystemBytecodeCache

    class Kept(FileSystemBytecodeCache):  # type: ignore[misc]
        def load_bytecode(self, bucket: Bucket) -> None:
            try:
                super().load_bytecode(bucket)
            except Exception:  # EOFError, ValueError, ... from a damaged file
                bucket.reset()

        def dump_bytecode(self, bucket: Bucket) -> None:
            try:
                os.makedirs(self.directory, mode=0o700, exist_ok=True)
                super().dump_bytecode(bucket)
            except OSError:
                pass

    return Kept


def _kept(options: dict[str, Any]) -> Any:
    """A cache in :func:`cache_folder` for templates compiled with ``options`` (their hash names the files: the same
    source compiles differently with other whitespace rules), or None."""
    folder = cache_folder()
    if folder is None:
        return None
    digest = hashlib.sha256(repr(sorted(options.items())).encode()).hexdigest()[:12]
    return _kept_class()(str(folder), f"{digest}-%s.cache")


def sandbox(loader: jinja2.BaseLoader | None = None, **options: Any) -> jinja2.Environment:
    """A sandboxed environment with strict undefined names, no autoescaping, the trailing newline kept, and its
    compiled templates kept (``options``: more of jinja2's whitespace settings)."""
    import jinja2
    from jinja2.sandbox import SandboxedEnvironment

    options = {"autoescape": False, "keep_trailing_newline": True, **options}
    return SandboxedEnvironment(loader=loader, undefined=jinja2.StrictUndefined, bytecode_cache=_kept(options), **options)


def from_source(env: jinja2.Environment, source: str, name: str) -> jinja2.Template:
    """``env.from_string(source)``, its compiled code kept under ``name`` (the file it comes from: a later edit
    replaces what was kept)."""
    cache = env.bytecode_cache
    if cache is None:
        return env.from_string(source)
    bucket = cache.get_bucket(env, name, None, source)
    if bucket.code is None:
        bucket.code = env.compile(source)
        cache.set_bucket(bucket)
    return env.template_class.from_code(env, bucket.code, env.make_globals(None), None)


def plural(n: Any, word: str, many: str | None = None) -> str:
    """The ``plural`` filter of rule sheets: ``{{ n | plural("card") }}`` is card for 1, cards otherwise."""
    return word if n == 1 else (many or word + "s")


@lru_cache(maxsize=None)
def rule_sheets() -> jinja2.Environment:
    """The environment of kit folders' rules.md (one per process): the sandbox and the ``plural`` filter."""
    env = sandbox()
    env.filters["plural"] = plural
    return env


@lru_cache(maxsize=None)
def rule_templates(folder: str) -> jinja2.Environment:
    """The environment of the built-in rule-sheet templates in ``folder`` (one per process: it holds them once
    loaded); ``plural`` is the one filter they add: ``{{ n | plural("card") }}``."""
    import jinja2

    env = sandbox(jinja2.FileSystemLoader(folder), trim_blocks=True, lstrip_blocks=True)
    env.filters["plural"] = plural
    return env
