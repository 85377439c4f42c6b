"""The ``cueref`` command. Command groups live in ``cueref.commands.*`` and register themselves.

User mistakes (a missing file, a malformed record, a bad option) end as one line on stderr and exit code 2,
never a traceback.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys

import typer

from adjudicator.errors import CuerefError

app = typer.Typer(
    name="cueref", help="A computer-vision referee for pool (14.1 continuous, 8-ball, 9-ball, 10-ball).",
    no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False,
)


@app.callback()
def _root() -> None:
    """A computer-vision referee for pool (14.1 continuous, 8-ball, 9-ball, 10-ball)."""


def _load_commands() -> None:
    import cueref.commands as pkg

    for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"cueref.commands.{info.name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(app)


_load_commands()


def main(argv: list[str] | None = None) -> int:
    """Entry point: run the app, turning project errors into one clear line and exit code 2."""
    try:
        app(args=argv, standalone_mode=False)
    except CuerefError as exc:
        print(f"cueref: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("cueref: interrupted", file=sys.stderr)
        return 130
    except SystemExit as exc:  # typer/click exit paths (--help, usage errors)
        return int(exc.code or 0) if isinstance(exc.code, int) else 1
    except Exception as exc:  # click usage errors arrive here in non-standalone mode
        import click

        if isinstance(exc, click.exceptions.ClickException):
            exc.show()
            return 2
        if isinstance(exc, click.exceptions.Exit):
            return exc.exit_code
        if isinstance(exc, click.exceptions.Abort):
            return 1
        raise
    return 0


if __name__ == "__main__":
    sys.exit(main())
