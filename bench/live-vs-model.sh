#!/bin/bash
# The live cold start of alm cluster against the offline model's prediction on one topology: RUNS live
# runs (seeds 1..RUNS, one after the other, C withheld) and alm predict's ten seeds with the same flags.
# Prints each live run's whole cold start and its overload part (docs/controllers/settling.md, "Settling
# targets"), their mean, the model's mean and range, and live / model. One seed's live runs differ
# from each other as much as different seeds do (the seed fixes the users' draws, not the machine's
# timing), so take ten runs or more before comparing.
# usage: bench/live-vs-model.sh [TOPOLOGY [RUNS [ALM CLUSTER FLAGS...]]]
#   bench/live-vs-model.sh builtin:paper-fig2 10          # about 13 minutes on 2 cores
#   DURATION=90s bench/live-vs-model.sh 'builtin:synthetic?n=12' 5 --load-unit 1500 --resolvers 2000
# ALM_JAR picks the jar (default app/target/alm.jar), so that a rebuild cannot change a running comparison.
set -euo pipefail
cd "$(dirname "$0")/.."
jar=${ALM_JAR:-app/target/alm.jar}
topology=${1:-builtin:paper-fig2}
runs=${2:-5}
shift $(( $# > 2 ? 2 : $# ))
duration=${DURATION:-60s}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for k in $(seq 1 "$runs"); do
  java -jar "$jar" cluster -t "$topology" --duration "$duration" --seed "$k" --withhold-c "$@" \
    --out "$dir/live-$k" > "$dir/live-$k.log" 2>&1 || { cat "$dir/live-$k.log" >&2; exit 1; }
  echo "live run $k of $runs done" >&2
done
java -jar "$jar" predict -t "$topology" --duration "$duration" --runs 10 --withhold-c "$@" \
  --out "$dir/model" > "$dir/model.log" 2>&1 || { cat "$dir/model.log" >&2; exit 1; }
python3 - "$dir" "$runs" "$topology" <<'PY'
import json, sys
d, runs, topology = sys.argv[1], int(sys.argv[2]), sys.argv[3]
def shown(v):
    return "never" if v is None else str(v)
whole, over = [], []
print(f"{topology}, {runs} live runs against the model's ten seeds")
for k in range(1, runs + 1):
    s = json.load(open(f"{d}/live-{k}/summary.json"))
    whole.append(s.get("coldStartIntervals"))
    over.append(s.get("coldStartOverloadIntervals"))
    print(f"  live seed {k}: whole cold start {shown(whole[-1])}, overload part {shown(over[-1])}")
m = json.load(open(f"{d}/model/summary.json"))
mw, mo = m["coldStartIntervalsOverRuns"], m["coldStartOverloadIntervalsOverRuns"]
settled = [w for w in whole if w is not None]
if settled:
    mean = sum(settled) / len(settled)
    print(f"live: whole cold start mean {mean:.1f} ({min(settled)}-{max(settled)}),"
          f" {len(settled)} of {runs} settled; within 15 intervals: {sum(1 for w in settled if w <= 15)}")
else:
    mean = None
    print(f"live: no run settled")
print(f"model: whole cold start mean {mw['mean']:.1f} ({mw['min']}-{mw['max']}), {mw['settled']} of"
      f" {mw['runs']} settled; overload part mean {mo['mean']:.1f}")
if mean is not None and mw["mean"]:
    print(f"live / model: {mean / mw['mean']:.2f}")
PY
