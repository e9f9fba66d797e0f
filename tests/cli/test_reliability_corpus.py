"""The reliability corpus: malformed inputs beyond test_malformed_corpus.py — every case of
the reliability issue included (outputs that would destroy files, numbers and file fields
out of range, unbounded reads, steps whose cost explodes).

Each case runs in-process in an empty temporary folder (also the place of the files it
reads: links, FIFOs, sidecars, big JSON), under an alarm of CASE_SECONDS and an address
space cap of CASE_MEMORY bytes above what the test process already maps.  It must exit
with status 2, print one line (or argparse's usage + one line) and no traceback, and leave
the folder as it found it: nothing written, nothing replaced.
"""

from __future__ import annotations

import io
import json
import os
import resource
import stat
import sys

import pytest

from cli_under_alarm import Hang, run_main

#: a hang guard per case (a case that runs on is a failure), not a speed requirement
CASE_SECONDS = 300
CASE_MEMORY = 8 * 2**30

GOOD = {"alphabet": ["a", "b"], "initial": 0, "accepting": [1], "transitions": [[1, 0], [1, 0]]}
BIG = "1" + "0" * 5000


def _dfa(**changes) -> str:
    d = dict(GOOD)
    d.update(changes)
    return json.dumps(d)


def _raw(text: str) -> str:
    return text


#: files made in the case folder before each case: name → text (None: special, see _setup)
FILES = {
    "bigint.json": _dfa().replace('"initial": 0', f'"initial": {BIG}'),
    "bigrow.json": _dfa().replace("[1, 0], [1, 0]", f"[1, {BIG}], [1, 0]"),
    "surrogate.json": _dfa().replace('["a", "b"]', '["\\ud800", "b"]'),
    "control.json": _dfa().replace('["a", "b"]', '["a\\u0001", "b"]'),
    "comma.json": _dfa().replace('["a", "b"]', '["a,b", "cc"]'),
    "dupkey.json": _dfa().replace('"initial": 0', '"initial": 0, "initial": 1'),
    "nan.json": _dfa().replace('"initial": 0', '"initial": NaN'),
    "inf.json": _dfa().replace('"initial": 0', '"initial": Infinity'),
    "huge_states.json": None,
    "deep.json": "[" * 100_000 + "]" * 100_000,
    "latin1.json": None,
}


def _setup(folder: str) -> None:
    for name, text in FILES.items():
        if text is not None:
            with open(os.path.join(folder, name), "w", encoding="utf-8", errors="surrogatepass") as fh:
                fh.write(text)
    n = 250_000
    with open(os.path.join(folder, "huge_states.json"), "w") as fh:
        fh.write('{"alphabet": ["a"], "initial": 0, "accepting": [0], "transitions": [')
        fh.write(",".join("[0]" for _ in range(n)))
        fh.write("]}")
    with open(os.path.join(folder, "latin1.json"), "wb") as fh:
        fh.write(b'{"alphabet": ["\xe9"]}')
    with open(os.path.join(folder, "binary.bin"), "wb") as fh:       # not text at all
        fh.write(bytes(range(256)) * 4)
    os.mkdir(os.path.join(folder, "dir"))
    os.mkdir(os.path.join(folder, "side"))
    os.mkdir(os.path.join(folder, "side", "m.json"))           # a sidecar path that is a folder
    os.mkfifo(os.path.join(folder, "fifo"))
    with open(os.path.join(folder, "target.txt"), "w") as fh:
        fh.write("keep")
    os.symlink(os.path.join(folder, "target.txt"), os.path.join(folder, "link"))
    os.symlink("/dev/null", os.path.join(folder, "devlink"))
    os.symlink(os.path.join(folder, "nowhere"), os.path.join(folder, "dangling"))
    os.symlink("/proc", os.path.join(folder, "proclink"))
    if os.geteuid() == 0:
        os.mknod(os.path.join(folder, "null"), stat.S_IFCHR | 0o666, os.makedev(1, 3))


def _sidecars(folder: str) -> None:
    """m_<field>.safetensors + .json with one bad sidecar field each."""
    base = {"format": "attnlogic-transformer", "version": 1, "dtype": "float32",
            "config": {"vocab_size": 3, "d_model": 4, "n_layers": 1, "heads": [["global"]], "d_head": 4,
                       "d_ff": 4, "max_len": 64, "readout_dim": 1, "positional": "none",
                       "norm_position": "post", "layernorm": False, "layernorm_eps": 1e-5,
                       "dropout": 0.0},
            "metadata": {"alphabet": ["a", "b"], "eos": 2, "formula": "P a", "exact_up_to": None,
                         "compiler": "attnlogic.compiler"}}
    for name, (path, value) in SIDECAR_CHANGES.items():
        side = json.loads(json.dumps(base))
        obj = side
        for key in path[:-1]:
            obj = obj[key]
        obj[path[-1]] = value
        with open(os.path.join(folder, f"m_{name}.safetensors"), "wb") as fh:
            fh.write(b"not used: the sidecar is refused first")
        with open(os.path.join(folder, f"m_{name}.json"), "w") as fh:
            fh.write(json.dumps(side) if name != "dup" else json.dumps(side)[:-1] + ', "version": 1}')


SIDECAR_CHANGES = {
    "d_model": (("config", "d_model"), 10**9), "d_model0": (("config", "d_model"), 0),
    "layers": (("config", "n_layers"), 10**6), "d_ff": (("config", "d_ff"), -1),
    "vocab": (("config", "vocab_size"), 10**9), "max_len": (("config", "max_len"), 0),
    "max_len_s": (("config", "max_len"), "64"), "version": (("version",), 2),
    "version_b": (("version",), True), "eos": (("metadata", "eos"), 7),
    "eos_s": (("metadata", "eos"), "2"), "eos_wrong": (("metadata", "eos"), 1),
    "exact": (("metadata", "exact_up_to"), -5), "exact_s": (("metadata", "exact_up_to"), "all"),
    "alphabet": (("metadata", "alphabet"), ["a", "a"]), "dtype": (("dtype",), "int8"),
    "params": (("config", "d_model"), 60_000), "dup": (("version",), 1),
    "formula": (("metadata", "formula"), 5),
}

NEST_P = "P " * 1000 + "a"
#: MOD atoms whose periods have an lcm of about 3.9·10^22
HUGE_PERIOD = " & ".join(f"MOD[{p},1]" for p in (53, 59, 61, 67, 71, 73, 79, 83, 89, 97, 101, 103))
WIDE_2000 = " & ".join(f"P a{i}" for i in range(2000))
NEST_NOT = "!" * 100_000 + "a"
WIDE = " & ".join(f"P a{i}" for i in range(1100))

CASES = [
    # -- outputs that would destroy or mislead ------------------------------------------
    (["dfa", "P a", "--out", "/dev/null"], "kernel pseudo file system"),
    (["dfa", "P a", "--out", "devlink"], "symbolic link"),
    (["dfa", "P a", "--out", "link"], "symbolic link"),
    (["dfa", "P a", "--out", "dangling"], "symbolic link"),
    (["dfa", "P a", "--out", "fifo"], "not a regular file"),
    (["dfa", "P a", "--out", "dir"], "is a directory"),
    (["dfa", "P a", "--out", "."], "ends in a folder"),
    (["dfa", "P a", "--out", ".."], "ends in a folder"),
    (["dfa", "P a", "--out", ""], "empty file name"),
    (["dfa", "P a", "--out", "new/"], "ends in a folder"),
    (["dfa", "P a", "--out", "/proc/attnlogic"], "kernel pseudo file system"),
    (["dfa", "P a", "--out", "/sys/attnlogic"], "kernel pseudo file system"),
    (["dfa", "P a", "--out", "proclink/x"], "kernel pseudo file system"),
    (["dfa", "P a", "--out", "target.txt/x"], "not a directory"),
    (["compile", "P a", "--out", "/dev/null"], "kernel pseudo file system"),
    (["compile", "P a", "--out", "devlink"], "symbolic link"),
    (["compile", "P a", "--out", "link"], "symbolic link"),
    (["compile", "P a", "--out", "fifo"], "not a regular file"),
    (["compile", "P a", "--out", "dir"], "is a directory"),
    (["compile", "P a", "--out", "."], "ends in a folder"),
    (["compile", "P a", "--out", ""], "empty file name"),
    (["compile", "P a", "--out", "new/"], "ends in a folder"),
    (["compile", "P a", "--out", "/proc/m.safetensors"], "kernel pseudo file system"),
    (["compile", "P a", "--out", "/sys/m.safetensors"], "kernel pseudo file system"),
    (["compile", "P a", "--out", "side/m.safetensors"], "is a directory"),
    (["compile", "P a", "--out", "target.txt/m.safetensors"], "not a directory"),
    # -- numbers out of range -------------------------------------------------------------
    (["parse", f"Y[<={BIG}] a"], "at most"),
    (["parse", "Y[<=1000001] a"], "at most"),
    (["dfa", f"Y[<={'9' * 40}] a"], "at most"),
    (["eval", f"Y[<={BIG}] a", "ab"], "at most"),
    (["classify", "P a", "--window", "1000000000"], "MAX_DECIDED_WINDOW"),
    (["classify", "P a", "--window", "65"], "MAX_DECIDED_WINDOW"),
    (["classify", "P a", "--window", "2", "--window", "100000"], "MAX_DECIDED_WINDOW"),
    (["classify", "P a", "--window", BIG], "invalid int"),
    (["separate", "Y<=999999999", "P"], "MAX_DECIDED_WINDOW"),
    (["separate", "P,Y<=1000000", "P"], "MAX_DECIDED_WINDOW"),
    (["separate", "LTL[P,Y<=2", "P"], "unknown fragment"),
    (["separate", "P,Y<=2]", "P"], "unknown fragment"),
    (["separate", "LTL[Y<=0]", "P"], "at least 1"),
    (["separate", f"Y<={BIG}", "P"], "at most"),
    (["check", "P a", "--max-length", "1000000000000"], "max_length"),
    (["check", "P a", "--max-length", "100000000000000000000000"], "max_length"),
    (["check", "P a", "--seed", "-1"], "seed"),
    (["check", "P a", "--seed", str(2**64)], "seed"),
    (["check", "P a", "--samples", "10000000000"], "samples"),
    (["check", "P a", "--exhaustive", "100"], "--exhaustive"),
    (["demo", "--max-length", "1000000000000"], "max_length"),
    (["demo", "--seed", "-5"], "seed"),
    (["demo", "--window", "1000000000"], "MAX_DECIDED_WINDOW"),
    (["demo", "--samples", "-3"], "--samples"),
    # -- DFA files: digits, encodings, keys, sizes, unbounded reads ---------------------
    (["dfa", "--dfa", "bigint.json"], "digits"),
    (["dfa", "--dfa", "bigrow.json"], "digits"),
    (["classify", "--dfa", "bigint.json"], "digits"),
    (["dfa", "--dfa", "surrogate.json"], "lone surrogate"),
    (["classify", "--dfa", "surrogate.json"], "lone surrogate"),
    (["dfa", "--dfa", "control.json"], "control character"),
    (["dfa", "--dfa", "comma.json"], "comma"),
    (["dfa", "--dfa", "dupkey.json"], "duplicate key"),
    (["dfa", "--dfa", "nan.json"], "NaN"),
    (["dfa", "--dfa", "inf.json"], "Infinity"),
    (["dfa", "--dfa", "huge_states.json"], "state_limit"),
    (["classify", "--dfa", "huge_states.json"], "state_limit"),
    (["dfa", "--dfa", "deep.json"], "nested too deeply"),
    (["dfa", "--dfa", "latin1.json"], "UTF-8"),
    (["dfa", "--dfa", "/dev/zero"], "max_bytes"),
    (["classify", "--dfa", "/dev/zero"], "max_bytes"),
    (["dfa", "--dfa", "dir"], "cannot read"),
    (["dfa", "--dfa", "/proc/self/nonexistent"], "cannot read"),
    # -- letters that could not be printed or split back ---------------------------------
    (["dfa", 'Y "a,b"'], "comma"),
    (["classify", 'P "x,y" & Y z'], "comma"),
    (["dfa", "--regex", "a", "--alphabet", "a,b,c\x01"], "control character"),
    (["classify", "--regex", "a", "--alphabet", "ab\x07"], "control character"),
    (["parse", "P \udcff"], "not valid UTF-8"),
    (["dfa", "--regex", "\udcffa", "--alphabet", "a"], "not valid UTF-8"),
    (["classify", "--dfa", "\udcff.json"], "not valid UTF-8"),
    # -- sidecars -------------------------------------------------------------------------
    *[(["check", "--model", f"m_{name}.safetensors"], needle) for name, needle in [
        ("d_model", "config.d_model"), ("d_model0", "config.d_model"), ("layers", "config.n_layers"),
        ("d_ff", "config.d_ff"), ("vocab", "config.vocab_size"), ("max_len", "config.max_len"),
        ("max_len_s", "config.max_len"), ("version", "'version'"), ("version_b", "'version'"),
        ("eos", "metadata.eos"), ("eos_s", "metadata.eos"), ("eos_wrong", "metadata.eos"),
        ("exact", "metadata.exact_up_to"), ("exact_s", "metadata.exact_up_to"),
        ("alphabet", "metadata.alphabet"), ("dtype", "'dtype'"), ("params", "MAX_PARAMETERS"),
        ("dup", "duplicate key"), ("formula", "metadata.formula")]],
    # -- steps whose cost explodes: refused by a named budget -----------------------------
    (["dfa", NEST_P], "temporal subformulas"),
    (["classify", NEST_P], "temporal subformulas"),
    (["parse", NEST_NOT], "formula nesting"),
    (["dfa", NEST_NOT], "formula nesting"),
    (["parse", "!" * 200_001 + "a"], "formula length"),
    (["parse", "(!" * 45_000 + "a" + ")" * 45_000], "formula nesting"),
    (["compile", WIDE], "compiled width"),
    (["dfa", "Y " * 500 + "a"], "temporal subformulas"),
    (["dfa", HUGE_PERIOD], "lcm of the MOD moduli"),
    (["classify", HUGE_PERIOD], "lcm of the MOD moduli"),
    (["compile", HUGE_PERIOD + " & P a"], "lcm of the MOD moduli"),
    (["compile", HUGE_PERIOD + " & P a", "--layernorm"], "lcm of the MOD moduli"),
    (["compile", WIDE_2000], "the formula needs 5999"),
    (["compile", WIDE_2000, "--layernorm"], "the formula needs 5999"),
    (["dfa", HUGE_PERIOD, "--format", "dot"], "lcm of the MOD moduli"),
    (["classify", HUGE_PERIOD, "--json"], "lcm of the MOD moduli"),
    # -- oversized censuses refused before anything is enumerated ---------------------------
    (["census", "--max-states", "300", "--alphabet", "ab"], "max_states is 300"),
    (["census", "--max-states", "1000000", "--alphabet", "abc"], "DFAs in the census"),
    (["census", "--max-states", "300", "--alphabet", "ab", "--max-dfas", "1000000000000"],
     "DFAs in the census"),
    (["census", "--max-states", "3", "--alphabet", "ab", "--max-dfas", "10000000000000"], "max_dfas"),
    # -- rmt sizes checked before allocation ---------------------------------------------
    (["rmt", "weights", "--T", "1000000000"], "MAX_T"),
    (["rmt", "weights", "--T", "2049"], "MAX_T"),
    (["rmt", "weights", "--model", "markov", "--T", "100000"], "MAX_T"),
    (["rmt", "weights", "--model", "flip", "--r", ",".join(["0.5"] * 3000)], "MAX_T"),
    (["rmt", "simulate", "--d", "1000000"], "memory for the simulation"),
    (["rmt", "simulate", "--d", "10", "--delta", "1e-300"], "memory for the simulation"),
    (["rmt", "simulate", "--d", "50000", "--gamma", "0.001"], "memory for the simulation"),
    (["rmt", "plot", "--d", "1000000", "--out", "rmtout"], "memory for the simulation"),
    (["rmt", "plot", "--T", "1000000", "--out", "rmtout"], "MAX_T"),
    (["rmt", "weights", "--model", "custom", "--R", "@binary.bin"], "not UTF-8"),
    (["rmt", "weights", "--model", "custom", "--R", "@latin1.json"], "not UTF-8"),
    (["rmt", "weights", "--model", "custom", "--R", "@dir"], "cannot read"),
    (["compile", WIDE_2000, "--fixed-point", "8"], "compiled width"),
    (["classify", "P a", "--limit", "0"], "--limit"),
    (["classify", "P a", "--max-depth", "0"], "--max-depth"),
    (["classify", "P a", "--search-budget", "-1"], "--search-budget"),
    # -- argument values of the wrong shape --------------------------------------------
    (["check", "P a", "--max-length", "1e9"], "invalid int"),
    (["check", "P a", "--seed", "0x10"], "invalid int"),
    (["compile", "P a", "--fixed-point", "-1"], "--fixed-point"),
    (["compile", "P a", "--no-span-fix"], "--no-span-fix"),
    (["classify", "P a", "--window", "0"], "--window"),
    (["classify", "P a", "--window", "-3"], "--window"),
    (["eval", "P a", "ab", "--alphabet", ""], "empty letter"),
    (["dfa", "--regex", "a", "--alphabet", ","], "empty letter"),
]

if os.geteuid() == 0:
    CASES += [(["dfa", "P a", "--out", "null"], "not a regular file"),
              (["compile", "P a", "--out", "null"], "not a regular file")]


def _snapshot(folder: str) -> dict:
    out = {}
    for root, dirs, files in os.walk(folder, followlinks=False):
        for name in dirs + files:
            p = os.path.join(root, name)
            st = os.lstat(p)
            content = None
            if stat.S_ISREG(st.st_mode) and st.st_size < 1_000_000:
                with open(p, "rb") as fh:
                    content = fh.read()
            out[os.path.relpath(p, folder)] = (stat.S_IFMT(st.st_mode), st.st_size, content,
                                                os.readlink(p) if stat.S_ISLNK(st.st_mode) else None)
    return out


@pytest.fixture(scope="module")
def case_folder(tmp_path_factory):
    folder = str(tmp_path_factory.mktemp("corpus"))
    _setup(folder)
    _sidecars(folder)
    return folder



def _mapped_bytes() -> int:
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[0]) * resource.getpagesize()


@pytest.mark.parametrize("argv, needle", CASES, ids=[f"{i:03d}-{c[0][0]}" for i, c in enumerate(CASES)])
def test_reliability_case_exits_2_one_line_nothing_written(argv, needle, case_folder, capsys, monkeypatch):
    monkeypatch.chdir(case_folder)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    before = _snapshot(case_folder)
    dev_null = os.stat("/dev/null")
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    cap = _mapped_bytes() + CASE_MEMORY
    if hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    try:
        code = run_main(argv, CASE_SECONDS)
    except Hang:
        pytest.fail(f"{argv[:3]} ran past {CASE_SECONDS} s")
    except MemoryError:
        pytest.fail(f"{argv[:3]} needed more than {CASE_MEMORY} bytes")
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
    out, err = capsys.readouterr()
    assert code == 2, (argv[:3], err[-500:])
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert lines, "no error message"
    first = lines[-1] if lines[0].startswith("usage:") else lines[0]
    assert "error" in first
    assert needle in first, (needle, first[:300])
    caret = len(lines) == 3 and lines[2].strip() == "^"
    assert len(lines) == 1 or caret or lines[0].startswith("usage:"), err[:500]
    assert out == ""
    assert _snapshot(case_folder) == before, "the case changed its folder"
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == dev_null.st_rdev


def test_corpora_together_have_at_least_230_cases():
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "_old_corpus", os.path.join(os.path.dirname(__file__), "test_malformed_corpus.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    OLD = mod.CASES

    assert len(CASES) >= 100
    assert len(OLD) + len(CASES) >= 230
