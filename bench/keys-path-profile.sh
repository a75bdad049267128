#!/bin/sh
# Where a keyed decision's time goes (docs/ratelimit/keys.md, "Cost and memory"): runs
# bench/KeyedDecisionLoop.java on the built alm.jar, times the look-ups alone and lets the JIT settle (16 s), samples it with
# perf for 8 s (the JVM writes its compiled frames' names to /tmp/perf-PID.map at exit), and prints
# the symbols with their share of the samples. Needs perf and a built checkout (./mvnw -q -DskipTests
# package); usage: bench/keys-path-profile.sh
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
java -Xmx4g -XX:+UnlockDiagnosticVMOptions -XX:+DumpPerfMapAtExit -XX:+PreserveFramePointer \
  -cp "$root/app/target/alm.jar" "$root/bench/KeyedDecisionLoop.java" 26 > "$work/loop.out" &
pid=$!
sleep 16
perf record -q -F 2000 -p "$pid" -o "$work/perf.data" -- sleep 8 > /dev/null 2>&1
wait "$pid"
head -4 "$work/loop.out"
tail -3 "$work/loop.out"
perf report -i "$work/perf.data" --no-children --sort symbol -g none --percent-limit 1 2>/dev/null \
  | grep -v '^#' | grep -v '^$' | cut -c1-150
rm -f "/tmp/perf-$pid.map"
