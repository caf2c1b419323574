# Two commands set everything up on a fresh machine:
#   make kit    create .venv, install fabgen, build the default kit into output/
#   make test   create .venv if needed, run the whole test suite
PYTHON ?= python3
VENV   ?= .venv
OUT    ?= output
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# The suite runs on every core (pytest-xdist), a test file per process so that each file's
# tests keep their order and share their module's fixtures; TESTFLAGS= runs it in one.
TESTFLAGS ?= -n auto --dist loadfile

.PHONY: kit test lint bench pictures fairness docs clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

kit: $(STAMP)
	$(BIN)/fabgen build --out $(OUT)

test: $(STAMP)
	$(BIN)/python -m pytest -q $(TESTFLAGS)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports  # the layers and no import circles (pyproject.toml)
	$(BIN)/mypy  # types of the whole package ([tool.mypy] in pyproject.toml)

pictures: $(STAMP)
	$(BIN)/python -m fabgen.pictures

# The documentation site into site/ (offline; --strict: any warning fails the build).
docs: $(STAMP)
	$(BIN)/python -m mkdocs build --strict --site-dir site

# The fairness table of every preset under strong play (about an hour on two cores).
fairness: $(STAMP)
	$(BIN)/python benchmarks/fairness.py --out docs/fairness.md

bench: $(STAMP)
	for b in benchmarks/bench_*.py; do $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) build *.egg-info
	find $(OUT) -mindepth 1 ! -name .gitkeep -delete
