"""The lazy exports of attnlogic.testing are the documented objects whatever was imported
before: a submodule named like an export would replace it on the package once imported
directly (``from attnlogic.testing import check`` then gave a module, in an order the
doctests of docs/testing.md met)."""

import subprocess
import sys


def test_exports_survive_importing_every_submodule_first():
    code = (
        "import importlib, pkgutil, types\n"
        "import attnlogic.testing as t\n"
        "for m in pkgutil.iter_modules(t.__path__):\n"
        "    if m.name != 'strategies':\n"          # needs hypothesis, an optional extra
        "        importlib.import_module('attnlogic.testing.' + m.name)\n"
        "for name in t.__all__:\n"
        "    obj = getattr(t, name)\n"
        "    assert not isinstance(obj, types.ModuleType), name\n"
        "    assert obj.__name__ == name, (name, obj)\n"
        "print(len(t.__all__))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert int(out.stdout) == 7
