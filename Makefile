# geocache-tui: the two commands a fresh Debian/Ubuntu machine with Swift needs are
# `make run` and `make test`; both install the system packages they miss.

SWIFT       ?= swift
BIN_RELEASE := .build/release/geocache-tui
# The release binary carries the Swift runtime and Foundation inside it (Debian ships
# neither) and uses Debian's shared libraries for the rest (ncursesw, tinfo, SQLite,
# libstdc++; libxml2, libarchive and libpq are opened when first needed), so a security update of
# any of them reaches it. Package.swift makes it hardened: position-independent, full
# RELRO, no executable stack, the C shims with a stack protector and _FORTIFY_SOURCE.
# No run path: every library it needs is in the system's directories.
RELEASE_FLAGS := -c release --static-swift-stdlib --product geocache-tui --disable-local-rpath
RUN_PACKAGES  := libncurses-dev libsqlite3-dev libpq-dev libxml2-dev libarchive-dev pkg-config ncurses-term
# make install writes the man page with a small Python script and strips the binary
# (binutils); the tests render the page.
INSTALL_PACKAGES := python3 binutils
# make deb: dpkg-shlibdeps (dpkg-dev); the tests check the package with lintian.
DEB_PACKAGES  := $(INSTALL_PACKAGES) dpkg-dev
TEST_PACKAGES := $(RUN_PACKAGES) tmux sqlite3 postgresql gpsd gpsbabel man-db groff-base $(DEB_PACKAGES) lintian
PREFIX  ?= /usr/local
DESTDIR ?=
# dialog is the reference the start-up and keystroke figures are compared with.
BENCH_PACKAGES := $(TEST_PACKAGES) python3 sqlite3 dialog
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

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

.PHONY: run build test deps test-deps bench clean install uninstall deb deb-check docs

## Build in release mode and start the app on its default store (args: ARGS="...").
run: deps
	$(SWIFT) build $(RELEASE_FLAGS)
	$(BIN_RELEASE) $(ARGS)

build: deps
	$(SWIFT) build $(RELEASE_FLAGS)

## Run every test: model, widgets, controller, headless ncurses and tmux end-to-end,
## and the release build's hardening and package (ReleaseBuildTests, which need the
## release binary built first and find it through GEOCACHE_RELEASE_BINARY).
## scripts/run-tests.sh runs them and makes sure the run ends (a hang, also one after
## the results, is reported with the test process's stacks and fails the run).
test: test-deps
	$(SWIFT) build $(RELEASE_FLAGS)
	$(SWIFT) build --build-tests
	GEOCACHE_RELEASE_BINARY="$(CURDIR)/$(BIN_RELEASE)" SWIFT="$(SWIFT)" scripts/run-tests.sh

## Optional: the release binary, the man page geocache-tui(1) and bash, zsh and fish
## completions under $(DESTDIR)$(PREFIX) (scripts/install.sh says where).
## The binary is installed stripped; its debug information stays in
## .build/release/geocache-tui.debug.
install: deps
	$(call apt_install,$(INSTALL_PACKAGES))
	$(SWIFT) build $(RELEASE_FLAGS)
	PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" sh scripts/install.sh install $(BIN_RELEASE)

## The Debian package geocache-tui_VERSION_ARCH.deb in this directory, from the same
## install tree as `make install` with PREFIX=/usr (scripts/make-deb.sh says how).
deb: deps
	$(call apt_install,$(DEB_PACKAGES))
	$(SWIFT) build $(RELEASE_FLAGS)
	sh scripts/make-deb.sh $(BIN_RELEASE) .build/deb .

## Installs that package with apt into a fresh Debian chroot with no Swift toolchain
## and runs the commands and the form there (root, debootstrap, Debian's mirror).
deb-check: deb
	$(call apt_install,debootstrap tmux)
	$(SUDO) sh scripts/deb-chroot-check.sh $$(ls -t geocache-tui_*.deb | head -1) .build/deb-chroot

## Removes exactly the files `make install` wrote (same PREFIX and DESTDIR).
uninstall:
	PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" sh scripts/install.sh uninstall

deps:
	$(call apt_install,$(RUN_PACKAGES))

test-deps:
	$(call apt_install,$(TEST_PACKAGES))

## Checks the documentation comments of GeoModel and GeoTUI with DocC, down to internal
## symbols: a link to a symbol that does not exist (or is ambiguous), or a parameter
## left undocumented, fails. `.ci/run` runs it after the tests. CPATH gives the symbol
## extractor libxml2's headers, which the build finds through Package.swift's flags.
DOC_MODULES := GeoModel GeoTUI
docs: test-deps
	CPATH=/usr/include/libxml2 $(SWIFT) package dump-symbol-graph --minimum-access-level internal >/dev/null
	@graphs="$$($(SWIFT) build --show-bin-path)/../symbolgraph"; status=0; \
	for module in $(DOC_MODULES); do \
	  rm -rf .build/docs/$$module.graphs && mkdir -p .build/docs/$$module.graphs && \
	  cp "$$graphs"/$$module.symbols.json "$$graphs"/$$module@*.symbols.json .build/docs/$$module.graphs/ && \
	  docc convert --additional-symbol-graph-dir .build/docs/$$module.graphs \
	    --fallback-display-name $$module --fallback-bundle-identifier geocache-tui.$$module \
	    --output-path .build/docs/$$module.doccarchive --warnings-as-errors >.build/docs/$$module.log 2>&1 \
	    && echo "docs: $$module: no dangling link" \
	    || { status=1; echo "docs: $$module:"; grep -A6 -E "^(error|warning)" .build/docs/$$module.log; }; \
	done; exit $$status

## Benchmarks (issue 5, docs/performance.md): release build, then a table of figures
## against the budgets, also written to bench-results.json. Takes a few minutes.
bench:
	$(call apt_install,$(BENCH_PACKAGES) python3-venv time)
	$(SWIFT) build $(RELEASE_FLAGS)
	@[ -x .venv-bench/bin/python3 ] || python3 -m venv .venv-bench
	@.venv-bench/bin/python3 -c 'import pyte' 2>/dev/null || .venv-bench/bin/pip install -q pyte==0.8.2
	python3 scripts/bench.py --binary $(BIN_RELEASE) --json bench-results.json

clean:
	rm -rf .build
