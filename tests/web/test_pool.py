"""The server's worker pool (attnlogic/web/pool.py) on its own, with cheap jobs: answers,
the job's own errors, and each way a job is stopped — past its deadline (killed and
replaced), over the memory bound, by the worker's death, or never started because every
worker stayed busy — and jobs on different workers not waiting for each other.  The runner
is ``operator.call``, so a job is any picklable function and its arguments."""

from __future__ import annotations

import asyncio
import os
import time

import pytest

from attnlogic import ltl

pytest.importorskip("starlette")

from attnlogic.web.pool import JobFailed, Refused, WorkerPool  # noqa: E402


async def _until(condition, what: str, seconds: float = 60) -> None:
    """A hang guard: wait until ``condition()``, else fail naming ``what``."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not within {seconds} s")
        await asyncio.sleep(0.05)


def test_the_pool_answers_stops_and_replaces():
    async def main():
        pool = WorkerPool(2, "operator:call", memory=512 * 2 ** 20)
        await pool.start()
        loop = asyncio.get_running_loop()

        def soon(seconds: float = 30.0) -> float:
            return loop.time() + seconds

        try:
            assert await pool.run((len, "abcd"), soon()) == 4
            # the job's own errors come back as they are, in one line, never a traceback
            with pytest.raises(JobFailed) as bad:
                await pool.run((ltl.parse, "P (a &"), soon())
            assert bad.value.kind == "input" and bad.value.details[-1].strip() == "^"
            with pytest.raises(JobFailed) as bug:
                await pool.run((int, "x"), soon())
            assert bug.value.kind == "internal" and str(bug.value).startswith("ValueError: ")
            # past its deadline a job is stopped: its worker killed, and replaced
            with pytest.raises(Refused) as late:
                await pool.run((time.sleep, 60), soon(0.3))
            assert late.value.budget == "time" and pool.killed == 1
            await _until(lambda: pool.alive() == 2 and pool.started == 3, "the replacement worker")
            # over the memory bound: refused, and the worker answers again
            with pytest.raises(Refused) as big:
                await pool.run((bytearray, 2 ** 31), soon())
            assert big.value.budget == "memory"
            assert await pool.run((len, "ab"), soon()) == 2
            # a worker that dies is reported, and replaced
            with pytest.raises(Refused) as dead:
                await pool.run((os._exit, 3), soon())
            assert dead.value.budget == "memory"
            await _until(lambda: pool.alive() == 2, "the replacement of the dead worker")
            # two workers: a quick job is not held up by a slow one on the other worker,
            # and a third job finds no worker free before its deadline
            done = []

            async def job(name, args, deadline):
                try:
                    await pool.run(args, deadline)
                    done.append(name)
                except Refused as exc:
                    done.append(f"{name}: {exc.budget}")

            slow = asyncio.ensure_future(job("slow", (time.sleep, 1.5), soon()))
            await asyncio.sleep(0.1)
            await job("quick", (len, "x"), soon())
            assert done == ["quick"]
            other = asyncio.ensure_future(job("other", (time.sleep, 1.5), soon()))
            await asyncio.sleep(0.1)
            await job("third", (len, "y"), soon(0.2))
            await asyncio.gather(slow, other)
            assert done[1] == "third: busy" and sorted(done[2:]) == ["other", "slow"]
            from multiprocessing import forkserver
            server = forkserver._forkserver._forkserver_pid
        finally:
            pool.close()
        # closed: no worker and no fork server left behind
        assert pool.alive() == 0
        with pytest.raises(ProcessLookupError):
            os.kill(server, 0)

    asyncio.run(main())
