# payd: the two commands are `make run` and `make test` (see README.md).
# Both install what is missing, build, and are quick to repeat.

BUILD      ?= build
ASAN_BUILD ?= build-asan
FUZZ_BUILD ?= build-fuzz
# Seconds per fuzz target: briefly in `make test`, long in `make fuzz`.
FUZZ_TEST_SECONDS ?= 25
FUZZ_SECONDS ?= 600
JOBS       ?= $(shell nproc)
CMAKE_FLAGS = -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo

.PHONY: run test deps build build-asan build-fuzz unit e2e test-release test-postgres test-asan test-fuzz test-browser test-plugins fuzz harness soak bench format format-check check-sleeps openapi-lint clean

run: deps build
	scripts/dev-run.sh

# The suites share one PostgreSQL server: PAYD_TEST_DATABASE_URL, or a throwaway one.
test: deps build build-asan build-fuzz format-check check-sleeps openapi-lint
	scripts/with-postgres.sh $(MAKE) --no-print-directory test-release test-postgres test-asan test-fuzz test-browser test-plugins harness
	@echo "make test: all suites passed"

deps:
	@scripts/install-deps.sh

$(BUILD)/build.ninja:
	cmake -S . -B $(BUILD) $(CMAKE_FLAGS)

$(ASAN_BUILD)/build.ninja:
	cmake -S . -B $(ASAN_BUILD) $(CMAKE_FLAGS) -DPAYD_SANITIZE=ON

build: $(BUILD)/build.ninja
	cmake --build $(BUILD) -j $(JOBS)

build-asan: $(ASAN_BUILD)/build.ninja
	cmake --build $(ASAN_BUILD) -j $(JOBS)

# The libFuzzer targets (tests/fuzz), with Debian's clang: only the sources they need.
$(FUZZ_BUILD)/build.ninja:
	cmake -S . -B $(FUZZ_BUILD) $(CMAKE_FLAGS) -DCMAKE_CXX_COMPILER=clang++-14 -DPAYD_FUZZ=ON

build-fuzz: $(FUZZ_BUILD)/build.ninja
	cmake --build $(FUZZ_BUILD) -j $(JOBS)

# Unit tests (each store test on SQLite and on PostgreSQL), then end-to-end
# tests against the real binary on SQLite, for one build. Every answer the e2e
# suite gets is checked against docs/openapi.yaml (tests/e2e/lib/openapi.mjs);
# each pass has its own tally, printed at its end.
test-release:
	@echo "== unit tests ($(BUILD))"
	$(BUILD)/payd_unit_tests --gtest_brief=1
	@echo "== end-to-end tests ($(BUILD))"
	rm -f $(BUILD)/openapi-tally-release.jsonl
	PAYD_OPENAPI_TALLY=$(abspath $(BUILD))/openapi-tally-release.jsonl PAYD_BIN=$(abspath $(BUILD))/payd node --test --test-concurrency=2 tests/e2e/
	node scripts/openapi-tally.mjs $(BUILD)/openapi-tally-release.jsonl

# The end-to-end and browser tests again, each payd on a PostgreSQL database
# of its own (tests/e2e/lib/database.mjs), on the server PAYD_TEST_DATABASE_URL
# names (`make test` starts one: scripts/with-postgres.sh).
test-postgres: export PAYD_E2E_STORE = postgres
test-postgres:
	@echo "== end-to-end tests on PostgreSQL ($(BUILD))"
	rm -f $(BUILD)/openapi-tally-postgres.jsonl
	PAYD_OPENAPI_TALLY=$(abspath $(BUILD))/openapi-tally-postgres.jsonl PAYD_BIN=$(abspath $(BUILD))/payd node --test --test-concurrency=2 tests/e2e/
	node scripts/openapi-tally.mjs $(BUILD)/openapi-tally-postgres.jsonl
	@echo "== browser tests on PostgreSQL ($(BUILD))"
	PAYD_BIN=$(abspath $(BUILD))/payd PAYD_SCREENSHOTS=$(abspath $(BUILD))/screenshots-postgres node --test --test-concurrency=1 tests/browser/

test-asan: export ASAN_OPTIONS = detect_leaks=1:abort_on_error=1:halt_on_error=1
test-asan: export UBSAN_OPTIONS = print_stacktrace=1:halt_on_error=1
test-asan:
	@echo "== unit tests under ASan+UBSan ($(ASAN_BUILD))"
	$(ASAN_BUILD)/payd_unit_tests --gtest_brief=1
	@echo "== end-to-end tests under ASan+UBSan ($(ASAN_BUILD))"
	rm -f $(ASAN_BUILD)/openapi-tally-asan.jsonl
	PAYD_OPENAPI_TALLY=$(abspath $(ASAN_BUILD))/openapi-tally-asan.jsonl PAYD_BIN=$(abspath $(ASAN_BUILD))/payd node --test --test-concurrency=2 tests/e2e/
	node scripts/openapi-tally.mjs $(ASAN_BUILD)/openapi-tally-asan.jsonl

# The checkout in Debian's Chromium (tests/browser, playwright-core + axe-core),
# against the release build only: the pages' behaviour does not change under
# the sanitizers, and a browser per file is heavy for the ASan run. One file at
# a time; screenshots of every state go to $(BUILD)/screenshots.
test-browser:
	@echo "== browser tests ($(BUILD))"
	PAYD_BIN=$(abspath $(BUILD))/payd PAYD_SCREENSHOTS=$(abspath $(BUILD))/screenshots node --test --test-concurrency=1 tests/browser/

# The shop plugins (plugins/medusa): built with tsc, their tests against the
# real payd of this build.
test-plugins:
	@echo "== plugins ($(BUILD))"
	cd plugins/medusa && npx tsc -p tsconfig.json && PAYD_BIN=$(abspath $(BUILD))/payd node --test --test-concurrency=1 test/

# Each fuzz target on its seed corpus for a short while; fails on any finding.
test-fuzz:
	@echo "== fuzz targets, $(FUZZ_TEST_SECONDS) s each ($(FUZZ_BUILD))"
	FUZZ_BUILD=$(FUZZ_BUILD) scripts/fuzz.sh $(FUZZ_TEST_SECONDS)

# Longer fuzzing; what it learns stays in FUZZ_WORK_DIR (outside the repository).
fuzz: deps build-fuzz
	FUZZ_BUILD=$(FUZZ_BUILD) FUZZ_WORK_DIR=$${FUZZ_WORK_DIR:-$$HOME/.cache/payd-fuzz} scripts/fuzz.sh $(FUZZ_SECONDS)

# The randomized scenario harness (tests/harness, DEVELOPERS.md): a fixed set
# of seeds, chosen by tests/harness/coverage.mjs to draw every feature of the
# generator, against the release build. `make soak SCENARIOS=1000` runs seeds
# 1..N two at a time and prints the table. HARNESS_SEEDS= (empty) skips it.
# HARNESS_PG_SEEDS run in the PostgreSQL mode (two payd processes on one
# database, the chain leader SIGKILLed, its lock session terminated), chosen
# to draw both kinds of leader fault; `make soak STORE=postgres` soaks in that
# mode. Either starts a throwaway PostgreSQL unless PAYD_TEST_DATABASE_URL names one.
HARNESS_SEEDS    ?= 71,79,102,170,183,200,302,555,644,695,713,857,867,1185,1368,1776
HARNESS_PG_SEEDS ?= 36,38,102,180
SCENARIOS        ?= 200
STORE            ?= sqlite

harness:
ifneq ($(strip $(HARNESS_SEEDS)),)
	@echo "== scenario harness: its checks, then seeds $(HARNESS_SEEDS) ($(BUILD))"
	node --test tests/harness/
	PAYD_BIN=$(abspath $(BUILD))/payd node tests/harness/run.mjs --seeds $(HARNESS_SEEDS) --jobs 2
endif
ifneq ($(strip $(HARNESS_PG_SEEDS)),)
	@echo "== scenario harness on PostgreSQL: seeds $(HARNESS_PG_SEEDS) ($(BUILD))"
	scripts/with-postgres.sh env PAYD_BIN=$(abspath $(BUILD))/payd node tests/harness/run.mjs --seeds $(HARNESS_PG_SEEDS) --store postgres --jobs 2
endif

# On a copy of the binary: a rebuild during the hour a soak takes would
# replace the payd its scenarios restart.
soak: deps build
	cp $(BUILD)/payd $(BUILD)/payd-soak
ifeq ($(STORE),postgres)
	scripts/with-postgres.sh env PAYD_BIN=$(abspath $(BUILD))/payd-soak node tests/harness/run.mjs --seeds 1-$(SCENARIOS) --store postgres --jobs 2
else
	PAYD_BIN=$(abspath $(BUILD))/payd-soak node tests/harness/run.mjs --seeds 1-$(SCENARIOS) --jobs 2
endif

bench: build
	@scripts/install-deps.sh --bench
	bench/run.sh
	bench/intents.sh
	bench/postgres.sh
	bench/cluster.sh
	$(BUILD)/payd_bench_reservations
	node bench/catchup.mjs
	node bench/webhooks.mjs
	node bench/page_follow.mjs
	bench/scale.sh sqlite
	bench/scale.sh postgres

format:
	clang-format -i $$(git ls-files --cached --others --exclude-standard '*.cpp' '*.h')

format-check:
	@clang-format --dry-run --Werror $$(git ls-files --cached --others --exclude-standard '*.cpp' '*.h')

# A fixed sleep used as a wait in tests/ fails, unless its line says why time is the subject
# (`// sleep-ok: <reason>`, or tests/sleep-allowlist.txt).
check-sleeps:
	@node scripts/check-sleeps.mjs

# docs/openapi.yaml against Redocly's recommended ruleset (redocly.yaml; the three accepted
# problems, each with its reason, are in .redocly.lint-ignore.yaml). Offline: no telemetry.
openapi-lint:
	@REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true npx --no-install redocly lint --format=stylish docs/openapi.yaml

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(FUZZ_BUILD)
