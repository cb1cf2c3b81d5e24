"""Rule-sheet text from jinja2 templates in a sandbox, each template compiled once and kept.

Designers edit these templates, so they run in jinja2's sandbox (no template reaches Python internals) and an
undefined name is an error. A template's compiled code is kept in the user's cache folder
(``$XDG_CACHE_HOME/printkit/templates``, by default ``~/.cache/printkit/templates``), filed under its name and
checked against its source before use: compiling the five built-in rule sheets costs a build about a tenth of a
second, loading them a millisecond. Like Python's ``__pycache__`` the folder may be deleted at any time; when it
cannot be read or written, templates are compiled on every build.
"""

from __future__ import annotations

import functools
import hashlib
import os
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printkit.guard.limits import Limits

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


COMPILED = 2
"""The way templates are compiled (the operators the sandbox intercepts, the file named in the code): a part of the
cache's file names, so code compiled another way is never loaded."""
MAX_VALUE = 1_000_000
"""The longest text or list an operator of a template may make (``'x' * 1000000000`` is refused before it is made)."""
MAX_BITS = 100_000
"""The largest whole number ``**`` may make, in bits (``2 ** 10 ** 9`` is refused before it is computed)."""


def _kept(options: dict[str, Any]) -> Any:
    """A cache in :func:`cache_folder` for templates compiled with ``options`` (their hash names the files: the same
    source compiles differently with other whitespace rules), or None."""
    folder = cache_folder()
    if folder is None:
        return None
    digest = hashlib.sha256(repr((COMPILED, sorted(options.items()))).encode()).hexdigest()[:12]
    return _kept_class()(str(folder), f"{digest}-%s.cache")


def _size(value: Any) -> int | None:
    return len(value) if isinstance(value, (str, bytes, list, tuple)) else None


def _too_large(made: Any, what: str) -> str | None:
    """Why ``made`` is past :data:`MAX_VALUE` items, or None."""
    return f"{what} made a value of {len(made):,} items: at most {MAX_VALUE:,}" if (_size(made) or 0) > MAX_VALUE else None


def _too_wide(name: str, values: tuple[Any, ...]) -> str | None:
    """Why a width argument of ``name`` is past :data:`MAX_VALUE`, or None."""
    for value in values:
        if isinstance(value, int) and value > MAX_VALUE:
            return f"{name}({value:,}): a width of at most {MAX_VALUE:,}"
    return None


def _binop_too_large(operator: str, left: Any, right: Any) -> str | None:
    """Why ``left operator right`` would make a value past the bounds (checked before it is computed), or None."""
    if operator == "*":
        for items, times in ((left, right), (right, left)):
            size = _size(items)
            if size is not None and isinstance(times, int) and size * times > MAX_VALUE:
                return f"{size:,} x {times:,} would make a value of {size * times:,} items: at most {MAX_VALUE:,}"
    elif operator == "**" and isinstance(left, int) and isinstance(right, int) and abs(left) > 1 and right > 0:
        if left.bit_length() * right > MAX_BITS:
            return f"{left} ** {right} would be a number of about {left.bit_length() * right:,} bits: at most {MAX_BITS:,}"
    elif operator == "+" and (_size(left) or 0) + (_size(right) or 0) > MAX_VALUE:
        return f"+ would make a value of more than {MAX_VALUE:,} items"
    return None


def _refuse(message: str | None) -> None:
    """Raise jinja2's SecurityError (a template's error, told as such) when there is a reason."""
    if message is not None:
        from jinja2.exceptions import SecurityError

        raise SecurityError(message)


def _checked(made: Any, what: str) -> Any:
    _refuse(_too_large(made, what))
    return made


def _bounded_filter(name: str, made: Any) -> Any:
    """jinja2's filter ``made`` with its width arguments and its value bounded."""
    skip = 2 if hasattr(made, "jinja_pass_arg") else 1  # the context or environment jinja2 passes first, the value

    @functools.wraps(made)  # keeps jinja2's mark of what the filter is passed first
    def bounded(*args: Any, **kwargs: Any) -> Any:
        _refuse(_too_wide(name, (*args[skip:], *kwargs.values())))
        return _checked(made(*args, **kwargs), f"|{name}")

    return bounded


@lru_cache(maxsize=None)
def _bounded_class() -> type:
    """jinja2's sandbox whose ``*``, ``**``, ``+`` and ``%``, calls and filters refuse to make a value past
    :data:`MAX_VALUE` items or :data:`MAX_BITS` bits, and the width arguments of text methods and filters
    (``ljust``, ``|center``) past :data:`MAX_VALUE` (jinja2's own sandbox refuses a ``range`` of more than 100,000
    numbers). jinja2's optimizer is off in these environments: it would compute constant expressions while compiling,
    outside every bound."""
    from jinja2.sandbox import SandboxedEnvironment

    class Bounded(SandboxedEnvironment):  # type: ignore[misc]
        intercepted_binops = frozenset(["*", "**", "+", "%"])

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            for name in BOUNDED_FILTERS:
                self.filters[name] = _bounded_filter(name, self.filters[name])

        def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
            _refuse(_binop_too_large(operator, left, right))
            return _checked(super().call_binop(context, operator, left, right), operator)

        def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805 - jinja2's names
            name = getattr(__obj, "__name__", "")
            if isinstance(getattr(__obj, "__self__", None), str) and name in WIDTHS:
                _refuse(_too_wide(name, (*args, *kwargs.values())))
            return _checked(super().call(__context, __obj, *args, **kwargs), f"{name}()")

    return Bounded


BOUNDED_FILTERS = ("center", "indent", "format", "replace", "join", "wordwrap", "list", "string")
"""Filters whose value is checked (and number arguments taken as widths): those that can make a value larger than
what they are given."""
WIDTHS = ("ljust", "rjust", "center", "zfill", "expandtabs")
"""Text methods whose number argument is the width of what they make."""


def sandbox(loader: jinja2.BaseLoader | None = None, **options: Any) -> jinja2.Environment:
    """A sandboxed environment with strict undefined names, no autoescaping, the trailing newline kept, and its
    compiled templates kept (``options``: more of jinja2's whitespace settings); operators that would make a huge
    value are refused (:func:`_bounded_class`)."""
    import jinja2

    options = {"autoescape": False, "keep_trailing_newline": True, "optimized": False, **options}
    return _bounded_class()(loader=loader, undefined=jinja2.StrictUndefined, bytecode_cache=_kept(options), **options)


def from_source(env: jinja2.Environment, source: str, name: str) -> jinja2.Template:
    """``env.from_string(source)``, its compiled code kept under ``name`` (the file it comes from: a later edit
    replaces what was kept; the compiled code names it too, so its frames are known as the designer's)."""
    cache = env.bytecode_cache
    if cache is None:
        return env.template_class.from_code(env, env.compile(source, name, name), env.make_globals(None), None)
    bucket = cache.get_bucket(env, name, None, source)
    if bucket.code is None:
        bucket.code = env.compile(source, name, name)
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
def template_line(exc: BaseException, name: str) -> int | None:
    """The line of the template compiled as ``name`` where ``exc`` was raised (None when it was not in the template)."""
    line = None
    tb = exc.__traceback__
    while tb is not None:
        frame = tb.tb_frame
        if frame.f_code.co_filename == name:
            template = frame.f_globals.get("__jinja_template__")  # the compiled code itself: its line mapped back
            line = template.get_corresponding_lineno(tb.tb_lineno) if template is not None else tb.tb_lineno
        tb = tb.tb_next
    return line


@lru_cache(maxsize=None)
def rule_templates(folder: str) -> jinja2.Environment:
    """The environment of the built-in rule-sheet templates in ``folder`` (one per process: it holds them once
    loaded); ``plural`` is the one filter they add: ``{{ n | plural("card") }}``."""
    import jinja2

    env = sandbox(jinja2.FileSystemLoader(folder), trim_blocks=True, lstrip_blocks=True)
    env.filters["plural"] = plural
    return env


MAX_RENDERED = 10_000_000
"""The most characters a kit's rule sheet may hold once rendered (its source holds at most 1 MB)."""
SHEET_MEGABYTES = 512
"""Memory the rendering of a kit's rule sheet may add, in MB (at most: a kit's ``memory_limit`` may set less)."""


def render_sheet(text: str, context: dict[str, Any], filename: str, shown: str, folder: Path, display: str,
                 limits: Limits) -> str:
    """A kit's rules.md (``text``, the file ``filename``, ``shown`` in messages) rendered in the sandbox within the
    kit's CPU-time limit per call (the watchdog watches ``folder``) and a bound on memory; whatever goes wrong is one
    ConfigError naming ``shown`` and the template's line."""
    import jinja2

    from printkit.errors import ConfigError
    from printkit.guard.limits import bounded
    from printkit.guard.watchdog import TimeLimit, overrun, watch

    watch(folder, display, limits)
    try:
        with bounded(Limits(limits.seconds, min(limits.megabytes, SHEET_MEGABYTES), limits.key)):
            rendered = from_source(rule_sheets(), text, filename).render(**context)
    except jinja2.TemplateSyntaxError as exc:
        raise ConfigError(f"{shown}:{exc.lineno}", "", f"template error: {exc.message}") from None
    except (Exception, TimeLimit) as exc:  # the designer's template (a real Ctrl-C goes on as it is)
        line = template_line(exc, filename)
        raise ConfigError(f"{shown}:{line}" if line else shown, "", _trouble(exc, overrun())) from None
    if len(rendered) > MAX_RENDERED:
        raise ConfigError(shown, "", f"the rule sheet holds {len(rendered):,} characters once rendered: at most "
                                     f"{MAX_RENDERED:,} (does a loop repeat too much?)")
    return rendered


def _trouble(exc: BaseException, stopped: Any) -> str:
    """What went wrong in a template, in the designer's terms."""
    import jinja2

    from printkit.guard.watchdog import TimeLimit

    if isinstance(exc, TimeLimit):
        return f"template error: {stopped.reason() if stopped is not None else 'past the CPU-time limit'}"
    if isinstance(exc, MemoryError):
        return f"template error: more memory than a rule sheet may take ({SHEET_MEGABYTES} MB): does something grow without end?"
    if isinstance(exc, TypeError) and "no loader" in str(exc):
        return ("template error: {% include %}, {% import %}, {% from %} and {% extends %} are not available: a rule "
                "sheet is one file")
    if isinstance(exc, (jinja2.TemplateError, jinja2.exceptions.SecurityError)):
        return f"template error: {exc}"
    reason = str(exc).splitlines()[0] if str(exc) else ""
    return f"template error: {type(exc).__name__}{': ' + reason if reason else ''}"


def not_computed(name: str, why: str) -> Any:
    """A value for templates that was not computed (``{{ sheet.total }}`` of a kit printed with ``--no-code``): it prints
    as ``[sheet.total: WHY]``, iterates as nothing, and any arithmetic with it is an error that says ``why``."""
    import jinja2

    class NotComputed(jinja2.ChainableUndefined):  # type: ignore[misc]
        def __str__(self) -> str:
            return f"[{self._undefined_name or name}: {why}]"

        def _fail_with_undefined_error(self, *args: Any, **kwargs: Any) -> Any:
            raise jinja2.UndefinedError(f"{self._undefined_name or name} is not computed ({why})")

        def __getattr__(self, attr: str) -> Any:
            if attr[:2] == "__":
                raise AttributeError(attr)
            return NotComputed(name=f"{self._undefined_name or name}.{attr}")

        __getitem__ = __getattr__

    return NotComputed(name=name)
