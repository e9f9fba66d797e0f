"""attnlogic.testing: test any model against any regular language (docs/testing.md).

* :func:`check` / :func:`assert_recognises` — a model (an ``nn.Module`` or any callable from
  token ids to scores) against a formula, a regex, a DFA file or a DFA object, on words
  exhaustive up to a length, random, near the boundary, from the language's distinguishing
  contexts and long periodic and pumped words; the report gives the shortest counterexample
  found, shrunk;
* :func:`check_isolated` — the same for a model named by its file or factory
  (``FILE.py:FACTORY``), run in a child process under a time and a memory budget;
  :class:`ModelFailed` when the model raises, exits, is killed or runs past a budget;
* :class:`Adapter` — tokenisation (letter ids, BOS/EOS, padding) and readout (``"prefix"``
  or ``"eos"``, threshold or class index);
* :mod:`attnlogic.testing.strategies` — hypothesis strategies (formulas of a fragment,
  regexes, DFAs, words, words in / not in a language); needs ``pip install 'attnlogic[testing]'``;
* a pytest plugin (:mod:`attnlogic.testing.plugin`, registered as an entry point): the
  ``assert_recognises`` fixture and readable failures.
"""

from importlib import import_module

_EXPORTS = {"check": ".recognition", "assert_recognises": ".recognition", "ModelReport": ".report",
            "Adapter": ".adapter", "load_model": ".models", "ModelFailed": ".isolation",
            "check_isolated": ".isolation"}

__all__ = sorted(_EXPORTS)


def __getattr__(name):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'attnlogic.testing' has no attribute {name!r}")
    value = getattr(import_module(module, __name__), name)
    globals()[name] = value
    return value


def __dir__():
    return __all__
