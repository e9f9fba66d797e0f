"""The web application: the page (static HTML, CSS and JavaScript shipped in the package)
and its JSON API, thin over :mod:`.jobs`.

Routes::

    GET  /                  the page (static/index.html)
    GET  /static/…          its script and style sheet
    GET  /api/info          fragments, optional classes and the server's budgets
    GET  /api/health        {"ok": true, "workers": alive workers}
    POST /api/language      classify          (JSON in, JSON out)
    POST /api/verify        verify a certificate or a witness pair
    POST /api/separate      separate two fragments
    POST /api/separate_languages  can a class separate two languages (``separate --by``)
    POST /api/compile       compile, and each prefix of a word: the DFA's and the model's answer
    POST /api/download      the compiled model's safetensors or JSON sidecar (bytes)
    POST /api/census        the census, filtered by profile
    POST /api/extract       the DFA a model computes (a compiled or an uploaded one), classified,
                            against the language (:mod:`.extract_job`)

Every API request is checked before any work (:mod:`.schema`: size, fields, types; one line
naming the field, HTTP 400; a body over the cap: 413) and runs in a worker process
(:mod:`.pool`) under the :class:`Settings`' budgets: its time (the deadline counts the wait
for a worker), the worker's memory, and a :class:`~attnlogic.kernel.limits.Limits` for the states
of every automaton and the other exponential steps.  A budget hit is answered with one line
saying which (HTTP 422, or 503 when every worker stayed busy), bad input with the library's
one-line message (and the caret lines of a formula), HTTP 400; never a traceback.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import time
from dataclasses import dataclass, field
from pathlib import Path

from attnlogic.kernel.limits import (CENSUS_DFAS, DEFAULT_WORKER_MEMORY, Limits, SERVER_SECONDS,
                                     SERVER_STATE_LIMIT)

from .pool import JobFailed, Refused, WorkerPool, default_size
from .schema import BadRequest, check_request

__all__ = ["Settings", "create_app", "STATIC"]

STATIC = Path(__file__).resolve().parent / "static"


@dataclass(frozen=True)
class Settings:
    """The server's budgets: ``time_budget`` (seconds per request, the wait for a worker
    included), ``memory`` (bytes of each worker's address space), ``max_states`` (states of a
    language's automaton), ``limit`` (the :class:`~attnlogic.kernel.limits.Limits` alias: semigroup
    elements, type-automaton and synthesis states), ``max_depth``, ``search_budget`` and
    ``certificate_factor`` (as for classify), ``workers`` (processes; default one per core),
    ``max_body`` (bytes of a request), ``max_dfas`` (DFAs of a census)."""

    time_budget: float = SERVER_SECONDS
    memory: int = DEFAULT_WORKER_MEMORY
    max_states: int = SERVER_STATE_LIMIT
    # the classifier's budgets: the library's defaults (a Limits field's default; ``limit``
    # sets the fields of LIMIT_ALIAS, whose default is semigroup_elements')
    limit: int = Limits.semigroup_elements
    max_depth: int = Limits.max_depth
    search_budget: int = Limits.search_budget
    certificate_factor: int = Limits.certificate_factor
    workers: int = field(default_factory=default_size)
    max_body: int = 2 * 2 ** 20
    max_dfas: int = CENSUS_DFAS

    def limits(self, request: dict) -> Limits:
        """The request's :class:`Limits`: the server's, lowered by the request's ``max_states``."""
        states = min(self.max_states, request.get("max_states") or self.max_states)
        return Limits.of(limit=self.limit, state_limit=states, memory_budget=self.memory // 2,
                         max_depth=self.max_depth, search_budget=self.search_budget,
                         certificate_factor=self.certificate_factor)


#: library parameters bounded by ``attnlogic serve --limit`` (the others: --max-states, --worker-memory)
LIMIT_PARAMETERS = {"limit", "semigroup_elements", "type_states", "synthesis_states"}


def raise_hint(budget: str, settings: Settings, kind: str, params: dict) -> str:
    """What a refusal by ``budget`` (``time``, ``busy``, ``memory``, ``states``, ``limit``)
    adds: the ``attnlogic serve`` option that sets this server's budget, with its value, and
    the command line that asks the same question without the page's budgets."""
    from .extract_job import extract_cli_line
    from .jobs import cli_line

    option, value = {"time": ("--time-budget", f"{settings.time_budget:g}"),
                     "busy": ("--workers", f"{settings.workers}"),
                     "memory": ("--worker-memory", f"{settings.memory / 2 ** 30:g}G"),
                     "states": ("--max-states", f"{settings.max_states}"),
                     "limit": ("--limit", f"{settings.limit}")}[budget]
    hint = (f". This page's budget is `attnlogic serve {option} {value}`: whoever runs the server can "
            f"restart it with a larger {option}")
    line = extract_cli_line(params) if kind == "extract" else cli_line(kind, params)
    if line is not None and line.startswith("printf "):      # a file's text: named, not inlined
        line = line[line.rindex(" | attnlogic ") + 3:].replace("--dfa -", "--dfa FILE", 1)
    return hint + (f"; or run the command line: {line}" if line else "")


def _error(status: int, message: str, **extra):
    from starlette.responses import JSONResponse

    return JSONResponse({"error": message, **extra}, status_code=status)


async def _body(request, cap: int):
    """The request's JSON value; a 4xx response for a body over ``cap`` bytes, not UTF-8, or
    not JSON."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > cap:
        return _error(413, f"the request is {int(declared):,} bytes; at most {cap:,} are read")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > cap:
            return _error(413, f"the request is over {cap:,} bytes; at most {cap:,} are read")
        chunks.append(chunk)
    raw = b"".join(chunks)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return _error(400, f"the request is not valid UTF-8 (byte {exc.start + 1})")
    try:
        return json.loads(text)
    except RecursionError:
        return _error(400, "the request is nested too deeply")
    except ValueError as exc:
        return _error(400, f"the request is not JSON: {exc}"[:300])


def create_app(settings: Settings | None = None, pool: WorkerPool | None = None):
    """The Starlette application; it starts its worker pool when it starts (ASGI lifespan)
    and stops it when it stops.  ``on_ready(app)``, when set on ``app.state``, is called
    once the workers are up.  (Starlette is imported here: the module imports without the
    web extra.)"""
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import FileResponse, JSONResponse, Response
    from starlette.routing import Mount, Route
    from starlette.staticfiles import StaticFiles

    settings = settings or Settings()
    pool = pool or WorkerPool(settings.workers, "attnlogic.web.worker:run", memory=settings.memory,
                              preload=["attnlogic.web.preload"])

    @contextlib.asynccontextmanager
    async def lifespan(app):
        await pool.start()
        ready = getattr(app.state, "on_ready", None)
        if ready is not None:
            ready(app)
        try:
            yield
        finally:
            pool.close()

    async def page(request: Request):
        return FileResponse(STATIC / "index.html", media_type="text/html; charset=utf-8")

    async def info(request: Request):
        from .jobs import fragment_choices, optional_classes
        return JSONResponse({"fragments": fragment_choices((2, 3, 4)), "classes": optional_classes(),
                             "budgets": {"time_budget": settings.time_budget, "memory": settings.memory,
                                         "max_states": settings.max_states, "limit": settings.limit,
                                         "max_depth": settings.max_depth,
                                         "search_budget": settings.search_budget,
                                         "certificate_factor": settings.certificate_factor,
                                         "workers": settings.workers, "max_body": settings.max_body,
                                         "max_dfas": settings.max_dfas}})

    async def health(request: Request):
        return JSONResponse({"ok": True, "workers": pool.alive(), "started": pool.started,
                             "killed": pool.killed})

    async def api(request: Request):
        kind = request.path_params["kind"]
        body = await _body(request, settings.max_body)
        if isinstance(body, Response):
            return body
        try:
            params = check_request(kind, body)
        except BadRequest as exc:
            return _error(400, str(exc))
        budget = min(settings.time_budget, params.pop("time_budget", settings.time_budget))
        limits = settings.limits(params)
        params.pop("max_states", None)
        if kind == "census":
            params["max_dfas"] = settings.max_dfas
        if kind == "extract":            # the learning takes a share of what is left (extract_job)
            params["deadline"] = time.time() + budget
        loop = asyncio.get_running_loop()
        try:
            answer = await pool.run((kind, params, limits.to_json()), loop.time() + budget)
        except Refused as exc:
            what = {"time": f"the time budget of {budget:g} s ran out: the computation was stopped",
                    "busy": f"every worker stayed busy for the whole time budget of {budget:g} s",
                    "memory": "the memory budget of the computation ran out: it was stopped"}[exc.budget]
            return _error(503 if exc.budget == "busy" else 422,
                          f"refused: {what}" + raise_hint(exc.budget, settings, kind, params), budget=exc.budget)
        except JobFailed as exc:
            if exc.kind == "limit":
                budget_name = "memory" if "memory_budget" in exc.parameters else "states"
                option = "limit" if set(exc.parameters) & LIMIT_PARAMETERS else budget_name
                return _error(422, f"refused: {exc}" + raise_hint(option, settings, kind, params),
                              budget=budget_name, parameters=exc.parameters)
            if exc.kind == "input":
                return _error(400, str(exc), details=exc.details, parameters=exc.parameters)
            return _error(500, f"internal error: {exc}")
        if kind == "download":
            return Response(base64.b64decode(answer["data"]), media_type=answer["media_type"],
                            headers={"Content-Disposition": f'attachment; filename="{answer["filename"]}"'})
        return JSONResponse(answer)

    routes = [Route("/", page), Route("/index.html", page), Route("/api/info", info),
              Route("/api/health", health),
              Route("/api/{kind:str}", _only_jobs(api), methods=["POST"]),
              Mount("/static", app=StaticFiles(directory=str(STATIC)), name="static")]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.pool = pool
    app.state.settings = settings
    return app


def _only_jobs(handler):
    from .schema import FIELDS

    async def route(request):
        if request.path_params["kind"] not in FIELDS:
            return _error(404, f"no such question: /api/{request.path_params['kind']}"[:200])
        try:
            return await handler(request)
        except asyncio.CancelledError:    # the server stops (Ctrl-C) while the request runs
            return _error(503, "refused: the server is stopping", budget="busy")
        except Exception as exc:          # a bug of ours: named in one line, never a traceback
            return _error(500, f"internal error: {type(exc).__name__}: {exc}"[:300])
    return route
