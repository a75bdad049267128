#!/bin/sh
# The probe log's cost (bench/ProbeLogCost.java) for this tree's writer and for the writer of an
# earlier commit (default 5b00c15: AsyncLineLog, a queue drained by a thread that wakes every 5 ms),
# in one run, so the two figures share the machine's state. Needs the traces and io modules compiled:
#   ./mvnw -B -q -pl traces -am compile
#   bench/probe-log-cost.sh [COMMIT] [RATE]
set -eu
commit=${1:-5b00c15}
rate=${2:-20000}
root=$(cd "$(dirname "$0")/.." && pwd)
csv=$(find "${HOME}/.m2/repository/org/apache/commons/commons-csv" -name 'commons-csv-*.jar' | head -1)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# the earlier writer: its traces and io sources, compiled apart
git -C "$root" archive "$commit" traces/src/main/java io/src/main/java/dev/alm/io/AtomicFiles.java io/src/main/java/dev/alm/io/InputException.java | tar -x -C "$work"
mkdir -p "$work/classes"
find "$work/traces" "$work/io" -name '*.java' -not -path '*/synthetic/*' > "$work/sources"
javac -nowarn -d "$work/classes" -cp "$csv" @"$work/sources"
# the same bench, with the earlier writer's three lines of set-up
sed -e 's/^import dev.alm.traces.LineQueue;/import dev.alm.traces.AsyncLineLog;/' \
    -e 's/^import dev.alm.traces.PolledLineLog;//' \
    -e '/PolledLineLog log =/,/log.add(q);/c\
    AsyncLineLog<ProbeLogRecord> log = new AsyncLineLog<>(AsyncLineLog.fileWriter(file, false),\
        ProbeLogRecord.HEADER, ProbeLogRecord::appendCsv, 65536, WRITER);' \
    -e 's/return q.offer(r);/return log.offer(r);/' \
    "$root/bench/ProbeLogCost.java" > "$work/ProbeLogCost.java"
echo "before ($commit):"
java -cp "$work/classes:$csv" "$work/ProbeLogCost.java" /tmp "$rate"
echo "this tree:"
java -cp "$root/traces/target/classes:$root/io/target/classes:$csv" "$root/bench/ProbeLogCost.java" /tmp "$rate"
