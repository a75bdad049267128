#!/bin/bash
# The offline model (alm predict, C withheld, 3 seeds each) on random topologies: how many runs end
# the cold start's overload part (every 5-interval mean under 1.1 T from then on) within 15
# intervals, and the whole cold start (x also within 0.05 of its final value).
# usage: bench/model-random-topologies.sh [FIRST_SEED END_SEED [extra alm predict flags...]]
# (defaults 1 41: topologies t1..t40; about a minute on 2 cores)
set -euo pipefail
jar=${ALM_JAR:-app/target/alm.jar}  # another build to compare
cd "$(dirname "$0")/.."
first=${1:-1}; end=${2:-41}; shift $(( $# >= 2 ? 2 : $# ))
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 bench/random_topologies.py "$first" "$end" "$dir/topologies"
for ((i = first; i < end; i++)); do
  java -jar "$jar" predict --withhold-c -t "$dir/topologies/t$i.json" --runs 3 \
    --out "$dir/t$i" "$@" > /dev/null
done
python3 - "$dir" "$first" "$end" <<'PY'
import json, sys
d, first, end = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
runs = over = cold = 0; total = 0.0
for i in range(first, end):
    for r in json.load(open(f"{d}/t{i}/summary.json"))["perRun"]:
        o = r.get("coldStartOverloadIntervals"); c = r.get("coldStartIntervals")
        o = 99 if o is None else o; c = 99 if c is None else c
        runs += 1; over += o <= 15; cold += c <= 15; total += o
        print(f"t{i} seed {r.get('seed')}: overload part {o if o < 99 else 'not over'}, cold start {c if c < 99 else 'not settled'}")
print(f"{runs} runs: overload part over within 15 intervals in {over}, the whole cold start in {cold};"
      f" mean overload part {total / runs:.1f} intervals (99 for a run where it never ends)")
PY
