"""The command line's one contract for mistakes: whatever went wrong (a value in a file, a log line, an
option click could not parse, a control character in an argument), the user sees exactly one
``error: ...`` line on standard error and the exit code is 1. ``--help`` and a bare ``printkit`` show
the help (exit 0); an interrupted run exits 130.

:class:`Group` holds the contract for every command, so commands added later get it for free.
"""

from __future__ import annotations

from typing import Any, Collection, Sequence

import click

from printkit.errors import PrintkitError
from printkit.userinput.files import reason
from printkit.userinput.text import SHOWN, printable, quoted, refuse_controls


class CommandLineError(click.ClickException):
    """A mistake on the command line, shown as one ``error:`` line with exit code 1."""

    exit_code = 1

    def show(self, file: Any = None) -> None:
        click.echo(f"error: {printable(self.message)}", err=True)


ECHOED = 1_000
"""An argument longer than this (no path is) is shown short wherever a message repeats it in full."""


def _shortened(text: str, argv: Sequence[str], longer_than: int = ECHOED) -> str:
    """``text`` with every argument longer than ``longer_than`` that it repeats (as written or quoted) shown short:
    the net under the quoting each message does itself, for messages that repeat a path or a library's words."""
    for arg in sorted({a for a in argv if len(a) > longer_than}, key=len, reverse=True):
        text = text.replace(repr(arg), quoted(arg)).replace(f"'{arg}'", quoted(arg)).replace(arg, quoted(arg))
    return text


def _lower_first(text: str) -> str:
    return text[0].lower() + text[1:] if text[:1].isupper() and text[1:2].islower() else text


def usage_line(exc: click.ClickException, argv: Sequence[str], commands: Collection[str] = ()) -> str:
    """click's complaint as one line: the option first, then what is wrong, then where the help is."""
    ctx = getattr(exc, "ctx", None)
    if isinstance(exc, click.BadParameter) and not isinstance(exc, click.MissingParameter) and (exc.param_hint or exc.param):
        hint = exc.param_hint if isinstance(exc.param_hint, str) else exc.param.get_error_hint(ctx) if exc.param else ""
        text = f"{hint.replace(chr(39), '')}: {_lower_first(exc.message)}"
    else:
        text = _lower_first(exc.format_message())
    param = getattr(exc, "param", None)
    is_path = param is not None and isinstance(param.type, click.Path)
    text = _shortened(" ".join(text.split()), argv, ECHOED if is_path else SHOWN).rstrip(".")
    where = ctx.command_path if ctx is not None else "printkit"
    if ctx is None or isinstance(ctx.command, click.Group):  # found before the command's own context was made
        where += "".join(f" {arg}" for arg in argv[:1] if arg in commands)
    return f"{text} (see `{where} --help`)"


def refuse_control_characters(argv: Sequence[str]) -> None:
    """No argument may hold a control character (an ANSI escape would reach the terminal, a NUL a file name);
    the complaint names the option the argument belongs to (``--set``), else its position."""
    for number, arg in enumerate(argv, start=1):
        problem = refuse_controls(arg)
        if problem is None:
            continue
        before = argv[number - 2] if number > 1 else ""
        if arg.startswith("--") and "=" in arg:
            where, problem = arg.split("=", 1)[0], refuse_controls(arg.split("=", 1)[1]) or problem
        elif before.startswith("-") and "=" not in before and not arg.startswith("-"):
            where = before
        else:
            where = f"command line: argument {number}"
        raise CommandLineError(f"{printable(where)}: {problem}")


INTERRUPTED = 130
"""The exit code of a command stopped by Ctrl-C or SIGTERM (128 + SIGINT, as shells report it)."""


class Group(click.Group):
    """A click group whose every mistake, in any command, is one ``error:`` line and exit code 1."""

    _argv: Sequence[str] = ()

    def make_context(self, info_name: str | None, args: list[str], parent: click.Context | None = None,
                     **extra: Any) -> click.Context:
        self._argv = tuple(args)
        refuse_control_characters(args)
        try:
            return super().make_context(info_name, args, parent, **extra)
        except KeyboardInterrupt:  # Ctrl-C before the command starts: as after
            click.echo("stopped (Ctrl-C)", err=True)
            raise click.exceptions.Exit(INTERRUPTED) from None
        except click.exceptions.NoArgsIsHelpError as exc:
            click.echo(exc.ctx.get_help() if exc.ctx is not None else "")
            raise click.exceptions.Exit(0) from None
        except CommandLineError:
            raise
        except click.ClickException as exc:
            raise CommandLineError(usage_line(exc, args, self.commands)) from None

    def invoke(self, ctx: click.Context) -> Any:
        try:
            from printkit.guard.watchdog import TimeLimit, guard_command, on_stuck
            from printkit.interrupts import mark_interrupts
            from printkit.kitgame.blame import DesignerExit, end_stuck, escaped
        except KeyboardInterrupt:
            click.echo("stopped (Ctrl-C)", err=True)
            ctx.exit(INTERRUPTED)

        mark_interrupts()
        guard_command()
        try:
            with on_stuck(end_stuck):
                return super().invoke(ctx)
        except KeyboardInterrupt:  # Ctrl-C where a command has nothing of its own to say
            click.echo("stopped (Ctrl-C)", err=True)
            ctx.exit(INTERRUPTED)
        except PrintkitError as exc:
            raise self._told(ctx, exc) from None
        except BrokenPipeError:
            ctx.exit(1)
        except RuntimeError as exc:  # Python 3.11 wraps what __set_name__ raises while a class is made, Ctrl-C too
            if not isinstance(exc.__cause__, KeyboardInterrupt):
                raise
            click.echo("stopped (Ctrl-C)", err=True)
            ctx.exit(INTERRUPTED)
        except OSError as exc:  # a path the system refuses (too long, ...) met outside printkit's own checks
            if exc.filename is None:
                raise
            raise CommandLineError(_shortened(f"{exc.filename}: {reason(exc)}", self._argv)) from None
        except CommandLineError:
            raise
        except click.ClickException as exc:
            raise CommandLineError(usage_line(exc, self._argv, self.commands)) from None
        except (TimeLimit, DesignerExit, SystemExit) as exc:  # a kit's code stopped or ending where printkit called it untold
            error = escaped(exc)
            if error is None:
                raise
            raise self._told(ctx, error) from None

    def _told(self, ctx: click.Context, exc: PrintkitError) -> CommandLineError:
        """``exc`` as the command's one error line (with ``--debug``, an error in a kit's rules.py prints the designer's
        traceback first)."""
        detail = getattr(exc, "debug", "")
        if ctx.params.get("debug") and detail:
            click.echo(detail, err=True)
        return CommandLineError(_shortened(str(exc), self._argv))
