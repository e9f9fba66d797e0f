"""MLRegTest's class labels (in its file names) against attnlogic's verdicts, on the sample
of tests/data/mlregtest (README there), each language read from the benchmark's own pleb
program (``.plebby``, interpreted by automata/pleb.py; tests/automata/test_pleb.py checks
each against the automaton plebby wrote): each label implies memberships in the classes
attnlogic decides, by known inclusions, and every implied membership must hold.

* every label but Zp and Reg names a star-free class (SL ⊆ LT ⊆ LTT ⊆ SF, SP ⊆ PT ⊆ SF,
  PLT ⊆ SF), so LTL[S] = star-free must say yes; Zp (counting modulo p) and Reg are the
  benchmark's non-star-free languages: LTL[S] must say no;
* the tier-based classes (TSL, TLT, TLTT, TPLT: the words whose projection to a tier is in
  SL, LT, LTT, PLT) are star-free too: star-free languages are closed under inverse images
  of morphisms, the projection's among them;
* SP ⊆ PT = J-trivial ⊆ DA ∩ R-trivial: FO2[<] and LTL[P] must say yes;
* SL ⊆ LT, SP ⊆ PT, and PLT (the Boolean closure of LT ∪ PT) lie in dot-depth one
  (B₁ is a Boolean algebra containing u₀A*u₁…A*u_k, hence LT and PT): DD1 must say yes;
* the tier-based classes (TSL, TLT, TLTT, TPT, TPLT) contain their classes on the tier Σ,
  and one tier keeps SL ⊆ LT ⊆ LTT and LT, PT ⊆ PLT (:data:`TIERS`); Zp and Reg, not
  star-free, are in none of TLTT, TPT, TPLT (each star-free);
* MTSL (intersections of TSL languages) contains SL and TSL, at the file's k too (MTSL[k]),
  and is star-free: Zp and Reg are not MTSL;
* a registered class named like the label itself (LT, PT, LTT, SL, SP, PLT, TSL, TLT, TLTT,
  TPLT, SF), or like the label with the file's k (SL[2], SP[2]), where one exists, must say
  yes.
"""

from __future__ import annotations

from pathlib import Path

from attnlogic.automata.io import read_dfa_file
from attnlogic.definability.engine.classify import classify
from attnlogic.definability.engine.registry import CLASSES

DATA = Path(__file__).parent.parent / "data" / "mlregtest"

#: the tier-based classes each label implies (SL ⊆ TSL ⊆ TLT ⊆ TLTT, LT ⊆ TLT, LTT ⊆ TLTT,
#: PT ⊆ TPT, PLT ⊆ TPLT, TLT ∪ TPT ⊆ TPLT: a class is its tier version on the tier Σ, and
#: SL ⊆ LT ⊆ LTT, LT ∪ PT ⊆ PLT on one tier); Zp and Reg are in none of them, all star-free
TIERS = {
    "SL": ("TSL", "TLT", "TLTT", "TPLT"), "SP": ("TPT", "TPLT"), "LT": ("TLT", "TLTT", "TPLT"),
    "PT": ("TPT", "TPLT"), "LTT": ("TLTT",), "PLT": ("TPLT",), "TSL": ("TLT", "TLTT", "TPLT"),
    "TLT": ("TLTT", "TPLT"), "TLTT": (), "TPLT": (), "SF": (), "Zp": (), "Reg": (),
}

IMPLIED = {
    "SL": {"LTL[S]": True, "DD1": True},
    "SP": {"LTL[S]": True, "FO2[<]": True, "LTL[P]": True, "DD1": True},
    "LT": {"LTL[S]": True, "DD1": True},
    "PT": {"LTL[S]": True, "FO2[<]": True, "LTL[P]": True, "DD1": True},
    "LTT": {"LTL[S]": True},
    "PLT": {"LTL[S]": True, "DD1": True},
    "SF": {"LTL[S]": True},
    "Zp": {"LTL[S]": False, "TLTT": False, "TPT": False, "TPLT": False},
    "Reg": {"LTL[S]": False, "TLTT": False, "TPT": False, "TPLT": False},
    "TSL": {"LTL[S]": True},
    "TLT": {"LTL[S]": True},
    "TLTT": {"LTL[S]": True},
    "TPLT": {"LTL[S]": True},
}
for _label, _classes in TIERS.items():
    IMPLIED[_label].update(dict.fromkeys(_classes, True))
#: MTSL, the intersections of TSL languages: SL_k ⊆ TSL_k ⊆ MTSL_k (one tier), MTSL ⊆ star-free
#: (MLRegTest labels no language MTSL); the fact MTSL[k] with the file's k is added below
for _label in ("SL", "TSL"):
    IMPLIED[_label]["MTSL"] = True
for _label in ("Zp", "Reg"):
    IMPLIED[_label]["MTSL"] = False


def programs(folder: Path = DATA, pattern: str = "*") -> list[Path]:
    """The benchmark's programs in ``folder``: the sample here, or a checkout of the
    repository (its src/subreglib)."""
    if (folder / "src" / "subreglib").is_dir():
        folder = folder / "src" / "subreglib"
    return sorted(p for p in folder.glob(pattern + ".plebby") if not p.name.startswith("syms"))


def agreement(files: list[Path] | None = None, report=None) -> tuple[int, int, list, int]:
    """(facts agreeing, facts checked, disagreements, facts by the label's own class) over
    the programs (default: the sample); ``report(name, facts, disagreements)`` after each."""
    names = {c.name for c in CLASSES}
    agree, total, wrong, own = 0, 0, [], 0
    for f in programs() if files is None else files:
        _, _, label, k, *_ = f.name.split(".")
        facts = dict(IMPLIED[label])
        for name in (label, f"{label}[{k}]"):          # LT, PT, …; SL[k], SP[k] with the file's k
            if name in names:
                facts[name] = True
                own += 1
        if label in ("SL", "TSL"):                     # SL_k ⊆ TSL_k ⊆ MTSL_k, the file's k
            facts[f"MTSL[{k}]"] = True
        d = read_dfa_file(str(f))
        asked = [c for c in facts if c not in ("LTL[S]", "LTL[P]")]
        r = classify(d, windows=(), classes=asked, certificates=False)
        for cls, expected in facts.items():
            total += 1
            if r[cls].member is expected:
                agree += 1
            else:
                wrong.append((f.name, cls, expected, r[cls].member, r[cls].method))
        if report is not None:
            report(f.name, len(facts), [w for w in wrong if w[0] == f.name])
    return agree, total, wrong, own


def test_mlregtest_labels_agree():
    agree, total, wrong, _ = agreement()
    files = programs()
    assert len(files) == 23 and total >= sum(len(IMPLIED[f.name.split(".")[2]]) for f in files)
    assert not wrong and agree == total, wrong


if __name__ == "__main__":      # the figures of docs/file-formats.md: [DIR [GLOB ...]], DIR a checkout
    import sys
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else DATA
    files = sorted({f for g in sys.argv[2:] or ["*"] for f in programs(folder, g)})
    agree, total, wrong, own = agreement(files, lambda *line: print(*line, flush=True))
    print(f"{len(files)} programs: {agree} of {total} implied memberships agree "
          f"({total - own} by inclusion, {own} by the label's own class); disagreements: {wrong}")
