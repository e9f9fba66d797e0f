"""A running ``attnlogic serve`` for the page's tests: one server per test session (per
xdist worker), started as the user starts it (``python -m attnlogic serve --port 0``) in an
empty working directory, stopped at the end.  The tests skip where the web extra is not
installed."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: the server's budgets in the tests: generous for the page, small enough for the load test
SERVER_ARGS = ["--port", "0", "--workers", "2", "--time-budget", "30", "--worker-memory", "3G"]


def _web_extra() -> bool:
    try:
        import httpx  # noqa: F401
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        return False
    return True


class Server:
    """A server process: ``url`` (``http://127.0.0.1:PORT``), ``cwd`` (its working
    directory), ``process``."""

    def __init__(self, cwd: Path, args=SERVER_ARGS):
        self.cwd = cwd
        env = {**os.environ, "PYTHONPATH": ""}
        self.process = subprocess.Popen([sys.executable, "-m", "attnlogic", "serve", *args], cwd=cwd,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        deadline = time.monotonic() + 120          # a hang guard: the server announces itself
        line = ""
        while "http://" not in line:
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"the server did not start: {line!r} {self.process.stderr.read()[-2000:]}")
            ready, _, _ = select.select([self.process.stdout], [], [], 1.0)
            if ready:
                line = self.process.stdout.readline()
        self.announce = line.strip()
        self.url = line.split("http://", 1)[1].split("/", 1)[0]
        self.url = "http://" + self.url

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    if not _web_extra():
        pytest.skip("the web extra is not installed: pip install 'attnlogic[web,webtest]'")
    s = Server(tmp_path_factory.mktemp("serve-cwd"))
    yield s
    s.stop()


@pytest.fixture()
def client(server):
    import httpx

    with httpx.Client(base_url=server.url, timeout=60) as c:
        yield c
