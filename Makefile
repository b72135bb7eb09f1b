# The two commands a newcomer types (see README.md):
#   make demo   install what is missing, build native + wasm + web, serve on 127.0.0.1:4173
#   make test   the same plus the test tools, then every test (C, JS, end-to-end)
SHELL := /bin/bash
.DEFAULT_GOAL := demo

EMCC := NODE_PATH=/usr/share/nodejs emcc
WASM_SOURCES := $(wildcard core/src/*/*.c) wasm/exports.c
WASM_HEADERS := core/include/clustereval.h $(wildcard core/src/*/*.h)
# The wasm optimizer inlines every function that has one caller; past 100 of its size units
# it keeps them apart, so that a long loop's body stays a function V8 optimizes while the
# loop runs (see CE_NOINLINE in core/src/common/util_internal.h).
EMCC_FLAGS := -O2 -std=c11 -Wall -Wextra -Icore/include -Icore/src -sALLOW_MEMORY_GROWTH=1 \
  -sFILESYSTEM=0 -sMODULARIZE=1 -sEXPORT_NAME=createClusterEval \
  -sEXPORTED_FUNCTIONS=_malloc,_free \
  -sBINARYEN_EXTRA_PASSES=--one-caller-inline-max-function-size=100
PORT ?= 4173

FUZZ_SECONDS ?= 60

.PHONY: demo test setup setup-test native wasm npm web serve fuzz bench clean options

demo: setup native wasm web
	@echo
	@echo "clustereval is served at http://127.0.0.1:$(PORT)/  (Ctrl-C stops it)"
	@echo
	npx vite preview --host 127.0.0.1 --port $(PORT) --strictPort

test: setup-test native wasm npm web
	FUZZ_SECONDS=30 bash scripts/run-tests.sh

# Every libFuzzer target (clang, ASan, UBSan) for FUZZ_SECONDS each.
fuzz: setup-test
	bash fuzz/run.sh $(FUZZ_SECONDS)

# Measurements side by side in one run (see docs/performance.md); no test asserts a time.
bench: setup-test native wasm npm web
	bash bench/run.sh

setup:
	bash scripts/setup.sh demo

setup-test:
	bash scripts/setup.sh test

native:
	cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCE_WERROR=ON
	cmake --build build -j2

wasm: wasm/build/clustereval.mjs wasm/build/clustereval-threads.mjs wasm/build/clustereval-node.cjs

# For the page: an ES module for a module worker; Vite bundles the .wasm beside it.
wasm/build/clustereval.mjs: $(WASM_SOURCES) $(WASM_HEADERS)
	@mkdir -p $(@D)
	$(EMCC) $(EMCC_FLAGS) -sEXPORT_ES6=1 -sENVIRONMENT=worker $(WASM_SOURCES) -o $@

# For the page when it is cross-origin isolated (served with COOP and COEP, which shared
# memory needs): the same module on threads, beside its pthread worker script and its wasm.
# A pool of workers, loaded with the module, serves the caller's thread and one thread a
# worker, no more (CE_THREADS_MAX): a thread started with no worker free would wait for one
# to load while its caller waits for the thread.
THREADS_POOL := 3
THREADS_FLAGS := -Wno-pthreads-mem-growth -pthread -sPTHREAD_POOL_SIZE=$(THREADS_POOL) \
  '-DCE_THREADS_MAX=($(THREADS_POOL) + 1)'
wasm/build/clustereval-threads.mjs: $(WASM_SOURCES) $(WASM_HEADERS) wasm/threads-pre.js
	@mkdir -p $(@D)
	$(EMCC) $(EMCC_FLAGS) $(THREADS_FLAGS) --pre-js wasm/threads-pre.js -sEXPORT_ES6=1 \
	  -sENVIRONMENT=worker $(WASM_SOURCES) -o $@

# For the JS unit tests under Node: CommonJS, handed its wasm bytes by the test.
wasm/build/clustereval-node.cjs: $(WASM_SOURCES) $(WASM_HEADERS)
	@mkdir -p $(@D)
	$(EMCC) $(EMCC_FLAGS) -sENVIRONMENT=node $(WASM_SOURCES) -o $@

# The npm package (npm/): the core with its wasm inlined, so that Node and bundlers load it
# with nothing to locate, and the one binding beside it.
npm: npm/lib/clustereval.mjs npm/lib/binding.js npm/lib/threads/clustereval.cjs

npm/lib/clustereval.mjs: $(WASM_SOURCES) $(WASM_HEADERS)
	@mkdir -p $(@D)
	$(EMCC) $(EMCC_FLAGS) -sEXPORT_ES6=1 -sSINGLE_FILE=1 -sENVIRONMENT=web,worker $(WASM_SOURCES) -o $@

# For Node: the core on threads (worker_threads share its memory), with its wasm and its
# threads' script beside it, CommonJS as Emscripten 3.1.6 writes that script for Node (the
# folder's package.json says so inside the package's ES modules). npm/index.js picks it.
npm/lib/threads/clustereval.cjs: $(WASM_SOURCES) $(WASM_HEADERS)
	@mkdir -p $(@D)
	echo '{"type": "commonjs"}' > $(@D)/package.json
	$(EMCC) $(EMCC_FLAGS) $(THREADS_FLAGS) -sENVIRONMENT=node $(WASM_SOURCES) -o $@

npm/lib/binding.js: wasm/binding.js
	@mkdir -p $(@D)
	cp $< $@

# What is made from the core's option table (the page's table, the protocol's and the npm
# package's option types, docs/options.md): written again after a change to CE_OPTION_MAP and
# committed; `make test` fails while one of them differs from what the table makes.
options: wasm/build/clustereval-node.cjs
	node scripts/gen-options.mjs

web: wasm
	npx vite build --logLevel warn

serve:
	npx vite preview --host 127.0.0.1 --port $(PORT) --strictPort

clean:
	rm -rf build build-* wasm/build npm/lib dist test-results python/build
