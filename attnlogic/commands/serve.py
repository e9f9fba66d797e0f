"""``attnlogic serve``: the page in a browser (the optional extra ``attnlogic[web]``)."""

from __future__ import annotations

HELP = "serve the page: classify, verify, separate, compile and the census in a browser"
DESCRIPTION = """\
Serve a local web page on http://127.0.0.1:PORT/ (nothing else can reach it unless --host
says so): type a formula or a regex, or upload a DFA file (JSON, HOA, DOT, MONA DOT, AT&T,
GraphML, a pleb program), and see its minimal DFA, the classification by fragment and attention pattern
with every certificate or witness (a verify button re-checks it), separate two fragments,
compile the language and watch the model read a word beside the DFA, download the weights,
and browse the census of small languages.  Every answer has a link reproducing it and the
equivalent command line.  The page ships in the package: it works offline.

Each request runs in a worker process (one per core, --workers) under the budgets below; a
request that hits one is answered with a one-line refusal, and its worker is stopped.
Needs the web extra: pip install 'attnlogic[web]'.

Examples:
  attnlogic serve
  attnlogic serve --port 8765 --time-budget 10
"""


def add_arguments(parser) -> None:
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1: this machine only)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000; 0: any free port)")
    from ._common import add_server_budget_arguments

    add_server_budget_arguments(parser)


def run(args) -> int:
    import importlib.util
    import math
    import sys

    from attnlogic.kernel.errors import InputError

    if not 0 <= args.port <= 65535:
        raise InputError(f"--port must be between 0 and 65535, got {args.port}")
    if importlib.util.find_spec("starlette") is None or importlib.util.find_spec("uvicorn") is None:
        from attnlogic.web import WEB_EXTRA_MISSING
        print(f"attnlogic serve: {WEB_EXTRA_MISSING}", file=sys.stderr)
        return 2
    from dataclasses import replace

    from attnlogic.web import serve          # the web stack itself is imported by serve()
    from attnlogic.web.app import Settings

    settings = Settings()
    for name, parameter, value, least in (("time_budget", "time_budget", args.time_budget, 0.05),
                                          ("memory", "worker_memory", args.worker_memory, 2 ** 28),
                                          ("max_states", "max_states", args.max_states, 1),
                                          ("limit", "limit", args.limit, 1), ("workers", "workers", args.workers, 1)):
        if value is not None:
            if not (value >= least and math.isfinite(value)):     # NaN and inf refused too
                raise InputError(f"{parameter.replace('_', ' ')}: must be a finite number of at least "
                                 f"{least:,}{' seconds' if name == 'time_budget' else ''}, got {value:,}",
                                 parameters=(parameter,))
            settings = replace(settings, **{name: value})
    from attnlogic.kernel.limits import Limits

    # the classifier's budgets, validated by the library (an error names the flag)
    Limits.of(max_depth=args.max_depth, search_budget=args.search_budget,
              certificate_factor=args.certificate_factor)
    settings = replace(settings, **{name: getattr(args, name) for name in
                                    ("max_depth", "search_budget", "certificate_factor")
                                    if getattr(args, name) is not None})
    # a line at once: the web stack, then the workers' warm-up (torch), take seconds
    print(f"attnlogic serve: starting on {args.host}:{args.port} (loading the web stack, then "
          f"warming up {settings.workers} worker process{'es' * (settings.workers != 1)}; the address follows)", flush=True)
    try:
        serve(args.host, args.port, settings, announce=lambda line: print(line, flush=True))
    except OSError as exc:
        raise InputError(f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}") from None
    return 0
