#!/bin/bash
# alm lab's cold start against the offline model of each run (docs/lab/measured.md, "The offline model
# of each lab"): for every lab run directory, its topology (bench/lab_topology.py: true C and A, T from
# samples.csv) and alm predict --lab DIR (its eyeball networks, their users' warm-up lag, the background
# its proxies measured) over RUNS seeds (default 30), up to DURATION (the first drill). Prints each live run's whole
# cold start and overload part, the model's mean and range per run, the means over all, and live / model.
# usage: DURATION=40s bench/lab-vs-model.sh DIR... [-- ALM PREDICT FLAGS...]
#   DURATION=60s bench/lab-vs-model.sh out/lab/fig2-1 out/lab/fig2-2 out/lab/fig2-3
# Defaults match alm lab's: --load-unit 50 --resolvers 50 (caches per eyeball network) --beacons 40
# (per load unit with --lab). ALM_JAR picks the jar (default app/target/alm.jar).
set -euo pipefail
cd "$(dirname "$0")/.."
jar=${ALM_JAR:-app/target/alm.jar}
duration=${DURATION:-60s}
runs=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do runs+=("$1"); shift; done
[ "${1:-}" = "--" ] && shift
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
k=0
for run in "${runs[@]}"; do
  k=$((k + 1))
  python3 bench/lab_topology.py "$run" "$dir/t$k.json" 50
  java -jar "$jar" predict -t "$dir/t$k.json" --lab "$run" --withhold-c --load-unit 50 --resolvers 50 \
    --beacons 40 --duration "$duration" --runs "${RUNS:-30}" "$@" --out "$dir/m$k" > "$dir/m$k.log" 2>&1 \
    || { cat "$dir/m$k.log" >&2; exit 1; }
done
python3 - "$dir" "${runs[@]}" <<'PY'
import json, sys
d, runs = sys.argv[1], sys.argv[2:]
live, model, lo, mo = [], [], [], []
for k, run in enumerate(runs, 1):
    s = json.load(open(f'{run}/summary.json'))
    m = json.load(open(f'{d}/m{k}/summary.json'))
    c, o = m['coldStartIntervalsOverRuns'], m['coldStartOverloadIntervalsOverRuns']
    if s['coldStartIntervals'] is None:  # the live run did not settle: left out of the means
        print(f"{run}: live cold start did not settle; model {c['mean']:.1f}")
        continue
    live.append(s['coldStartIntervals']); lo.append(s['coldStartOverloadIntervals'])
    model.append(c['mean']); mo.append(o['mean'])
    print(f"{run}: live cold start {s['coldStartIntervals']} (overload part {s['coldStartOverloadIntervals']});"
          f" model {c['mean']:.1f} ({c['min']}-{c['max']}, {c['settled']} of {c['runs']} settled;"
          f" overload part {o['mean']:.1f}, {o['min']}-{o['max']})")
mean = lambda v: sum(v) / len(v)
if not live:
    print("no live run settled: no ratio")
    sys.exit(0)
print(f"live {mean(live):.1f}, model {mean(model):.1f}: live / model {mean(live) / mean(model):.2f};"
      f" overload part live {mean(lo):.1f}, model {mean(mo):.1f}")
PY
