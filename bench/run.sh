#!/usr/bin/env bash
# Runs nosh and bash side by side on the same workloads and prints, for
# each, the ratio nosh/bash. The machine is shared and drifts by more than
# the differences measured, so the shells run in rounds, alternating run
# by run (bench/pairs), and a figure is the spread of the per-round ratios
# — median [min–max] — never two times taken apart. The pseudo-terminal
# figures (bench/ptybench) follow, measured the same way, with nosh's line
# editor alone (bench/floor/editor) as their floor.
#
# Budgets (issue 17): start-up ≤ 1.4×; loops no worse than arith 1.6×,
# string 2.1×, func 1.6×; spawning ≤ 1.5×.
#
# usage: bench/run.sh [path/to/nosh]   (default: bin/nosh; `make bench` builds it)
#        ROUNDS=N rounds (default 7), STARTS=N `-c true` runs per round
#        (default 200), PTY=0 to skip the pseudo-terminal figures
set -eu
cd "$(dirname "$0")/.."
NOSH=$(realpath "${1:-bin/nosh}")
[ -x "$NOSH" ] || { echo "build nosh first: make build" >&2; exit 1; }
ROUNDS=${ROUNDS:-7}
STARTS=${STARTS:-200}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Every executable timed is a copy, as `make install` makes one. The Go
# linker writes its output through a memory mapping, which leaves the
# file in the page cache as small pages; a copy written with write() is
# cached in large folios, and mapping those at each page fault and at
# exit costs the kernel less: `nosh -c true` took 0.79x [0.77-0.82] the
# time from a copy of the very same file (README, Performance).
build() {
	CGO_ENABLED=0 go build -trimpath -ldflags '-s -w' -o "$tmp/$1.linked" "./bench/$1"
	cp "$tmp/$1.linked" "$tmp/$1" && rm "$tmp/$1.linked"
}
mkdir -p "$tmp/bin" "$tmp/reread"
cp "$NOSH" "$tmp/bin/nosh"
# A freshly written copy is not the state an installed nosh is in after a
# reboot (or once its pages were evicted): then the pages are read back by
# the page faults of its first run, as bash's were, and the same build
# took 1.16-1.25x the time of a fresh copy (README, Performance, part H).
# This copy's pages are dropped from the cache (clean after sync) and read
# back so, by one run.
cp "$NOSH" "$tmp/reread/nosh"
sync
dd if="$tmp/reread/nosh" iflag=nocache count=0 status=none
"$tmp/reread/nosh" -c true
NOSH=$tmp/bin/nosh
build pairs
build floor/empty
build floor/linked
build floor/scripts
build floor/editor
pairs() { "$tmp/pairs" -rounds "$ROUNDS" "$@"; }

printf '%-34s %10s %10s   %-21s\n' "workload ($ROUNDS rounds)" "nosh" "bash" "nosh/bash per round"
printf '%-34s %10s %10s   %-21s\n' "" "(median)" "(median)" "median [min–max]"
pairs -runs "$STARTS" -a "$NOSH" -budget 1.4x "start-up: -c true (per run)" true
pairs -runs "$STARTS" -a "$tmp/reread/nosh" -budget 1.4x "  the same, pages read back" true
# The floor under that start-up: the Go runtime alone, and the runtime
# with every package nosh links initialised and nothing done.
pairs -runs "$STARTS" -a "$tmp/floor/empty" "  floor: empty Go program" true
pairs -runs "$STARTS" -a "$tmp/floor/linked" "  floor: nosh's packages, no work" true
# What a nosh for scripts alone (no editor, AI or permission engine
# linked) would take: the most splitting the executable could gain.
pairs -runs "$STARTS" -a "$tmp/floor/scripts" "  floor: the shell alone, -c true" true

pairs -a "$NOSH" -budget 1.6x "arith loop, 100000 iterations" \
	'i=0; while [ $i -lt 100000 ]; do i=$((i+1)); done'
pairs -a "$NOSH" -budget 2.1x "string ops, 20000 iterations" \
	's=abcdefghij; i=0; while [ $i -lt 20000 ]; do x=${s#abc}; y=${s%hij}; z=${#s}; w=${s:-d}; i=$((i+1)); done'
pairs -a "$NOSH" -budget 1.6x "function calls, 20000" \
	'f() { r=$1; }; i=0; while [ $i -lt 20000 ]; do f $i; i=$((i+1)); done'
pairs -a "$NOSH" -budget 1.5x "1000 spawned /bin/true" \
	'i=0; while [ $i -lt 1000 ]; do /bin/true; i=$((i+1)); done'
pairs -a "$NOSH" -budget 1.5x "300 three-stage pipelines" \
	'i=0; while [ $i -lt 300 ]; do echo x | cat | cat >/dev/null; i=$((i+1)); done'

if [ "${PTY:-1}" != 0 ]; then
	echo
	# RSS is read after 1.5 s at the prompt: nosh gives its free heap
	# back after a second without a key (shell/repl/idle.go).
	go run ./bench/ptybench -nosh "$NOSH" -n "$((ROUNDS * 3))" -editor "$tmp/floor/editor" -idle 1500ms
fi
