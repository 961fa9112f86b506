# Two commands on a fresh machine (see README):
#   make serve   build the site into dist/ and serve it on http://localhost:8000
#   make test    install what the tests need and run the whole suite
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
WASM_PLATFORM := --platform pyemscripten_2026_0_wasm32 --python-version 3.14 --implementation cp --abi cp314 --abi none

.PHONY: serve build test test-fast bench soak lighthouse clean chromium browsers

$(VENV)/.build-ok: requirements-build.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r requirements-build.txt
	touch $@

$(VENV)/.test-ok: $(VENV)/.build-ok requirements-test.txt
	$(PY) -m pip install -q -r requirements-test.txt
	touch $@

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund

build/wheels/.ok: requirements-site.txt $(VENV)/.build-ok
	rm -rf build/wheels
	$(PY) -m pip download -q --require-hashes --no-deps --only-binary=:all: $(WASM_PLATFORM) -r requirements-site.txt -d build/wheels
	touch $@

build: $(VENV)/.build-ok node_modules/.package-lock.json build/wheels/.ok
	$(PY) tools/build.py $(if $(COMMIT_REF),--stamp $(COMMIT_REF))

serve: build
	$(PY) tools/serve.py --port $(PORT)

chromium:
	@if [ ! -x /usr/bin/chromium ] && [ "$$(id -u)" = 0 ]; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	fi
	@if [ ! -x /usr/bin/chromium ]; then $(PY) -m playwright install chromium; fi

# Firefox ESR and WebKitGTK (Safari's engine) for tests/e2e/test_firefox.py and test_webkit.py, from
# Debian's packages (Playwright cannot use them; tests/e2e/other_browsers.py drives them over WebDriver).
# Not root: install firefox-esr, webkit2gtk-driver and xvfb (or your system's Firefox, WebKitWebDriver
# with its MiniBrowser, and Xvfb) yourself.
BROWSER_COMMANDS := firefox-esr WebKitWebDriver Xvfb
browsers:
	@if [ "$$(command -v $(BROWSER_COMMANDS) | wc -l)" != 3 ]; then \
		if [ "$$(id -u)" = 0 ]; then \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq firefox-esr webkit2gtk-driver xvfb >/dev/null; \
		else \
			echo "make test needs $(BROWSER_COMMANDS): install firefox-esr, webkit2gtk-driver and xvfb" >&2; exit 1; \
		fi; \
	fi

# Both tiers run on both cores (pytest-xdist). The browser tier keeps each
# file's tests on one worker (--dist loadfile), so a file's browser context and
# engine start once; no test depends on the machine's speed (the whole tier
# passes at a load average of 20 to 37), so several at a time tell the same
# truth. Its three workers on two cores fill the time its tests wait (a paced
# bot, a slow network emulated, a driver's poll): 779 s against 824 s with two.
test: $(VENV)/.test-ok build chromium browsers
	$(PY) -m pytest -q -m "not e2e" -n 2
	$(PY) -m pytest -q -m e2e -n 3 --dist loadfile

test-fast: $(VENV)/.test-ok
	$(PY) -m pytest -q -m "not e2e" -n 2

# BENCH_ARGS, e.g. "--dist /tmp/old-dist --dist dist" to compare two builds side by side.
bench: $(VENV)/.test-ok build chromium
	$(PY) -m engine bench
	$(PY) tools/browser_bench.py $(BENCH_ARGS)
	$(PY) tools/slow_4g_bench.py

# The monkey in the real page (tools/soak.py): SEED picks the input sequence, MINUTES how long;
# STEPS=N stops after N inputs and PROFILE=quick is the one-minute test's mix (both to replay a failure);
# VERBOSE=1 prints every input as it is made.
SEED ?= 1
MINUTES ?= 10
PROFILE ?= full
soak: $(VENV)/.test-ok build chromium
	$(PY) tools/soak.py --seed $(SEED) --minutes $(MINUTES) --profile $(PROFILE) $(if $(STEPS),--steps $(STEPS)) $(if $(VERBOSE),--verbose)

# Lighthouse's mobile profile on the built site (tools/lighthouse.py): a benchmark that prints the scores
# and names what kept them down, not a test (its scores depend on the machine). Lighthouse is pinned in
# tools/lighthouse/, apart from the site's package.json; the reports go to build/lighthouse/.
# LIGHTHOUSE_ARGS, e.g. "--runs 3" for each page's median, or "landing embed" for two pages.
tools/lighthouse/node_modules/.package-lock.json: tools/lighthouse/package.json tools/lighthouse/package-lock.json
	npm ci --prefix tools/lighthouse --no-audit --no-fund

lighthouse: build chromium tools/lighthouse/node_modules/.package-lock.json
	CHROME_PATH=$${CHROME_PATH:-/usr/bin/chromium} $(PY) tools/lighthouse.py $(LIGHTHOUSE_ARGS)

clean:
	rm -rf dist build $(VENV) node_modules tools/lighthouse/node_modules
