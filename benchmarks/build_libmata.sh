#!/usr/bin/env bash
# Builds libmata 1.31.1 (C++ Mata, the newest release: the peer of the README's Benchmarks
# section) from its sdist and installs it into a virtual environment.
#
# Why a script: 1.31.1 has no wheel for Linux/CPython 3.11 here, and its sdist includes C++20's
# <format> in mata/src/nft/nft.cc, which uses nothing from it; GCC 12's libstdc++ lacks that
# header, so the published sdist does not compile.  The script deletes that one line and builds.
# Several minutes of C++ compile on 2 cores.
#
# Usage: bash benchmarks/build_libmata.sh [VENV]     (VENV: relative to the repository root or
#        absolute; defaults to .venv there)
#        JOBS=N bash benchmarks/build_libmata.sh ...  (parallel compile jobs; default: the
#        number of cores; Mata's own Makefile would start 6)
# Check: VENV/bin/python -c "import importlib.metadata as m; print(m.version('libmata'))"
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${1:-.venv}
VERSION=1.31.1
PY="$VENV/bin/python"
if [ ! -x "$PY" ]; then
  echo "build_libmata: no python at $PY (give the virtual environment's folder)" >&2
  exit 2
fi
export JOBS=${JOBS:-$(nproc)}   # read by the sdist's mata/Makefile (JOBS ?= 6)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# the sdist only (--no-binary libmata: its build requirements may come as wheels)
"$PY" -m pip download --no-deps --no-binary libmata "libmata==$VERSION" -d "$work"
sdist=$(ls "$work"/libmata-"$VERSION".tar.gz)
tar -xzf "$sdist" -C "$work"
src="$work/libmata-$VERSION"
nft="$src/mata/src/nft/nft.cc"
if ! grep -q '^#include <format>' "$nft"; then
  echo "build_libmata: $nft has no '#include <format>' line (has the sdist changed?)" >&2
  exit 2
fi
sed -i '/^#include <format>$/d' "$nft"
if grep -rqE 'std::format|std::vformat' "$src/mata/src/nft/nft.cc"; then
  echo "build_libmata: nft.cc uses std::format; deleting the include would not be enough" >&2
  exit 2
fi
"$PY" -m pip wheel --no-deps -w "$work/wheel" "$src"
# with its requirements (libmata.nfa imports pandas and networkx, libmata.utils tabulate)
"$PY" -m pip install -c constraints.txt --force-reinstall --no-deps "$work"/wheel/libmata-"$VERSION"-*.whl
"$PY" -m pip install -c constraints.txt "$work"/wheel/libmata-"$VERSION"-*.whl
"$PY" -c "import importlib.metadata as m, libmata.nfa.nfa; print('libmata', m.version('libmata'), 'installed')"
