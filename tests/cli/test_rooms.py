"""The rooms of attnlogic.definability (docs/architecture.md, "The rooms of definability"),
checked on the source with imports at any level, inside functions too: every module lives in
a room, a room imports only the rooms on the levels below its own (never a room beside it),
the independent checks import no decider, and no circle of imports between modules."""

from __future__ import annotations

from pathlib import Path

from test_import_graph import ROOT, circles, import_graph, modules

PKG = "attnlogic.definability"

#: the rooms, bottom up: a room may import the rooms of the levels below its own, and no other
LEVELS = (
    ("values",),                                  # verdicts, results, witness pairs, pumped families
    ("algebra",),                                 # semigroup, counters, identities' syntax, profiles, types
    ("checks", "certify"),                        # independent checks | certificate construction
    ("contract",),                                # LanguageClass, Procedure
    ("fragments", "varieties", "subregular"),     # the deciders
    ("engine",),                                  # registry, classify, inclusions
    ("census", "separation"),                     # census (bulk kernels) | separation
)
LEVEL = {room: i for i, rooms in enumerate(LEVELS) for room in rooms}

#: what the independent checks (the room ``checks``: what ``attnlogic verify`` and every
#: classification's last stage run) may reach, transitively, besides each other: the values
#: they read and the syntax of identities — no decider, no certificate builder, no semigroup,
#: profile or type computation
DECIDER_FREE = {f"{PKG}.values.witnesses", f"{PKG}.values.results", f"{PKG}.values.pumped",
                f"{PKG}.algebra.identity_terms", f"{PKG}.values", f"{PKG}.algebra", PKG}


def room_of(module: str) -> str | None:
    """``attnlogic.definability.engine.classify`` → ``engine``; the package itself → None."""
    parts = module.split(".")
    return parts[2] if module.startswith(PKG + ".") else None


def wrong_room_imports(graph: dict[str, set[str]]) -> list[str]:
    """``module imports dep`` for each import of a room at its own level or above (a room
    beside or above it); imports inside a room are free."""
    out = []
    for module, deps in sorted(graph.items()):
        here = room_of(module)
        if here is None:
            continue
        for dep in sorted(deps):
            there = room_of(dep)
            if there is None or there == here:
                continue
            if there not in LEVEL or here not in LEVEL or LEVEL[there] >= LEVEL[here]:
                out.append(f"{module} imports {dep}")
    return out


def reach(graph: dict[str, set[str]], start: set[str]) -> set[str]:
    """The modules ``start`` imports, transitively (with ``start``): breadth first."""
    seen, frontier = set(start), set(start)
    while frontier:
        frontier = {d for m in frontier for d in graph.get(m, ())} - seen
        seen |= frontier
    return seen


def _graph() -> dict[str, set[str]]:
    return import_graph(modules(), everywhere=True)


def test_every_module_of_definability_lives_in_a_room():
    folder = ROOT / "definability"
    assert sorted(p.name for p in folder.glob("*.py")) == ["__init__.py"]
    rooms = sorted(p.name for p in folder.iterdir() if p.is_dir() and p.name != "__pycache__")
    assert rooms == sorted(LEVEL), "a room on disk and in LEVELS (and docs/architecture.md)"
    for room in rooms:
        assert (folder / room / "__init__.py").is_file(), room
        assert not [p for p in (folder / room).iterdir() if p.is_dir() and p.name != "__pycache__"], room


def test_each_room_imports_only_the_rooms_below_it():
    assert wrong_room_imports(_graph()) == []


def test_the_independent_checks_import_no_decider():
    graph = _graph()
    checks = {m for m in graph if room_of(m) == "checks"}
    assert {f"{PKG}.checks.verify", f"{PKG}.checks.verify_subregular", f"{PKG}.checks.indistinguishable"} <= checks
    reached = {m for m in reach(graph, checks) if m.startswith(PKG)}
    assert sorted(reached - checks - DECIDER_FREE) == []


def test_no_circle_between_modules_or_rooms():
    graph = import_graph(modules())
    assert circles(graph) == []
    rooms: dict[str, set[str]] = {}
    for module, deps in _graph().items():
        if room_of(module):
            rooms.setdefault(room_of(module), set()).update(
                room_of(d) for d in deps if room_of(d) and room_of(d) != room_of(module))
    assert circles(rooms) == []


def test_the_room_check_fires():
    graph = {f"{PKG}.values.results": {f"{PKG}.engine.classify"},              # up
             f"{PKG}.checks.verify": {f"{PKG}.certify.synthesis",                # beside
                                      f"{PKG}.values.witnesses", f"{PKG}.checks.indistinguishable"},
             f"{PKG}.engine.classify": {f"{PKG}.fragments.definite", PKG},      # down: fine
             f"{PKG}.newroom.x": {f"{PKG}.values.results"}}                    # no level
    assert wrong_room_imports(graph) == [f"{PKG}.checks.verify imports {PKG}.certify.synthesis",
                                         f"{PKG}.newroom.x imports {PKG}.values.results",
                                         f"{PKG}.values.results imports {PKG}.engine.classify"]
    assert reach({"a": {"b"}, "b": {"c"}, "d": {"a"}}, {"a"}) == {"a", "b", "c"}


def test_the_package_docstring_names_every_room():
    doc = Path(ROOT / "definability" / "__init__.py").read_text(encoding="utf-8")
    assert [room for room in LEVEL if f":mod:`.{room}`" not in doc] == []


def test_the_architecture_page_draws_every_room():
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text.split("## The rooms of definability/", 1)[1].split("\n## ", 1)[0]
    assert [room for room in LEVEL if f"| `{room}/` |" not in section] == []
    drawing = section.split("```", 2)[1]
    assert [room for room, level in LEVEL.items()
            if not any(line.startswith(f"level {level} ") and f"{room}/" in line for line in drawing.splitlines())] == []
