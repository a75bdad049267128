#!/bin/sh
# Lines/s and memory of alm correlate's beacon join as a Spark job on local[1] and local[2], against
# the in-process estimator on the same generated logs, and whether their counts agree
# (docs/correlation/spark.md, "On Spark"). Needs alm.jar and alm-correlation-spark.jar:
#   ./mvnw -q -DskipTests package
#   bench/correlate-spark.sh [LINES] [PARTS]    default 2,000,000 lines in all, each log in 8 files
#   bench/correlate-spark.sh 100000000 64       100 million lines (about 9 GB of CSV in out/)
# The logs are generated once into $ALM_BENCH_DIR (default out/bench-correlate) and kept.
set -eu
lines=${1:-2000000}
parts=${2:-8}
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${ALM_BENCH_DIR:-$root/out/bench-correlate}
heap=${ALM_BENCH_HEAP:-2g}
data="$dir/lines-$lines"

echo "== in process (one thread), -Xmx$heap"
/usr/bin/time -f "max RSS %M KB" java -Xmx"$heap" -jar "$root/app/target/alm.jar" bench-correlate \
  --lines "$lines" --dir "$dir" --repeat 1

# each log as PARTS time-ordered files under hour=NN/ directories, as a data lake holds them
split_log() {
  if [ -d "$2" ]; then return; fi
  total=$(($(wc -l < "$1") - 1))
  awk -v parts="$3" -v total="$total" -v out="$2" '
    NR == 1 { header = $0; next }
    {
      p = int((NR - 2) * parts / total)
      if (p != cur || f == "") {
        if (f != "") close(f)
        d = sprintf("%s/hour=%02d", out, p)
        system("mkdir -p " d)
        f = d "/part-0.csv"
        print header > f
        cur = p
      }
      print > f
    }' "$1"
}
split_log "$data/dns.csv" "$data/parts-$parts/dns" "$parts"
split_log "$data/http.csv" "$data/parts-$parts/http" "$parts"

for m in 1 2; do
  echo "== Spark local[$m], $parts files per log, -Xmx$heap"
  ALM_SPARK_SUBMIT=0 ALM_SPARK_JAVA_OPTS="-Xmx$heap" /usr/bin/time -f "max RSS %M KB, %e s wall in all" \
    "$root/alm-spark" --dns "$data/parts-$parts/dns" --http "$data/parts-$parts/http" --window 60 \
    --master "local[$m]" --out "$dir/out-spark-$m" 2>&1 | grep -E "read .* lines|max RSS|nodes"
done

echo "== counts: in process against Spark"
java -Xmx"$heap" -jar "$root/app/target/alm.jar" correlate --dns "$data/dns.csv" --http "$data/http.csv" \
  --window 60 --out "$dir/out-inprocess" 2>/dev/null | tail -1
for m in 1 2; do
  if cmp -s "$dir/out-inprocess/counts.csv" "$dir/out-spark-$m/counts.csv"; then
    echo "local[$m]: counts.csv identical"
  else
    echo "local[$m]: counts.csv DIFFERS"
    exit 1
  fi
done
