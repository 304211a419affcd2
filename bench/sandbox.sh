#!/usr/bin/env bash
# What the agent's sandbox costs, each figure taken side by side:
#   - `nosh -c true` start-up with the launcher hook at the top of main,
#     beside the same nosh built without it (go build -tags nolauncher), through
#     bench/pairs (alternating run by run, ratios per round);
#   - a program started through the sandbox launcher (nosh-sandbox, which
#     nosh uses when it is installed beside it, and nosh itself, its
#     fallback), beside the same program started directly, alternating run
#     by run (bench/launchcost).
# For whole agent commands (one program, a pipeline of three) see
# `go test -run '^$' -bench AgentSandbox ./shell`.
#
# usage: bench/sandbox.sh [path/to/nosh]   (default: bin/nosh; make build first)
#        ROUNDS=N rounds (default 7), STARTS=N runs per round (default 200)
set -eu
cd "$(dirname "$0")/.."
NOSH=$(realpath "${1:-bin/nosh}")
[ -x "$NOSH" ] || { echo "build nosh first: make build" >&2; exit 1; }
ROUNDS=${ROUNDS:-7}
STARTS=${STARTS:-200}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
build() { CGO_ENABLED=0 go build -trimpath -ldflags '-s -w' -o "$tmp/$1" "./bench/$1"; }
build pairs
CGO_ENABLED=0 go build -trimpath -tags nolauncher -ldflags '-s -w' -o "$tmp/nolauncher" ./cmd/nosh
build launchcost

printf '%-40s %10s %10s   %-21s\n' "workload ($ROUNDS rounds)" "with" "without" "ratio per round"
"$tmp/pairs" -rounds "$ROUNDS" -runs "$STARTS" -a "$NOSH" -b "$tmp/nolauncher" -budget 1.0x \
	"nosh -c true, launcher hook in main" true

LAUNCHER=$(dirname "$NOSH")/nosh-sandbox
if [ -x "$LAUNCHER" ]; then
	"$tmp/launchcost" -rounds "$ROUNDS" -runs "$STARTS" -name "/bin/true, through nosh-sandbox" "$LAUNCHER" /bin/true
fi
"$tmp/launchcost" -rounds "$ROUNDS" -runs "$STARTS" -name "/bin/true, through nosh as launcher" "$NOSH" /bin/true
