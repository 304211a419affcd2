#!/usr/bin/env bash
# Runs nosh and bash side by side on the same workloads, in one run, and
# prints each one's time and the ratio nosh/bash. Budgets (issue: foundation):
# start-up ≤ 1.3×, spawning ≤ 1.5×, interpreter loops ≤ 3×.
#
# usage: bench/run.sh [path/to/nosh]   (default: bin/nosh; `make bench` builds it)
set -u
cd "$(dirname "$0")/.."
NOSH=${1:-bin/nosh}
[ -x "$NOSH" ] || { echo "build nosh first: make build" >&2; exit 1; }
ROUNDS=${ROUNDS:-3}

now() { date +%s%N; }

# best_of SHELL SCRIPT: the fastest of $ROUNDS runs, in milliseconds.
best_of() {
	local sh=$1 script=$2 best= t0 t1 ms i
	for ((i = 0; i < ROUNDS; i++)); do
		t0=$(now)
		"$sh" -c "$script" >/dev/null 2>&1
		t1=$(now)
		ms=$(( (t1 - t0) / 1000 ))
		if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
	done
	echo "$best"
}

# startup SHELL: microseconds per `SHELL -c true`, best of rounds of 200.
startup() {
	local sh=$1 best= t0 t1 us i j
	for ((i = 0; i < ROUNDS; i++)); do
		t0=$(now)
		for ((j = 0; j < 200; j++)); do "$sh" -c true; done
		t1=$(now)
		us=$(( (t1 - t0) / 1000 / 200 ))
		if [ -z "$best" ] || [ "$us" -lt "$best" ]; then best=$us; fi
	done
	echo "$best"
}

row() { # name budget nosh_us bash_us (budget 0: a reference row)
	awk -v n="$1" -v b="$2" -v x="$3" -v y="$4" 'BEGIN {
		r = (y > 0) ? x / y : 0
		flag = (b > 0 && r > b) ? "  OVER BUDGET" : ""
		note = (b > 0) ? sprintf("(budget %sx)", b) : "(reference)"
		printf "%-34s %10.1f ms %10.1f ms %7.2fx  %s%s\n", n, x / 1000, y / 1000, r, note, flag
	}'
}

printf '%-34s %13s %13s %8s\n' "workload" "nosh" "bash" "ratio"
bash_start=$(startup bash)
row "startup: -c true (per run)" 1.3 "$(startup "$NOSH")" "$bash_start"

# The floor under that start-up: the same runtime and package
# initialisers with nothing to do, beside the same bash figure.
floor=$(mktemp -d)
trap 'rm -rf "$floor"' EXIT
if CGO_ENABLED=0 go build -trimpath -ldflags '-s -w' -o "$floor/empty" ./bench/floor/empty &&
	CGO_ENABLED=0 go build -trimpath -ldflags '-s -w' -o "$floor/linked" ./bench/floor/linked; then
	row "  floor: empty Go program" 0 "$(startup "$floor/empty")" "$bash_start"
	row "  floor: nosh's packages, no work" 0 "$(startup "$floor/linked")" "$bash_start"
fi

declare -a names budgets scripts
names+=("builtin loop, 100000 iterations"); budgets+=(3)
scripts+=('i=0; while [ $i -lt 100000 ]; do i=$((i+1)); done')
names+=("parameter expansion, 20000 iter."); budgets+=(3)
scripts+=('s=abcdefghij; i=0; while [ $i -lt 20000 ]; do x=${s#abc}; y=${s%hij}; z=${#s}; w=${s:-d}; i=$((i+1)); done')
names+=("function calls, 20000"); budgets+=(3)
scripts+=('f() { r=$1; }; i=0; while [ $i -lt 20000 ]; do f $i; i=$((i+1)); done')
names+=("1000 spawned /bin/true"); budgets+=(1.5)
scripts+=('i=0; while [ $i -lt 1000 ]; do /bin/true; i=$((i+1)); done')
names+=("300 three-stage pipelines"); budgets+=(1.5)
scripts+=('i=0; while [ $i -lt 300 ]; do echo x | cat | cat >/dev/null; i=$((i+1)); done')

for k in "${!names[@]}"; do
	n=$(best_of "$NOSH" "${scripts[$k]}")
	b=$(best_of bash "${scripts[$k]}")
	row "${names[$k]}" "${budgets[$k]}" "$n" "$b"
done
