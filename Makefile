# nosh: a POSIX login shell with AI built in.
#
#   make run    build, then start an interactive nosh
#   make test   install what the tests need, then vet, format-check and test everything

GO      ?= go
BIN     := bin/nosh
HELPER  := bin/nosh-ai
LAUNCH  := bin/nosh-sandbox
PREFIX  ?= /usr/local
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -s -w -X main.version=$(VERSION)

.PHONY: build run test deps lint bench install clean

# CGO_ENABLED=0: os/user would otherwise link libc dynamically, and the
# dynamic loader alone costs a login shell about 2 ms at every start.
# nosh-ai, the helper that sends AI requests, and nosh-sandbox, the launcher
# that confines the agent's programs, go beside nosh: nosh looks for them
# there.
build:
	CGO_ENABLED=0 $(GO) build -trimpath -ldflags '$(LDFLAGS)' -o $(BIN) ./cmd/nosh
	CGO_ENABLED=0 $(GO) build -trimpath -ldflags '$(LDFLAGS)' -o $(HELPER) ./cmd/nosh-ai
	CGO_ENABLED=0 $(GO) build -trimpath -ldflags '-s -w' -o $(LAUNCH) ./cmd/nosh-sandbox

# The shell's exit status is that of its last command (as bash's `exit`),
# not a failure of make: leaving after a failed command is not an error.
run: build
	./$(BIN) || true

# Tools the tests drive nosh against: bash and dash for the differential
# conformance corpus, tmux for screen tests. Installed only when missing.
deps:
	@missing=""; \
	for t in bash dash tmux git; do command -v $$t >/dev/null 2>&1 || missing="$$missing $$t"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		SUDO=""; [ "$$(id -u)" -ne 0 ] && SUDO=sudo; \
		$$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi

lint:
	$(GO) vet ./...
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

test: deps lint build
	$(GO) test -race -count=1 -timeout 15m ./...
	cd third_party/readline && $(GO) test -short -count=1 ./internal/completion/ ./internal/history/

bench: build
	$(GO) test -run '^$$' -bench . -benchmem ./...
	./bench/run.sh

install: build
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 0755 $(BIN) $(DESTDIR)$(PREFIX)/bin/nosh
	install -m 0755 $(HELPER) $(DESTDIR)$(PREFIX)/bin/nosh-ai
	install -m 0755 $(LAUNCH) $(DESTDIR)$(PREFIX)/bin/nosh-sandbox

clean:
	rm -rf bin
