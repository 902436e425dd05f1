# payd: the two commands are `make run` and `make test` (see README.md).
# Both install what is missing, build, and are quick to repeat.

BUILD      ?= build
ASAN_BUILD ?= build-asan
TSAN_BUILD ?= build-tsan
FUZZ_BUILD ?= build-fuzz
# Seconds per fuzz target: briefly in `make test`, long in `make fuzz`.
FUZZ_TEST_SECONDS ?= 25
FUZZ_SECONDS ?= 600
JOBS       ?= $(shell nproc)
CMAKE_FLAGS = -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo

.PHONY: run test deps deps-plugins build build-asan build-fuzz build-tsan tsan unit e2e e2e-postgres unit-asan e2e-asan browser browser-postgres browsers test-release test-postgres test-asan test-fuzz test-browser test-plugins fuzz harness soak bench format format-check check-sleeps openapi-lint clean

run: deps build
	scripts/dev-run.sh

# Every suite of every build (scripts/test-all.mjs: the stages side by side where
# the cores allow, a table of their times at the end), on one throwaway PostgreSQL
# server unless PAYD_TEST_DATABASE_URL names one.
test: deps
	scripts/with-postgres.sh node scripts/test-all.mjs

deps:
	@scripts/install-deps.sh

# The Medusa provider's packages (plugins/medusa): only its tests need them.
deps-plugins:
	@scripts/install-deps.sh --plugins

$(BUILD)/build.ninja:
	cmake -S . -B $(BUILD) $(CMAKE_FLAGS)

$(ASAN_BUILD)/build.ninja:
	cmake -S . -B $(ASAN_BUILD) $(CMAKE_FLAGS) -DPAYD_SANITIZE=ON

build: $(BUILD)/build.ninja
	cmake --build $(BUILD) -j $(JOBS)

# payd and its unit tests: the benches are measured on the release build only.
build-asan: $(ASAN_BUILD)/build.ninja
	cmake --build $(ASAN_BUILD) -j $(JOBS) --target payd payd_unit_tests

# The HTTP server under ThreadSanitizer: its own sources and its tests only
# (payd_tsan_tests; CMakeLists.txt), a minute of compiling. `cmake --build
# $(TSAN_BUILD) --target payd` builds a whole payd under TSan when a race needs chasing.
$(TSAN_BUILD)/build.ninja:
	cmake -S . -B $(TSAN_BUILD) $(CMAKE_FLAGS) -DPAYD_TSAN=ON -DPAYD_BUILD_TESTS=OFF

build-tsan: $(TSAN_BUILD)/build.ninja
	cmake --build $(TSAN_BUILD) -j $(JOBS) --target payd_tsan_tests

# The libFuzzer targets (tests/fuzz), with Debian's clang: only the sources they need.
$(FUZZ_BUILD)/build.ninja:
	cmake -S . -B $(FUZZ_BUILD) $(CMAKE_FLAGS) -DCMAKE_CXX_COMPILER=clang++-14 -DPAYD_FUZZ=ON

build-fuzz: $(FUZZ_BUILD)/build.ninja
	cmake --build $(FUZZ_BUILD) -j $(JOBS)

# Nothing can hang a run: each suite runs under scripts/watchdog.mjs, which
# after its limit prints the test files still running (and what they started)
# and stops them all; node's runner ends once its files are done, whatever they
# left open (--test-force-exit), and stops a file that outlives --test-timeout
# (in Node 20 it bounds each file and each test in it; a test may set a shorter
# one). The limits are about three times a suite's time on a quiet 2-core machine.
WATCHDOG      = node $(CURDIR)/scripts/watchdog.mjs
# tests/stdout_blocking.mjs, loaded into each test file's process: a forced exit
# never cuts a file's last report, which Node 20's runner would spin on for ever.
NODE_TEST     = node --import $(CURDIR)/tests/stdout_blocking.mjs --test --test-force-exit
# e2e files wait on chains, browsers and payd more than they compute: more at once than cores.
E2E_JOBS     ?= 3
FILE_LIMIT_MS = 300000
# Under ASan payd is several times slower: its files get twice as long.
ASAN_FILE_LIMIT_MS = 600000
# A GoogleTest binary as two shards side by side (GoogleTest's own sharding; the
# PostgreSQL store tests each make a scratch database, so shards share none).
gtest_shards = scripts/side-by-side.sh \
  "GTEST_TOTAL_SHARDS=2 GTEST_SHARD_INDEX=0 $(1) --gtest_brief=1" \
  "GTEST_TOTAL_SHARDS=2 GTEST_SHARD_INDEX=1 $(1) --gtest_brief=1"

# Unit tests (each store test on SQLite and on PostgreSQL), in shards side by side.
unit:
	$(WATCHDOG) 600 "unit tests ($(BUILD))" -- $(call gtest_shards,$(BUILD)/payd_unit_tests)

# The server's streams and its shutdown while connections come and go, under
# ThreadSanitizer: any data race fails it (a SIGTERM once crashed payd on one).
tsan: export TSAN_OPTIONS = halt_on_error=1:second_deadlock_stack=1
tsan:
	$(WATCHDOG) 600 "HTTP server under ThreadSanitizer ($(TSAN_BUILD))" -- $(TSAN_BUILD)/payd_tsan_tests --gtest_brief=1

# End-to-end tests against the real binary on SQLite. Every answer the e2e
# suite gets is checked against docs/openapi.yaml (tests/e2e/lib/openapi.mjs);
# each pass has its own tally, printed at its end.
e2e:
	rm -f $(BUILD)/openapi-tally-release.jsonl
	PAYD_OPENAPI_TALLY=$(abspath $(BUILD))/openapi-tally-release.jsonl PAYD_BIN=$(abspath $(BUILD))/payd \
	  $(WATCHDOG) 1800 "end-to-end tests ($(BUILD), SQLite)" -- \
	  $(NODE_TEST) --test-timeout=$(FILE_LIMIT_MS) --test-concurrency=$(E2E_JOBS) tests/e2e/
	node scripts/openapi-tally.mjs $(BUILD)/openapi-tally-release.jsonl

# The end-to-end tests again, each payd on a PostgreSQL database of its own
# (tests/e2e/lib/database.mjs), on the server PAYD_TEST_DATABASE_URL names
# (`make test` starts one: scripts/with-postgres.sh).
e2e-postgres: export PAYD_E2E_STORE = postgres
e2e-postgres:
	rm -f $(BUILD)/openapi-tally-postgres.jsonl
	PAYD_OPENAPI_TALLY=$(abspath $(BUILD))/openapi-tally-postgres.jsonl PAYD_BIN=$(abspath $(BUILD))/payd \
	  $(WATCHDOG) 1800 "end-to-end tests ($(BUILD), PostgreSQL)" -- \
	  $(NODE_TEST) --test-timeout=$(FILE_LIMIT_MS) --test-concurrency=$(E2E_JOBS) tests/e2e/
	node scripts/openapi-tally.mjs $(BUILD)/openapi-tally-postgres.jsonl

unit-asan: export ASAN_OPTIONS = detect_leaks=1:abort_on_error=1:halt_on_error=1
unit-asan: export UBSAN_OPTIONS = print_stacktrace=1:halt_on_error=1
unit-asan:
	$(WATCHDOG) 1200 "unit tests under ASan+UBSan ($(ASAN_BUILD))" -- $(call gtest_shards,$(ASAN_BUILD)/payd_unit_tests)

# Every e2e file but the SIGKILL loop: it proves the database survives kills under
# load, which the sanitizers cannot see into (the process dies mid-write by design),
# and at ASan's pace it was the suite's longest file (150 s) for nothing more.
E2E_ASAN_FILES = $(filter-out tests/e2e/crash_loop.test.mjs,$(sort $(wildcard tests/e2e/*.test.mjs)))
e2e-asan: export ASAN_OPTIONS = detect_leaks=1:abort_on_error=1:halt_on_error=1
e2e-asan: export UBSAN_OPTIONS = print_stacktrace=1:halt_on_error=1
e2e-asan:
	rm -f $(ASAN_BUILD)/openapi-tally-asan.jsonl
	PAYD_OPENAPI_TALLY=$(abspath $(ASAN_BUILD))/openapi-tally-asan.jsonl PAYD_BIN=$(abspath $(ASAN_BUILD))/payd \
	  $(WATCHDOG) 3000 "end-to-end tests under ASan+UBSan ($(ASAN_BUILD))" -- \
	  $(NODE_TEST) --test-timeout=$(ASAN_FILE_LIMIT_MS) --test-concurrency=$(E2E_JOBS) $(E2E_ASAN_FILES)
	node scripts/openapi-tally.mjs $(ASAN_BUILD)/openapi-tally-asan.jsonl

# The pages in Debian's Chromium (tests/browser, playwright-core + axe-core),
# against the release build only: the pages' behaviour does not change under
# the sanitizers, and a browser per file is heavy for the ASan run. One file at
# a time per store; screenshots of every state go to $(BUILD)/screenshots
# (and screenshots-postgres). `make test` runs `browser` only (scripts/test-all.mjs
# says why); `browsers` runs the two stores side by side.
browser:
	rm -f $(BUILD)/screenshots/page-checks.jsonl  # this run's page list (scripts/page-checks.mjs)
	PAYD_BIN=$(abspath $(BUILD))/payd PAYD_SCREENSHOTS=$(abspath $(BUILD))/screenshots \
	  $(WATCHDOG) 1800 "browser tests ($(BUILD), SQLite)" -- \
	  $(NODE_TEST) --test-timeout=$(FILE_LIMIT_MS) --test-concurrency=1 tests/browser/

browser-postgres: export PAYD_E2E_STORE = postgres
browser-postgres:
	rm -f $(BUILD)/screenshots-postgres/page-checks.jsonl
	PAYD_BIN=$(abspath $(BUILD))/payd PAYD_SCREENSHOTS=$(abspath $(BUILD))/screenshots-postgres \
	  $(WATCHDOG) 1800 "browser tests ($(BUILD), PostgreSQL)" -- \
	  $(NODE_TEST) --test-timeout=$(FILE_LIMIT_MS) --test-concurrency=1 tests/browser/

browsers:
	scripts/side-by-side.sh "$(MAKE) --no-print-directory browser" "$(MAKE) --no-print-directory browser-postgres"

# The suites of one build, as before `make test` ran them in stages.
test-release: unit e2e
test-postgres: e2e-postgres browser-postgres
test-asan: unit-asan e2e-asan
test-browser: browser

# The shop plugins (plugins/medusa): built with tsc, their tests against the
# real payd of this build.
test-plugins:
	cd plugins/medusa && npx tsc -p tsconfig.json && PAYD_BIN=$(abspath $(BUILD))/payd \
	  $(WATCHDOG) 1200 "plugin tests ($(BUILD))" -- $(NODE_TEST) --test-timeout=$(FILE_LIMIT_MS) --test-concurrency=1 test/

# Each fuzz target on its seed corpus for a short while, two at a time; fails on any finding.
test-fuzz:
	FUZZ_BUILD=$(FUZZ_BUILD) FUZZ_JOBS=2 $(WATCHDOG) 900 "fuzz targets ($(FUZZ_BUILD))" -- scripts/fuzz.sh $(FUZZ_TEST_SECONDS)

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
HARNESS_SEEDS    ?= 22,34,105,167,168,313,598,636,750,780,857,954,1295,1322,1638,1906
HARNESS_PG_SEEDS ?= 102,168,200,1350
SCENARIOS        ?= 200
STORE            ?= sqlite

harness:
ifneq ($(strip $(HARNESS_SEEDS)),)
	$(WATCHDOG) 300 "scenario harness checks" -- $(NODE_TEST) --test-timeout=$(FILE_LIMIT_MS) tests/harness/
	PAYD_BIN=$(abspath $(BUILD))/payd $(WATCHDOG) 1500 "scenario harness, seeds $(HARNESS_SEEDS)" -- \
	  node tests/harness/run.mjs --seeds $(HARNESS_SEEDS) --jobs 2
endif
ifneq ($(strip $(HARNESS_PG_SEEDS)),)
	scripts/with-postgres.sh env PAYD_BIN=$(abspath $(BUILD))/payd \
	  $(WATCHDOG) 1200 "scenario harness on PostgreSQL, seeds $(HARNESS_PG_SEEDS)" -- \
	  node tests/harness/run.mjs --seeds $(HARNESS_PG_SEEDS) --store postgres --jobs 2
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
	cmake --build $(BUILD) -j $(JOBS) --target payd_benches
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
	rm -rf $(BUILD) $(ASAN_BUILD) $(FUZZ_BUILD) $(TSAN_BUILD)
