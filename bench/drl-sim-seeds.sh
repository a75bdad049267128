#!/bin/bash
# The simulator's spread over seeds, simulated as alm drl agents simulates beside its live run
# (--as-agents): every DRL algorithm on the scenarios of
# docs/ratelimit/live-vs-sim.md, seeds 1..N (default 10), and per algorithm the median and the range of
# servedOverLimit, aggregateErrorP95 and convergenceSeconds (NaN: some demand change never converged).
# A live run is one draw of the same noise: its convergence time is compared with this range.
# usage: bench/drl-sim-seeds.sh [SEEDS [SCENARIO...]]   (all six: about 25 minutes on 2 cores;
# needs a built checkout). A SCENARIO of the form SPEC@F runs SPEC F times faster (--faster F).
set -euo pipefail
cd "$(dirname "$0")/.."
seeds=${1:-10}
jar=${ALM_JAR:-app/target/alm.jar}   # ALM_JAR: another build, e.g. a copy that a rebuild cannot change mid-run
shift $(( $# > 0 ? 1 : 0 ))
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
scenarios=(docs/ratelimit/scenarios/four-sites.json docs/ratelimit/scenarios/four-sites-lossy.json
  docs/ratelimit/scenarios/ten-sites-shift.json 'builtin:stanojevic-ring?duration=600@20'
  builtin:raghavan-baseline builtin:raghavan-shift)
if (( $# > 0 )); then scenarios=("$@"); fi
algorithms=(share grd fps gtb ctb gdrl dst)
name_of() { basename "${1%%@*}" .json | sed 's/^builtin://; s/?.*//'; }
for s in "${scenarios[@]}"; do
  name=$(name_of "$s")
  spec=${s%%@*}
  faster=1
  if [[ $s == *@* ]]; then faster=${s##*@}; fi
  for a in "${algorithms[@]}"; do
    for ((k = 1; k <= seeds; k++)); do
      java -jar "$jar" drl simulate -s "$spec" -a "$a" --seed "$k" --as-agents --bench \
        --faster "$faster" -o "$dir/$name/$a/$k" > /dev/null 2>&1
    done
    echo "simulated $name $a" >&2
  done
done
names=()
for s in "${scenarios[@]}"; do names+=("$(name_of "$s")"); done
python3 - "$dir" "$seeds" "${names[@]}" <<'PY'
import json, math, statistics, sys, os
d, seeds, scenarios = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
def spread(v):
    finite = [x for x in v if x is not None and not math.isnan(x)]
    nan = len(v) - len(finite)
    if not finite:
        return f"NaN in all {len(v)}"
    med = statistics.median(finite)
    s = f"{med:.3f} ({min(finite):.3f}-{max(finite):.3f})"
    return s + (f", NaN in {nan}" if nan else "")
for name in scenarios:
    print(f"\n{name}, seeds 1-{seeds}: median (min-max)")
    print(f"{'alg':6} {'served/L':28} {'p95 error':28} convergence s")
    for a in ["share", "grd", "fps", "gtb", "ctb", "gdrl", "dst"]:
        rows = [json.load(open(f"{d}/{name}/{a}/{k}/summary.json")) for k in range(1, seeds + 1)]
        def col(key):
            return [None if r.get(key) is None else float(r[key]) for r in rows]
        print(f"{a:6} {spread(col('servedOverLimit')):28} {spread(col('aggregateErrorP95')):28}"
              f" {spread(col('convergenceSeconds'))}")
PY
