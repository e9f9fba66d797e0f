"""Imported once by the server's fork server (:mod:`.pool`) before it forks any worker: the
library (torch included) is imported and warmed up on a small language (the compiled
automata kernels loaded, one model compiled), so that every worker, the replacements of
killed ones too, starts warm in milliseconds.  Importing this module does that work (about
two seconds): nothing else imports it.
"""

from __future__ import annotations

from .worker import warm

warm()
