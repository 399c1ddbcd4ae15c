# `make run` sets up .venv and starts toguz; `make test` sets up and runs every check; `make unit` runs
# the fast tests only (not those marked slow), the inner loop while working.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
COMPILED := $(VENV)/.compiled
ENGINE_SOURCES := rules/engine/fast.py rules/engine/lean.py rules/engine/evaluate.py rules/engine/search.py
VERSION := $(shell sed -n 's/^__version__ = "\(.*\)"/\1/p' toguz_tui/__init__.py)

LANGUAGES := kk ru ky cs de pl nl
BABEL_KEYWORDS := --no-default-keywords -k _ -k n_:1,2 -k p_:1c,2 -k np_:1c,2,3 -k N_ -k Np_:1c,2

.PHONY: run test lint typecheck workflows house unit all-tests bench match clean messages package

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip uninstall --quiet --yes toguz 2>/dev/null || true  # the distribution's old name
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# The computer's compiled search, compiled again whenever the engine's sources change.
$(COMPILED): $(STAMP) $(ENGINE_SOURCES)
	@echo "Compiling the computer's search once (a minute or so; later starts load it from numba's cache)"
	$(BIN)/python -c "from toguz_tui.session.preparation import compile_here; compile_here()"
	touch $(COMPILED)

run: $(COMPILED)
	$(BIN)/toguz $(ARGS)

lint: $(STAMP)
	$(BIN)/ruff check rules speech toguz_tui tests bench tools

# Linux, and the program as Windows and macOS see it (their standard libraries: no fcntl, no killpg there).
# The three at once, each with a cache of its own (a cache is not shared between runs at the same time).
typecheck: $(STAMP)
	$(BIN)/mypy --strict rules speech toguz_tui tests & linux=$$!; \
	$(BIN)/mypy --strict --platform win32 --cache-dir .mypy_cache/win32 rules speech toguz_tui & win32=$$!; \
	$(BIN)/mypy --strict --platform darwin --cache-dir .mypy_cache/darwin rules speech toguz_tui; darwin=$$?; \
	wait $$linux; linux=$$?; wait $$win32; win32=$$?; \
	[ $$linux -eq 0 ] && [ $$win32 -eq 0 ] && [ $$darwin -eq 0 ]

# The CI workflows (.github/workflows; not yet run on GitHub) against GitHub's published schema, which
# check-jsonschema carries inside it, and zizmor's security audits: both offline.
workflows: $(STAMP)
	$(BIN)/check-jsonschema --builtin-schema vendor.github-workflows .github/workflows/*.yml
	$(BIN)/zizmor --offline .github/workflows

# Tests run on two cores (pytest-xdist; a worker that runs out of tests takes some of the other's, so that a
# long test at the end does not leave one core idle); PYTEST_ARGS adds options (-k NAME, -x, -n 0 for one process).
unit: $(COMPILED)
	$(BIN)/python -m pytest -q -rs -n 2 --dist worksteal -m "not slow" $(PYTEST_ARGS)

all-tests: $(COMPILED)
	$(BIN)/python -m pytest -q -rs -n 2 --dist worksteal $(PYTEST_ARGS)

# The house's figures (bench/house.py): a missed target fails the run.
house: $(STAMP)
	$(BIN)/python bench/house.py --check

# The search compiles (one core) while the type checks run (both): then the rest, one after the other.
test:
	$(MAKE) --no-print-directory -j2 --output-sync=target $(COMPILED) typecheck
	$(MAKE) --no-print-directory lint workflows house all-tests

bench: $(COMPILED)
	$(BIN)/python bench/rules.py
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/speech.py
	$(BIN)/python bench/tui.py
	$(BIN)/python bench/first_start.py
	$(BIN)/python bench/files.py
	$(BIN)/python bench/spoken.py
	$(BIN)/python bench/cues.py
	$(BIN)/python bench/account.py
	$(BIN)/python bench/clock.py
	$(BIN)/python tools/build_puzzles.py --check
	$(BIN)/python bench/house.py
	$(BIN)/python bench/platforms.py

# Today's level 8 against level 8 of a git commit (bench/yardstick.py; default df1fa41, of 2026-11-28; ARGS="--against
# COMMIT"): 40 games at 0.3 s a move and 20 at 1 s, each line printing the score and how many losses came by our
# row running empty (some 40 minutes with two free cores).
match: $(COMPILED)
	$(BIN)/python bench/match.py $(ARGS)

# The message catalogue: extract every message from the code into speech/locale/toguz.pot, bring each
# language's .po file up to date with it (new messages empty, none guessed), and compile the .mo files
# that toguz reads. Translate the empty messages in the .po files, then run it again.
messages: $(STAMP)
	$(BIN)/pybabel -q extract -F babel.cfg -o speech/locale/toguz.pot $(BABEL_KEYWORDS) \
		--project=toguz --version=$(VERSION) --copyright-holder="the toguz authors" \
		--add-comments=Translators: -w 110 --omit-header rules speech toguz_tui
	for language in $(LANGUAGES); do \
		$(BIN)/pybabel -q update -i speech/locale/toguz.pot -d speech/locale -D toguz -l $$language \
			-w 110 --no-fuzzy-matching --ignore-obsolete || exit 1; \
	done
	$(BIN)/pybabel compile -d speech/locale -D toguz --statistics

# The wheel and the sdist for PyPI, in dist/, checked as PyPI checks them (tests/test_package.py also installs
# the wheel in a fresh environment and plays it). Publishing them takes the maintainers' PyPI token: twine upload dist/*.
package: $(STAMP)
	rm -rf dist
	$(BIN)/python -m build --outdir dist .
	$(BIN)/python -m twine check --strict dist/*

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache dist
