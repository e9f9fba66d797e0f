"""attnlogic.compiler: LTL[P,Y<=k] formulas → exact transformer weights.

Stages (as in Tracr): :mod:`.plan` (formula → residual coordinates and a layer schedule),
:mod:`.weights` (schedule → tensors), :mod:`.precision` (where each dtype stays exact).
"""

from .check import CheckResult, check_compiled
from .compile import CompiledModel, CompileResult, compile_formula
from .plan import Plan, plan_formula

__all__ = ["CheckResult", "check_compiled", "CompiledModel", "CompileResult", "compile_formula", "Plan", "plan_formula"]
