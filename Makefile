# geocache-tui: the two commands a fresh Debian/Ubuntu machine with Swift needs are
# `make run` and `make test`; both install the system packages they miss.

SWIFT       ?= swift
BIN_RELEASE := .build/release/geocache-tui
# The release binary carries the Swift runtime and Foundation inside it: it starts
# faster and maps less memory than one that loads them as shared libraries. It is
# linked at a fixed address (not position-independent): the dynamic loader then has
# about 85,000 fewer relocations to apply at every start, and the pages they would
# write stay clean (docs/performance.md, issue 11, has the measurements).
# lld (shipped with the toolchain) puts the code the form runs first, in the order
# scripts/startup-order.txt lists it: the form then touches a few contiguous megabytes
# of the binary instead of pages all over its 26 MB of code, and the kernel's
# fault-around maps that much less (docs/performance.md, issue 11). `make
# startup-order` writes the list again; symbols no longer there are skipped.
STARTUP_ORDER := scripts/startup-order.txt
ORDER_FLAGS   := -Xswiftc -use-ld=lld -Xlinker --symbol-ordering-file=$(CURDIR)/$(STARTUP_ORDER) \
                 -Xlinker --no-warn-symbol-ordering
# SwiftPM does not know the list is an input of the link: a binary older than the list
# is removed, so the build links it again.
define relink_if_order_changed
	@[ ! -f $(BIN_RELEASE) ] || [ ! $(STARTUP_ORDER) -nt $(BIN_RELEASE) ] || rm -f $(BIN_RELEASE)
endef
# Generic types the code names (a Dictionary keyed by an enum, a Set of String) get
# their metadata through accessor functions that pass the conformances along, instead
# of by demangling the type's name at run time: each name made the Swift runtime scan
# every protocol conformance record of the binary (about 6,300) to check the key's
# Hashable, about 380,000 instructions each, a dozen of them before the first paint.
METADATA_FLAGS := -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
# The Swift driver exports every symbol of the program to the dynamic symbol table
# (-export-dynamic): 8,700 entries that nothing looks up, but that the runtime's
# dladdr() walks once at start (about 210,000 instructions) and the loader hashes
# into. Nothing loads code that links against the program, so they are not exported.
# Nor is $ORIGIN a library path: the program needs only the system's libc, libm and
# libgcc_s, and the loader looked for each in the program's directory first (13
# failed opens at every start).
LINK_FLAGS := -Xlinker --no-export-dynamic --disable-local-rpath
RELEASE_FLAGS := -c release --static-swift-stdlib --product geocache-tui -Xlinker -no-pie \
                 $(ORDER_FLAGS) $(METADATA_FLAGS) $(LINK_FLAGS)
RUN_PACKAGES  := libncurses-dev libsqlite3-dev libpq-dev pkg-config ncurses-term \
                 libxml2-dev libicu-dev liblzma-dev zlib1g-dev
# make install writes the man page with a small Python script; the tests render it.
INSTALL_PACKAGES := python3
TEST_PACKAGES := $(RUN_PACKAGES) tmux postgresql man-db groff-base $(INSTALL_PACKAGES)
PREFIX  ?= /usr/local
DESTDIR ?=
# dialog is the reference the start-up and keystroke figures are compared with.
BENCH_PACKAGES := $(TEST_PACKAGES) python3 sqlite3 dialog
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# The release link looks for libraries in $(STATIC_LINK_DIR) first (Package.swift):
# each file written there is a linker script that makes one -l name the static
# archives instead of the shared library, so the binary does not load libxml2 with
# ICU, liblzma and zlib (used only by the GPX import), SQLite, libstdc++, ncurses and
# libgcc_s (its unwinder, libgcc_eh, is linked in) at every start, nor relocate them
# (docs/performance.md, issue 11). A name whose archives are
# missing is left out, and that library stays shared. A script is rewritten only when
# it changes: a new one, even with the same text, makes SwiftPM rebuild everything;
# a changed one removes the binary, which SwiftPM would not link again otherwise.
STATIC_LINK_DIR := .build/static-link
define static_link_scripts
	@mkdir -p $(STATIC_LINK_DIR); \
	archives() { out=""; for a in "$$@"; do p=$$(cc -print-file-name=$$a 2>/dev/null); \
	  case "$$p" in /*) out="$$out $$(readlink -f $$p)";; *) return 1;; esac; done; echo "INPUT($$out )"; }; \
	write() { name=$$1; shift; f=$(STATIC_LINK_DIR)/lib$$name.so; if s=$$(archives "$$@"); then \
	  [ "$$(cat $$f 2>/dev/null)" = "$$s" ] || { echo "$$s" > $$f; rm -f $(BIN_RELEASE); }; \
	  else rm -f $$f; fi; }; \
	write xml2 libxml2.a libicuuc.a libicudata.a liblzma.a libz.a; \
	write sqlite3 libsqlite3.a; \
	write stdc++ libstdc++.a; \
	write ncursesw libncursesw.a libtinfo.a; \
	write tinfo libtinfo.a; \
	write gcc_s libgcc_eh.a
endef

# Installs the Debian packages in $(1) that are not installed yet.
define apt_install
	@missing=""; for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi
endef

.PHONY: run build test deps test-deps bench clean install uninstall startup-order

## Build in release mode and start the app on its default store (args: ARGS="...").
run: deps
	$(static_link_scripts)
	$(relink_if_order_changed)
	$(SWIFT) build $(RELEASE_FLAGS)
	$(BIN_RELEASE) $(ARGS)

build: deps
	$(static_link_scripts)
	$(relink_if_order_changed)
	$(SWIFT) build $(RELEASE_FLAGS)

## Run every test: model, widgets, controller, headless ncurses and tmux end-to-end.
test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

## Optional: the release binary, the man page geocache-tui(1) and bash, zsh and fish
## completions under $(DESTDIR)$(PREFIX) (scripts/install.sh says where).
install: deps
	$(call apt_install,$(INSTALL_PACKAGES))
	$(static_link_scripts)
	$(relink_if_order_changed)
	$(SWIFT) build $(RELEASE_FLAGS)
	PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" sh scripts/install.sh install $(BIN_RELEASE)

## Removes exactly the files `make install` wrote (same PREFIX and DESTDIR).
uninstall:
	PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" sh scripts/install.sh uninstall

deps:
	$(call apt_install,$(RUN_PACKAGES))

test-deps:
	$(call apt_install,$(TEST_PACKAGES))

## Benchmarks (issue 5, docs/performance.md): release build, then a table of figures
## against the budgets, also written to bench-results.json. Takes a few minutes.
bench:
	$(call apt_install,$(BENCH_PACKAGES) python3-venv time)
	$(static_link_scripts)
	$(relink_if_order_changed)
	$(SWIFT) build $(RELEASE_FLAGS)
	@[ -x .venv-bench/bin/python3 ] || python3 -m venv .venv-bench
	@.venv-bench/bin/python3 -c 'import pyte' 2>/dev/null || .venv-bench/bin/pip install -q pyte==0.8.2
	python3 scripts/bench.py --binary $(BIN_RELEASE) --json bench-results.json

## Writes scripts/startup-order.txt again from callgrind profiles of the form (run it
## after changing what the form does at start; docs/performance.md says how it works).
startup-order:
	$(call apt_install,$(BENCH_PACKAGES) python3-venv valgrind)
	$(static_link_scripts)
	$(SWIFT) build $(RELEASE_FLAGS) -Xlinker -Map=$(CURDIR)/.build/geocache-tui.map -Xlinker --no-demangle
	@[ -x .venv-bench/bin/python3 ] || python3 -m venv .venv-bench
	@.venv-bench/bin/python3 -c 'import pyte' 2>/dev/null || .venv-bench/bin/pip install -q pyte==0.8.2
	.venv-bench/bin/python3 scripts/startup-order.py --binary $(BIN_RELEASE) \
	  --map .build/geocache-tui.map --out $(STARTUP_ORDER)
	rm -f $(BIN_RELEASE) .build/geocache-tui.map

clean:
	rm -rf .build
