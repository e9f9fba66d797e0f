# Two commands on a fresh machine:  make demo   and   make test
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# the editable install maps each top-level folder to attnlogic.<folder> when it is made: a new
# top-level package (a folder with an __init__.py, e.g. kernel/) needs it made again, and so
# does a changed C source (automata/_native.c: the install compiles it in place)
FOLDERS := $(VENV)/.folders

.PHONY: demo test test-quick install bench clean

# quiet: pip -q, and setuptools' note that an editable install uses a meta path finder (the
# folders map to attnlogic.<folder>, which needs one) filtered out by its message
PIP := PYTHONWARNINGS="ignore:Editable installation" $(BIN)/python -m pip install -q

# the package once, with the test extra; then the optional extras: their dependencies, read
# from the package just installed (it is not built again), each allowed to fail alone (a
# missing compiler, no wheel for this platform)
$(STAMP): pyproject.toml constraints.txt
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(PIP) --upgrade pip
	$(PIP) -c constraints.txt -e '.[test]'
	-$(PIP) -c constraints.txt 'attnlogic[oracles]'
	-$(PIP) -c constraints.txt 'attnlogic[cluster]'
	-$(PIP) -c constraints.txt 'attnlogic[onnx,notebook]'
	-$(PIP) -c constraints.txt 'attnlogic[hf]'
	-$(PIP) -c constraints.txt 'attnlogic[extract-peers]'
	-$(PIP) -c constraints.txt 'attnlogic[diagram]'
	-$(PIP) -c constraints.txt 'attnlogic[web,webtest]'
	-$(PIP) -c constraints.txt 'attnlogic[wheels]'
	touch $(STAMP)

$(FOLDERS): $(STAMP) $(wildcard */__init__.py) $(wildcard */*.c)
	$(PIP) --no-deps -e .
	touch $(FOLDERS)

install: $(FOLDERS)

demo: $(FOLDERS)
	$(BIN)/attnlogic demo

# one BLAS/OpenMP thread per test worker: two xdist workers on two cores, no oversubscription
THREADS := OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 MKL_NUM_THREADS=1

# --dist worksteal: the two workers take each other's remaining tests at the end, so a few long
# tests late in one worker's share do not leave the other idle
test: $(FOLDERS)
	$(THREADS) $(BIN)/pytest -n 2 --dist worksteal -q --durations=25

# the quick subset: the tests not marked slow or oracle, without the browser and load tests of
# the page (a check of a change in minutes; `make test` is the whole suite, README says how long)
QUICK := -m "not slow and not oracle" --ignore=tests/web/test_browser.py --ignore=tests/web/test_load.py

test-quick: $(FOLDERS)
	$(THREADS) $(BIN)/pytest -n 2 --dist worksteal -q $(QUICK) --durations=10

bench: $(FOLDERS)
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) build *.egg-info
