#!/usr/bin/env bash
# What the agent's sandbox costs, measured in one interleaved run:
#   - `nosh -c true` start-up with the launcher hook at the top of main,
#     beside the same nosh built without it (bench/nolauncher);
#   - one program started through nosh as its sandbox launcher, beside the
#     same program started directly.
# For whole agent commands (one program, a pipeline of three) see
# `go test -run '^$' -bench AgentSandbox ./shell`.
#
# usage: bench/sandbox.sh [path/to/nosh]   (default: bin/nosh; make build first)
set -u
cd "$(dirname "$0")/.."
NOSH=${1:-bin/nosh}
[ -x "$NOSH" ] || { echo "build nosh first: make build" >&2; exit 1; }
ROUNDS=${ROUNDS:-7}
N=${N:-200}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
CGO_ENABLED=0 go build -trimpath -ldflags '-s -w' -o "$tmp/nolauncher" ./bench/nolauncher || exit 1

now() { date +%s%N; }
# per_run CMD...: microseconds per run of CMD, over N runs.
per_run() {
	local t0 t1 j
	t0=$(now)
	for ((j = 0; j < N; j++)); do "$@" >/dev/null 2>&1; done
	t1=$(now)
	echo $(( (t1 - t0) / 1000 / N ))
}
best() { sort -n | head -1; }

: >"$tmp/a"; : >"$tmp/b"; : >"$tmp/c"; : >"$tmp/d"
for ((r = 0; r < ROUNDS; r++)); do
	per_run "$tmp/nolauncher" -c true >>"$tmp/a"
	per_run "$NOSH" -c true >>"$tmp/b"
	per_run /bin/true >>"$tmp/c"
	per_run "$NOSH" --nosh-sandbox "wcr:$tmp" w:/dev/null -- /bin/true true >>"$tmp/d"
done
a=$(best <"$tmp/a") b=$(best <"$tmp/b") c=$(best <"$tmp/c") d=$(best <"$tmp/d")
printf '%-44s %9s %9s %7s\n' "best of $ROUNDS rounds of $N runs" "without" "with" "ratio"
awk -v a="$a" -v b="$b" 'BEGIN { printf "%-44s %7.2fms %7.2fms %6.2fx\n", "nosh -c true (launcher hook in main)", a/1000, b/1000, b/a }'
awk -v c="$c" -v d="$d" 'BEGIN { printf "%-44s %7.2fms %7.2fms %6.2fx  (+%.2f ms a program)\n", "/bin/true (through the sandbox launcher)", c/1000, d/1000, d/c, (d-c)/1000 }'
