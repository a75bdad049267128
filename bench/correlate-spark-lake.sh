#!/bin/sh
# Lines/s and memory of alm correlate's beacon join on a generated data lake: the same DNS and HTTP
# logs written by `alm traces generate --partitioned` as gzip CSV and as Parquet
# (dt=YYYY-MM-DD/hour=HH/part-NNNNN.*), read by the Spark job on local[1] and local[2] and, for the
# gzip CSV, by the in-process estimator; checks that every run gives the same counts.csv
# (docs/correlation/spark.md, "On Spark"). Needs alm.jar and alm-correlation-spark.jar:
#   ./mvnw -q -DskipTests package
#   bench/correlate-spark-lake.sh [LINES] [CHUNK]   default 20,000,000 lines in all, parts of 2,000,000
#   bench/correlate-spark-lake.sh 100000000 5000000 100 million lines (about 3 GB of gzip + Parquet)
# The lake is generated once into $ALM_BENCH_DIR (default out/bench-lake) and kept; each engine runs
# once. Memory is the process's peak RSS (/usr/bin/time); the heap limit is $ALM_BENCH_HEAP (2g).
set -eu
lines=${1:-20000000}
chunk=${2:-2000000}
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${ALM_BENCH_DIR:-$root/out/bench-lake}/lines-$lines
heap=${ALM_BENCH_HEAP:-2g}
# the logs of alm bench-correlate: 48 PoPs, 30% beacons, 2,000 queries/s; 0.924 HTTP lines per DNS line
queries=$(awk -v n="$lines" 'BEGIN { printf "%d", n / (1 + 0.3 * 0.98 + 0.7 * 0.9) + 0.5 }')
gen="--seed 1 --pops 48 --groups 5000 --queries $queries --rate 2000 --probes 0 --vantages 0 --flash 1
 --partitioned --chunk-lines $chunk"
timed() { /usr/bin/time -f "  %e s wall, %U s user, max RSS %M KB" "$@"; }

for f in gz parquet; do
  if [ ! -d "$dir/$f/dns" ]; then
    echo "== generating $f: $queries DNS queries (about $lines lines in all), parts of $chunk lines"
    if [ "$f" = gz ]; then fmt="--gzip"; else fmt="--format parquet"; fi
    # shellcheck disable=SC2086
    ALM_SPARK_JAVA_OPTS="-Xmx$heap" timed "$root/alm" traces generate $gen $fmt --out "$dir/$f" |
      grep -E "lines|wall"
    du -sh "$dir/$f/dns" "$dir/$f/http"
  fi
done

echo "== in process (one thread), gzip CSV, -Xmx$heap"
dns=$(find "$dir/gz/dns" -name '*.csv.gz' | sort | paste -sd, -)
http=$(find "$dir/gz/http" -name '*.csv.gz' | sort | paste -sd, -)
ALM_JAVA_OPTS="-Xmx$heap" timed "$root/alm" correlate --dns "$dns" --http "$http" --window 60 \
  --out "$dir/out-inprocess" 2>&1 | grep -E "nodes|wall"

for f in gz parquet; do
  for m in 1 2; do
    echo "== Spark local[$m], $f, -Xmx$heap"
    ALM_SPARK_SUBMIT=0 ALM_SPARK_JAVA_OPTS="-Xmx$heap" timed "$root/alm-spark" --dns "$dir/$f/dns" \
      --http "$dir/$f/http" --window 60 --master "local[$m]" --out "$dir/out-spark-$f-$m" 2>&1 |
      grep -E "read .* lines|wall"
    if cmp -s "$dir/out-inprocess/counts.csv" "$dir/out-spark-$f-$m/counts.csv"; then
      echo "  counts.csv identical to the in-process one"
    else
      echo "  counts.csv DIFFERS from the in-process one"
      exit 1
    fi
  done
done
