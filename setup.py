"""The package list, derived from the folders (the metadata is in pyproject.toml).

The repository's top-level folders import as ``attnlogic.<folder>``: ``ltl/`` is
``attnlogic.ltl``, ``automata/`` is ``attnlogic.automata``, and so on, and ``attnlogic/`` is
``attnlogic`` itself.  Every top-level folder holding an ``__init__.py`` ships, except the
ones named in ``NOT_SHIPPED``, and so does every subpackage below it (any folder with an
``__init__.py``): a new package cannot be left out of the wheel by forgetting to list it.
tests/cli/test_packaging.py compares a built wheel against this rule.
"""

from pathlib import Path

from setuptools import Extension, find_packages, setup

HERE = Path(__file__).resolve().parent

#: top-level packages of the repository that are tooling, not library
NOT_SHIPPED = frozenset({"benchmarks", "tests", "examples", "build", "dist"})


#: compiled extensions; optional: without a C compiler the install still succeeds and the
#: automata fall back to their numpy/numba/Python routes (attnlogic.automata.minimize)
EXTENSIONS = [Extension("attnlogic.automata._native", ["automata/_native.c"], optional=True,
                        extra_compile_args=["-O2"])]


#: folders of data files inside a package, shipped as data-only packages: listed here, with
#: their files, so that setuptools knows them (unlisted, it warns once per build that Python
#: could import them but ``packages`` leaves them out)
DATA_PACKAGES = {"attnlogic.web.static": ["*.html", "*.js", "*.css"],
                 "attnlogic.experiments.corpus": ["*.raw"]}


def package_dirs(root: Path = HERE) -> dict[str, str]:
    """``{"attnlogic": "attnlogic", "attnlogic.ltl": "ltl", …}``: each shipped top-level folder."""
    dirs = {"attnlogic": "attnlogic"}
    for folder in sorted(p for p in root.iterdir() if (p / "__init__.py").is_file()):
        if folder.name not in NOT_SHIPPED and folder.name != "attnlogic" and folder.name.isidentifier():
            dirs[f"attnlogic.{folder.name}"] = folder.name
    return dirs


def packages(root: Path = HERE) -> list[str]:
    """Every shipped top-level package and every subpackage below it, and the data-only
    packages of ``DATA_PACKAGES``."""
    out = []
    for name, folder in package_dirs(root).items():
        out.append(name)
        out.extend(f"{name}.{sub}" for sub in find_packages(str(root / folder)))
    return out + list(DATA_PACKAGES)


if __name__ == "__main__":
    setup(package_dir=package_dirs(), packages=packages(), package_data={"": ["*.lark"], **DATA_PACKAGES},
          ext_modules=EXTENSIONS)
