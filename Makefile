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
	touch $(STAMP)

install: $(STAMP)

demo: $(STAMP)
	$(BIN)/attnlogic demo

test: $(STAMP)
	$(BIN)/pytest -n 2 -q

bench: $(STAMP)
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) build *.egg-info
