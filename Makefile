# Two commands on a fresh machine:  make demo   and   make test
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# the editable install maps each top-level folder to attnlogic.<folder> when it is made: a new
# top-level package (a folder with an __init__.py, e.g. kernel/) needs it made again, and so
# does a changed C source (automata/_native.c: the install compiles it in place)
FOLDERS := $(VENV)/.folders

.PHONY: demo test install bench clean

$(STAMP): pyproject.toml constraints.txt
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -c constraints.txt -e '.[test]'
	-$(BIN)/python -m pip install -q -c constraints.txt -e '.[oracles]'
	-$(BIN)/python -m pip install -q -c constraints.txt -e '.[cluster]'
	-$(BIN)/python -m pip install -q -c constraints.txt -e '.[onnx,notebook]'
	-$(BIN)/python -m pip install -q -c constraints.txt -e '.[hf]'
	-$(BIN)/python -m pip install -q -c constraints.txt -e '.[extract-peers]'
	-$(BIN)/python -m pip install -q -c constraints.txt -e '.[diagram]'
	-$(BIN)/python -m pip install -q -c constraints.txt -e '.[web,webtest]'
	touch $(STAMP)

$(FOLDERS): $(STAMP) $(wildcard */__init__.py) $(wildcard */*.c)
	$(BIN)/python -m pip install -q --no-deps -e .
	touch $(FOLDERS)

install: $(FOLDERS)

demo: $(FOLDERS)
	$(BIN)/attnlogic demo

# one BLAS/OpenMP thread per test worker: two xdist workers on two cores, no oversubscription
THREADS := OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 MKL_NUM_THREADS=1

test: $(FOLDERS)
	$(THREADS) $(BIN)/pytest -n 2 -q --durations=25

bench: $(FOLDERS)
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) build *.egg-info
