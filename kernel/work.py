"""The certificates' share of a classification's work, counted in steps (no wall clock).

A classification first decides, then proves: the certificates (formulas synthesised,
simplified, checked exactly, shrunk, and searched for smaller ones) must never cost more
than a small multiple of the decisions.  Both sides are counted in the same unit, a
*step*, by deterministic counts of what each stage builds (states explored, cells of a
table, nodes of a formula, candidates of a search), each count weighted by the measured
cost of one item, so that a step is about one microsecond of one core of the development
machine (``python -m benchmarks certificates`` prints the time ratio it gives).

A :class:`WorkMeter` keeps the two sums:

    allowance = floor + factor × (decision steps so far) − (certificate steps so far)

A certificate stage asks :meth:`WorkMeter.left` before it starts (and lowers its own bound
to it), then :meth:`~WorkMeter.spend` what it did.  The allowance grows as decisions are
made, so whatever order the two interleave in, the certificates' steps never exceed
``floor + factor ×`` the decisions' steps, plus the overshoot of the last stage admitted
(each stage is admitted only with an estimate within what is left).  Deterministic: the
same input gives the same certificates on any machine, at any load.

Beyond the steps, a clock (issue 38): an answer whose certificate the step budget
refused is tried again without the step budget, within :func:`deadline` of
``certificate_seconds`` of the thread's CPU time (default 1 s; so that load on the
machine does not change what is built): a formula built in tens of
milliseconds is never withheld because the decisions were cheap.  The clock decides only
*whether* that certificate is built — the second try is deterministic (no step budget
lowers what it does), so a certificate printed is the same on any machine, and no verdict
ever depends on the clock (each is decided before any certificate work, and the second try
must agree with it).
"""

from __future__ import annotations

import ctypes
import sys
import threading
import time
from contextlib import contextmanager

from .errors import LimitExceeded

__all__ = ["WorkMeter", "unmetered", "deadline", "STEPS_PER_SECOND", "CertificateTimeout", "OverBudget", "STEP_FLAG", "TIME_FLAG", "DECISION_STEPS", "CELL_STEPS", "TYPE_STATE_STEPS",
           "MONOID_ELEMENT_STEPS", "CHECK_UNITS_PER_STEP", "CHECK_STEPS", "CHECK_NODE_STEPS", "check_steps", "CANDIDATE_STEPS", "FORMULA_NODE_STEPS",
           "SINCE_STATE_STEPS", "SYMPY_PAIR_STEPS"]

# -- the weights: steps per item, each measured on one core of the development machine
# (AMD EPYC; ``python -m benchmarks certificates`` prints the time ratio they give) ---------
#: deciding one fragment or class, whatever its size (the Python of a procedure's call)
DECISION_STEPS = 100
#: ... and per cell (state × letter) of the minimal DFA, for each fragment or class decided
CELL_STEPS = 1
#: a state × letter of a type automaton (window fragments) explored by a decision
TYPE_STATE_STEPS = 4
#: an element of a strongly connected component's monoid × the component's states (the
#: counter search of LTL[S])
MONOID_ELEMENT_STEPS = 1
#: the exact check of a certificate counts product states × distinct subformulas; this
#: many of those units are one step
CHECK_UNITS_PER_STEP = 10
#: ... and an exact check costs this many steps whatever its size, plus CHECK_NODE_STEPS
#: per distinct subformula (its evaluator, and in shrinking the substitution that made the
#: candidate: 250 µs a check of a 12-node formula on a 3-state DFA; in shrinking 0.56 ms a
#: candidate of an LTL[P,Y] formula of about 60 distinct subformulas on a 4-state DFA)
CHECK_STEPS = 400
CHECK_NODE_STEPS = 15


def check_steps(subformulas: int, units: int = 0) -> int:
    """The steps of one exact check of a formula with ``subformulas`` distinct subformulas
    that explored ``units`` product states × distinct subformulas."""
    return CHECK_STEPS + CHECK_NODE_STEPS * subformulas + units // CHECK_UNITS_PER_STEP
#: a candidate formula evaluated by the search for small certificates
CANDIDATE_STEPS = 1
#: a distinct subformula built by a synthesis from types (window and S-types)
FORMULA_NODE_STEPS = 40
#: a state × letter of an S-type automaton explored for an LTL[S] certificate
SINCE_STATE_STEPS = 20
#: a pair of terms compared by the two-level minimisation of a Boolean block (sympy)
SYMPY_PAIR_STEPS = 1


#: steps a second of the second try of a certificate may be estimated at: a step is about a
#: microsecond (the weights above) but the estimates made before building are upper bounds
#: (the window type formula of (b|ab)*(a|()) is estimated at 1,232,960 steps and built in
#: 0.05 s; 10 of the census <= 4 languages whose LTL[S] formula the step budget withheld:
#: admitted at 10^7, each built and checked within 1.2 s of CPU for the whole
#: classification, on a loaded machine), so ten times that: only what is
#: estimated far beyond the time budget is not started, and the clock stops the rest
STEPS_PER_SECOND = 10_000_000

#: the parameters that raise the two budgets of the certificates, named by messages (the
#: command line prints them as its flags, --certificate-factor and --certificate-seconds)
STEP_FLAG = "certificate_factor"
TIME_FLAG = "certificate_seconds"


class OverBudget(LimitExceeded):
    """A certificate stage refused by the step budget: its message says what it needed and
    what was left (:meth:`WorkMeter.refusal`), never "exceeded the limit of 0"."""

    def __init__(self, message: str):
        Exception.__init__(self, message)
        self.what, self.limit, self.parameters = message, 0, ("certificate_factor",)


class WorkMeter:
    """Decision and certificate steps of one classification (module docstring).

    ``factor``: how many times the decisions' steps the certificates may spend; ``floor``:
    steps they may spend in any case (a classification of a 2-state DFA decides in a few
    hundred steps: without a floor no certificate at all could be checked).  ``factor=None``
    meters without bounding (``left`` is None)."""

    __slots__ = ("factor", "floor", "decided", "spent", "polish")

    def __init__(self, factor: int | None, floor: int = 0, polish: bool = True):
        self.factor = factor
        self.floor = int(floor)
        self.decided = 0
        self.spent = 0
        #: False: a certificate is built and checked exactly, not shrunk nor minimised (the
        #: second try within the clock: what it prints must not depend on how far it got)
        self.polish = polish

    def decide(self, steps: int) -> None:
        """Count ``steps`` of deciding."""
        self.decided += max(0, int(steps))

    def spend(self, steps: int) -> None:
        """Count ``steps`` of certificate work."""
        self.spent += max(0, int(steps))

    @property
    def allowance(self) -> int | None:
        """floor + factor × decided (None when unbounded)."""
        return None if self.factor is None else self.floor + self.factor * self.decided

    @property
    def left(self) -> int | None:
        """What the certificates may still spend (≤ 0: nothing; None: unbounded)."""
        a = self.allowance
        return None if a is None else a - self.spent

    def affords(self, steps: int) -> bool:
        """Whether a stage estimated at ``steps`` fits in what is left."""
        left = self.left
        return left is None or steps <= left

    def cap(self, bound: int, per_item: int = 1) -> int:
        """``bound`` items, lowered to what is left at ``per_item`` steps each (≥ 0)."""
        left = self.left
        if left is None:
            return bound
        return max(0, min(bound, left // max(1, per_item)))

    def describe(self) -> str:
        """The budget in words, for the answer that says a certificate was not built: which
        budget stopped it and the flag that raises it."""
        if self.factor is None:
            return "no step budget"
        return (f"the certificates' step budget: {self.floor:,} + {self.factor} × {self.decided:,} "
                f"decision steps, {self.spent:,} spent; {STEP_FLAG} raises it")

    def refusal(self, what: str, needed: int | None = None) -> str:
        """Why a stage of ``what`` was not started: what it needed (steps, when estimated),
        what was left, and the budget (:meth:`describe`)."""
        left = max(0, self.left or 0)
        need = "" if needed is None else f"needs about {max(0, int(needed)):,} steps, "
        return f"{what} {need}{left:,} left ({self.describe()})"


def unmetered() -> WorkMeter:
    """A meter that counts without bounding (the library functions called on their own)."""
    return WorkMeter(None)


class CertificateTimeout(BaseException):
    """Raised in the thread running a :func:`deadline` block when its seconds are over.  A
    BaseException (like KeyboardInterrupt), so that no ``except Exception`` of the code
    interrupted swallows it."""


_set_async_exc = ctypes.pythonapi.PyThreadState_SetAsyncExc
_set_async_exc.argtypes = (ctypes.c_ulong, ctypes.py_object)


#: seconds between two raises of CertificateTimeout once the deadline has passed (one raised
#: where Python ignores exceptions, in a garbage collector's callback or a __del__, is lost)
RAISE_AGAIN = 0.05


#: a :func:`deadline` counts the CPU time of the thread running its block, so that what it
#: lets through does not depend on the machine's load; the wall clock may run this many
#: times as long at most (a thread that gets less than 1/WALL_FACTOR of a core is stopped
#: by the wall clock instead)
WALL_FACTOR = 20


def _thread_clock(tid: int):
    """The seconds of CPU time thread ``tid`` has used so far, as a function (POSIX
    ``pthread_getcpuclockid``); None where the platform has no such clock."""
    try:
        clock = time.pthread_getcpuclockid(tid)
        time.clock_gettime(clock)
    except (AttributeError, OSError):
        return None
    return lambda: time.clock_gettime(clock)


@contextmanager
def deadline(seconds: float):
    """Run the block within ``seconds`` of CPU time of the thread running it (and at most
    WALL_FACTOR × ``seconds`` of wall clock; the wall clock alone where the platform has no
    thread CPU clock): past them, :class:`CertificateTimeout` is raised in that thread, at
    its next Python instruction (a call into C ends first), and again every RAISE_AGAIN
    seconds until the block ends (one raised inside a callback whose exceptions Python
    ignores is lost).  CPU time, not wall clock, so that a certificate built on an idle
    machine is built under load too.  The exception never escapes the block late: on
    leaving the block, one that was scheduled but not yet raised is cancelled (or, at the
    block's very end, raised as the block ends: wrap the ``with`` in ``try … except
    CertificateTimeout``).  Ctrl-C and stop signals interrupt the block as anywhere else.
    Meant for work whose result is thrown away when interrupted (a certificate tried again,
    :mod:`attnlogic.definability.engine.classify`): state it leaves half-built must not be
    reused."""
    tid = threading.get_ident()
    lock = threading.Lock()
    state = {"active": True, "fired": False, "timer": None}
    seconds = max(0.0, float(seconds))
    cpu = _thread_clock(tid)
    wall0 = time.monotonic()
    cpu0 = cpu() if cpu is not None else None

    def left() -> float:
        """Wall seconds before the budget can be over: the CPU time left is a lower bound
        (the thread cannot use more than one second of CPU a second)."""
        wall = time.monotonic() - wall0
        by_wall = (WALL_FACTOR if cpu is not None else 1) * seconds - wall
        by_cpu = seconds - (cpu() - cpu0) if cpu is not None else by_wall
        return min(by_cpu, by_wall)

    def fire():
        with lock:
            if state["active"]:
                state["fired"] = True
                _set_async_exc(tid, ctypes.py_object(CertificateTimeout))
                state["timer"] = _timer(RAISE_AGAIN, fire)

    def watch():
        with lock:
            if not state["active"]:
                return
            remaining = left()
            if remaining > 0:
                state["timer"] = _timer(max(remaining, 0.005), watch)
                return
        fire()

    previous = sys.unraisablehook

    def quiet(unraisable):
        # one raised in a callback Python ignores (a weakref's, a collector's): lost, the
        # next raise comes RAISE_AGAIN later; nothing printed
        if unraisable.exc_type is not CertificateTimeout:
            previous(unraisable)

    sys.unraisablehook = quiet
    with lock:
        state["timer"] = _timer(seconds, watch)
    try:
        yield
    finally:
        # first, and without a call (where CPython would deliver a pending exception): no
        # raise is scheduled after it, so at most one is pending, raised here (the caller's
        # ``except CertificateTimeout`` takes it as the deadline) or cancelled just below
        state["active"] = False
        with lock:
            state["timer"].cancel()
            if state["fired"]:
                _set_async_exc(tid, ctypes.py_object())     # NULL: cancel a pending one
        if sys.unraisablehook is quiet:
            sys.unraisablehook = previous


def _timer(seconds: float, fn) -> threading.Timer:
    timer = threading.Timer(seconds, fn)
    timer.daemon = True
    timer.start()
    return timer
