"""The ``attnlogic`` command line: a thin layer over the Python API.

Each subcommand lives in ``attnlogic/commands/<name>.py`` and provides

* ``HELP``: one line for the command list;
* ``add_arguments(parser)``: its options (no heavy imports at module level);
* ``run(args) -> int``: does the work through the Python API and returns the exit status.

Bad input raises :class:`attnlogic.kernel.errors.AttnlogicError`; ``main`` prints it as one line
on stderr (plus a caret excerpt for formulas) and returns 2.  Nothing here imports torch, so
``attnlogic --help`` starts fast.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from .kernel.errors import AttnlogicError

#: subcommands in the order ``--help`` lists them
COMMANDS = [
    "parse", "eval", "dfa", "classify", "separate", "verify", "census",
    "compile", "check", "extract", "experiment", "rmt", "demo", "serve",
]


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors as one line and exit status 2, and reads a
    command's words wherever they stand among its options (``eval 'Y a' --json ab``):
    intermixed parsing, for the parsers that have no subcommands of their own."""

    _intermixing = False

    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message}\n")

    def parse_known_args(self, args=None, namespace=None):
        if self._intermixing or any(isinstance(a, argparse._SubParsersAction) for a in self._actions):
            return super().parse_known_args(args, namespace)
        self._intermixing = True       # parse_known_intermixed_args calls back into this method
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._intermixing = False


def _load(name: str):
    try:
        return importlib.import_module(f"attnlogic.commands.{name}")
    except ModuleNotFoundError as exc:
        if exc.name == f"attnlogic.commands.{name}":
            return None
        raise


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command; with ``command`` (one of :data:`COMMANDS`), the options
    of that command only (the others are listed with their one-line help: what a run of that
    command needs, so that start-up builds one command's options, not thirteen)."""
    from . import __version__
    from .commands._common import HelpFormatter

    parser = _Parser(
        prog="attnlogic",
        description="Temporal logic over the past, automata, algebra and transformers: "
                    "which attention pattern recognises which language, with proofs.",
    )
    parser.add_argument("--version", action="version", version=f"attnlogic {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in COMMANDS:
        if command is not None and name != command:
            sub.add_parser(name)              # a name to choose only: its module is not loaded
            continue
        module = _load(name)
        if module is None:
            continue
        p = sub.add_parser(name, help=module.HELP, description=getattr(module, "DESCRIPTION", module.HELP),
                           formatter_class=HelpFormatter)
        module.add_arguments(p)
        p.set_defaults(_run=module.run, _options=_option_strings(p))
    return parser


def _option_strings(parser: argparse.ArgumentParser) -> frozenset[str]:
    """Every option of ``parser`` and of its subcommands' parsers (``rmt simulate``)."""
    out: set[str] = set()
    for action in parser._actions:
        out.update(action.option_strings)
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                out |= _option_strings(sub)
    return frozenset(out)


#: library parameters named by errors (AttnlogicError.parameters) → the flags that set them
PARAMETER_FLAGS = {"limit": "--limit", "max_depth": "--max-depth", "alphabet": "--alphabet",
                   "state_limit": "--max-states", "device": "--device", "out_dir": "--out",
                   "layernorm": "--layernorm", "fixed_point": "--fixed-point",
                   "search_budget": "--search-budget", "certificate_factor": "--certificate-factor",
                   "certificate_seconds": "--certificate-seconds",
                   "windows": "--window",
                   "formula": "F or --formula", "regex": "--regex", "dfa": "--dfa", "path": "--out",
                   "max_length": "--max-length", "samples": "--samples", "seed": "--seed",
                   "max_states": "--max-states", "max_bytes": None, "fragment": "A/B",
                   "witness": "--witness", "depth": "--depth",
                   "memory_budget": "--memory-budget", "model_memory": "--model-memory", "worker_memory": "--worker-memory", "classes": "--class", "max_dfas": "--max-dfas",
                   "semigroup_elements": "--limit", "type_states": "--limit",
                   "synthesis_states": "--limit", "check_states": None,
                   "syntax": "--syntax", "one_hot": "--one-hot",
                   "bos": "--bos", "eos": "--eos", "threshold": "--threshold", "class_index": "--class-index",
                   "argmax": "--argmax", "readout": "--readout", "time_budget": "--time-budget",
                   "exhaustive": "--exhaustive", "exhaustive_length": "--exhaustive", "model": "--model",
                   "long_length": "--max-length", "long_count": "--samples",
                   "instantiations": "--max-instantiations", "identities": "--identity", "out": "--out",
                   "backend": "--backend", "address": "--address", "each": "--each",
                   "max_queries": "--max-queries"}


def _command(argv) -> str | None:
    """The command a command line runs: its first word when that is one of
    :data:`COMMANDS` (the top-level parser has no option taking a value), else None."""
    for a in argv:
        if not a.startswith("-"):
            return a if a in COMMANDS else None
    return None


def _unencodable(argv) -> int | None:
    """The index of the first argument that is not valid UTF-8 (undecodable bytes arrive as
    lone surrogates and could not be printed back), or None."""
    for i, a in enumerate(argv):
        try:
            a.encode("utf-8")
        except UnicodeEncodeError:
            return i
    return None


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    bad = _unencodable(argv)
    if bad is not None:
        print(f"attnlogic: error: argument {bad + 1} is not valid UTF-8 text", file=sys.stderr)
        return 2
    if argv == ["--version"]:            # nothing to parse: no command is loaded
        from . import __version__

        print(f"attnlogic {__version__}")
        return 0
    parser = build_parser(_command(argv))
    args = parser.parse_args(argv)
    if not getattr(args, "_run", None):     # no command: the usage, on stderr (exit 2 is an error)
        parser.print_help(sys.stderr)
        return 2
    from .kernel.signals import interrupt_cause, stop_signals_raise

    try:
        with stop_signals_raise():     # SIGTERM and SIGHUP stop a command like Ctrl-C
            return int(args._run(args) or 0)
    except AttnlogicError as exc:
        options = getattr(args, "_options", frozenset())
        flags = [PARAMETER_FLAGS[p] for p in exc.parameters if PARAMETER_FLAGS.get(p)
                 and (not PARAMETER_FLAGS[p].startswith("--") or PARAMETER_FLAGS[p] in options)]
        where = f" [command line: {', '.join(flags)}]" if flags else ""
        print(f"attnlogic {args.command}: error: {exc}{where}", file=sys.stderr)
        for line in exc.details():
            print(line, file=sys.stderr)
        return 2
    except RecursionError:
        print(f"attnlogic {args.command}: error: input nested too deeply", file=sys.stderr)
        return 2
    except KeyboardInterrupt as exc:
        return _interrupted(args.command, exc)
    except BrokenPipeError:
        return 0
    except Exception as exc:
        # a Ctrl-C that lands while a compiled extension initialises comes back as the
        # extension's own error (ImportError "initialization failed") caused by it
        cause = interrupt_cause(exc)
        if cause is None:
            raise
        return _interrupted(args.command, cause)


def _interrupted(command: str, exc: BaseException) -> int:
    """Say that the command was stopped; the exit status of the interruption."""
    from .kernel.signals import exit_status, forget_unhandled_interrupt, interruption

    forget_unhandled_interrupt()
    print(f"\nattnlogic {command}: interrupted ({interruption(exc)}): stopped; every file "
          "written is complete (outputs are written atomically), nothing partial is left", file=sys.stderr)
    return exit_status(exc)
