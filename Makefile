# `make run` sets up .venv and starts toguz; `make test` sets up and runs every check.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck unit bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/toguz $(ARGS)

lint: $(STAMP)
	$(BIN)/ruff check rules speech toguz_tui tests bench

typecheck: $(STAMP)
	$(BIN)/mypy --strict rules speech toguz_tui

unit: $(STAMP)
	$(BIN)/python -m pytest -q -rs $(PYTEST_ARGS)

test: lint typecheck unit

bench: $(STAMP)
	$(BIN)/python bench/rules.py
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/speech.py
	$(BIN)/python bench/tui.py
	$(BIN)/python bench/files.py
	$(BIN)/python bench/spoken.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
