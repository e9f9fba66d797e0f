"""``attnlogic serve``: the whole pipeline in a browser page, on this machine.

A local web application (Starlette on uvicorn, the optional extra ``attnlogic[web]``): type
a formula or a regex, or upload a DFA file, and see its minimal DFA, its classification by
fragment and attention pattern with every certificate and witness (and re-check one),
separate two fragments, compile the language into a transformer and watch it read a word,
and browse the census of small languages.  The page is plain HTML, CSS and JavaScript
shipped in the package (``attnlogic/web/static/``): it works offline.  docs/web.md shows it.

* :mod:`.app` — the routes and the request checks (:mod:`.schema`), thin over
* :mod:`.jobs` — each question as a pure function through the Python API, run in
* :mod:`.pool` — worker processes with a deadline per request (killed past it) and a
  memory bound each; :mod:`.worker` is what they run.

:func:`serve` binds 127.0.0.1 unless told otherwise.
"""

from __future__ import annotations

__all__ = ["serve", "WEB_EXTRA_MISSING"]

#: what to say when the extra is not installed
WEB_EXTRA_MISSING = "the web page needs the web extra: pip install 'attnlogic[web]' (Starlette and uvicorn)"


def serve(host: str = "127.0.0.1", port: int = 8000, settings=None, announce=print) -> None:
    """Serve the page on ``host``:``port`` (0: any free port) until interrupted.
    ``announce(line)`` is told the address once the workers are up."""
    import socket

    import uvicorn

    from attnlogic.kernel.limits import SERVER_CONNECTIONS

    from .app import Settings, create_app

    settings = settings or Settings()
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    bound = sock.getsockname()[1]
    app = create_app(settings)
    shown = f"[{host}]" if family == socket.AF_INET6 else host
    if host not in ("127.0.0.1", "localhost", "::1"):
        import sys
        print(f"attnlogic serve: warning: listening on {host}: other machines can reach the page "
              "(it has no authentication)", file=sys.stderr)
    app.state.on_ready = lambda app: announce(
        f"attnlogic serve: http://{shown}:{bound}/  ({settings.workers} workers, "
        f"{settings.time_budget:g} s per request; Ctrl-C stops)")
    config = uvicorn.Config(app, log_level="warning", lifespan="on", limit_concurrency=SERVER_CONNECTIONS,
                            timeout_keep_alive=5, h11_max_incomplete_event_size=64 * 1024,
                            timeout_graceful_shutdown=1)      # Ctrl-C: running requests get a second
    uvicorn.Server(config).run(sockets=[sock])
