"""``attnlogic verify --model FILE``: re-check the proof a compiled model carries in its
sidecar (:mod:`attnlogic.testing.model_proof`, which imports nothing of the compiler),
reading only the safetensors weights and the sidecar.  Exit status 0 when the proof checks,
1 when it does not (or the sidecar has none), 2 when the files cannot be read."""

from __future__ import annotations

#: the options of ``verify`` that say what the language is: --model takes none of them
LANGUAGE_OPTIONS = ("language", "regex", "dfa", "alphabet", "fragment", "cls", "depth")


def run_model(args) -> int:
    from attnlogic.kernel.errors import InputError
    from attnlogic.testing.model_proof import verify_saved_model

    from ._common import print_json

    given = [name for name in LANGUAGE_OPTIONS if getattr(args, name, None) is not None]
    if given or getattr(args, "semigroup", False) or getattr(args, "one_hot", False):
        raise InputError("--model takes no language: the model's sidecar names its formula")
    result = verify_saved_model(args.model)
    if args.json:
        print_json(result.to_json())
    else:
        print(("valid: " if result.valid else "NOT valid: ") + result.reason)
    return 0 if result.valid else 1
