#!/bin/bash
# Final x against the optimum the loop aims at, on random topologies: the offline model (alm predict,
# C withheld, one run per seed, seeds 1-3) on topologies drawn by bench/random_topologies.py, each
# PoP's x averaged over the last 5 intervals, against `alm optimum --aim 150` of the same topology
# (every capacity lowered to the noise margin's T' at the model's load unit of 150). Prints per run
# the PoP furthest from it, then the runs whose overload part ended within 15 intervals, whose whole
# cold start did, and the distances: median, 90th percentile, largest, runs within 0.05.
# usage: bench/model-x-distance.sh [FIRST_SEED END_SEED [extra alm predict flags...]]
# (defaults 1 41: t1..t40; about 3 minutes on 2 idle cores; needs a built checkout)
set -euo pipefail
jar=${ALM_JAR:-app/target/alm.jar}  # another build to compare
cd "$(dirname "$0")/.."
first=${1:-1}; end=${2:-41}; shift $(( $# >= 2 ? 2 : $# ))
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 bench/random_topologies.py "$first" "$end" "$dir/topologies"
for ((i = first; i < end; i++)); do
  t="$dir/topologies/t$i.json"
  java -jar "$jar" optimum -t "$t" --aim 150 --out "$dir/opt-t$i" > /dev/null
  for s in 1 2 3; do
    java -jar "$jar" predict --withhold-c -t "$t" --seed "$s" --runs 1 \
      --out "$dir/t$i-$s" "$@" > /dev/null
  done
done
python3 - "$dir" "$first" "$end" <<'PY'
import collections, csv, json, statistics, sys
d, first, end = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
runs = over = cold = near = 0
dists = []
for i in range(first, end):
    demand = {n["id"]: n["demand"] for n in json.load(open(f"{d}/topologies/t{i}.json"))["nodes"]}
    opt = json.load(open(f"{d}/opt-t{i}/optimum.json"))["x"]
    for s in (1, 2, 3):
        summary = json.load(open(f"{d}/t{i}-{s}/summary.json"))
        x = collections.defaultdict(list)
        guard = collections.defaultdict(int)
        for row in csv.DictReader(open(f"{d}/t{i}-{s}/samples.csv")):
            x[row["pop"]].append(float(row["x"]))
        worst = max((abs(sum(v[-5:]) / 5 - opt[p]), p, sum(v[-5:]) / 5) for p, v in x.items()
                    if demand[p] > 0)
        o = summary.get("coldStartOverloadIntervals"); c = summary.get("coldStartIntervals")
        runs += 1; over += o is not None and o <= 15; cold += c is not None and c <= 15
        near += worst[0] <= 0.05; dists.append(worst[0])
        print(f"t{i} seed {s}: furthest {worst[1]}, x {worst[2]:.3f} against {opt[worst[1]]:.3f}"
              f" ({worst[0]:.3f}); overload part {o}, cold start {c}")
dists.sort()
print(f"{runs} runs: overload part over within 15 intervals in {over}, the whole cold start in {cold};"
      f" final x from the aimed optimum: median {statistics.median(dists):.3f},"
      f" 90th percentile {dists[int(0.9 * len(dists))]:.3f}, largest {dists[-1]:.3f};"
      f" within 0.05 in {near}")
PY
