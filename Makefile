# Two commands on a fresh machine:  make demo   and   make test
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test install bench clean

$(STAMP): pyproject.toml constraints.txt
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -c constraints.txt -e '.[test]'
	-$(BIN)/python -m pip install -q -c constraints.txt -e '.[oracles]'
	-$(BIN)/python -m pip install -q -c constraints.txt -e '.[cluster]'
	-$(BIN)/python -m pip install -q -c constraints.txt -e '.[onnx,notebook]'
	-$(BIN)/python -m pip install -q -c constraints.txt -e '.[hf]'
	-$(BIN)/python -m pip install -q -c constraints.txt -e '.[diagram]'
	-$(BIN)/python -m pip install -q -c constraints.txt -e '.[web,webtest]'
	touch $(STAMP)

install: $(STAMP)

demo: $(STAMP)
	$(BIN)/attnlogic demo

# one BLAS/OpenMP thread per test worker: two xdist workers on two cores, no oversubscription
THREADS := OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 MKL_NUM_THREADS=1

test: $(STAMP)
	$(THREADS) $(BIN)/pytest -n 2 -q --durations=25

bench: $(STAMP)
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) build *.egg-info
