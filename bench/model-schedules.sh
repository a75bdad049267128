#!/bin/bash
# The gain schedule's settings against the whole cold start (docs/controllers/settling.md, "Settling
# targets"): the offline model (alm predict, C withheld, seeds 1-10) on the six topologies of that page,
# with the default schedule and with longer or shallower ones. Prints per setting the whole cold start's
# mean on each topology (a run that never settles counts 99) and the runs within 15 intervals.
# usage: bench/model-schedules.sh   (about 6 minutes on one core; needs a built checkout)
# ALM_JAR picks the jar (default app/target/alm.jar).
set -euo pipefail
cd "$(dirname "$0")/.."
jar=${ALM_JAR:-app/target/alm.jar}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
topologies=('builtin:synthetic?n=12' 'builtin:paper-fig2' 'builtin:synthetic?n=8&seed=3'
  'builtin:synthetic?n=20&seed=7' 'builtin:synthetic?n=12&seed=5' 'docs/topologies/spill-star.json')
settings=('' '--settle-horizon 12' '--settle-horizon 24' '--settle-floor 0.15' '--settle-floor 0.2'
  '--settle-floor 0.3' '--no-settle-price')
for k in "${!settings[@]}"; do
  for t in "${topologies[@]}"; do
    name=$(printf '%s' "$t" | tr -c 'a-z0-9' '_')
    # shellcheck disable=SC2086
    java -jar "$jar" predict --withhold-c -t "$t" --runs 10 ${settings[$k]} --out "$dir/s$k-$name" > /dev/null
  done
  echo "modelled ${settings[$k]:-the default}" >&2
done
python3 - "$dir" "${#settings[@]}" "${settings[@]}" -- "${topologies[@]}" <<'PY'
import json, sys
d, n = sys.argv[1], int(sys.argv[2])
settings = sys.argv[3:3 + n]
tops = sys.argv[3 + n + 1:]
print("| schedule | whole cold start, mean (runs within 15 of 60) |")
print("|---|---|")
for k, s in enumerate(settings):
    means, within = [], 0
    for t in tops:
        name = "".join(c if c.isalnum() and c.islower() or c.isdigit() else "_" for c in t)
        runs = json.load(open(f"{d}/s{k}-{name}/summary.json"))["perRun"]
        cold = [r["coldStartIntervals"] if r["coldStartIntervals"] is not None else 99 for r in runs]
        means.append(sum(cold) / len(cold))
        within += sum(1 for c in cold if c <= 15)
    label = f"`{s}`" if s else "the default (horizon 6 intervals, floor 0.08)"
    print(f"| {label} | {', '.join(f'{m:.1f}' for m in means)} ({within}) |")
PY
