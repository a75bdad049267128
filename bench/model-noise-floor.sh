#!/bin/bash
# What the whole cold start waits for: the offline model (alm predict, C withheld, seeds 1-10) on the
# six topologies of docs/controllers/settling.md "Settling targets", at the default rates, with ten times the
# requests (load unit 1500 instead of 150, ten times the resolver caches), and with ten times the
# requests and the FastControl beacons. Prints per topology and rate the cold start's overload part
# and the whole cold start (x also within 0.05 of its final value): mean / largest, and the runs whose
# whole cold start is within 15 intervals.
# usage: bench/model-noise-floor.sh   (about 8 minutes on 2 cores; needs a built checkout)
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# topology and its PoP count (the default beacons per PoP: 4800 / N, at most 1200)
topologies=('builtin:synthetic?n=12|12' 'builtin:paper-fig2|2' 'builtin:synthetic?n=8&seed=3|8'
  'builtin:synthetic?n=20&seed=7|20' 'builtin:synthetic?n=12&seed=5|12' 'docs/topologies/spill-star.json|5')
for tn in "${topologies[@]}"; do
  t=${tn%|*}; n=${tn#*|}
  name=$(printf '%s' "$t" | tr -c 'a-z0-9' '_')
  beacons=$(( 4800 / n > 1200 ? 12000 : 48000 / n ))
  java -jar app/target/alm.jar predict --withhold-c -t "$t" --runs 10 --out "$dir/default-$name" > /dev/null
  java -jar app/target/alm.jar predict --withhold-c -t "$t" --runs 10 --load-unit 1500 --resolvers 2000 \
    --out "$dir/requests-$name" > /dev/null
  java -jar app/target/alm.jar predict --withhold-c -t "$t" --runs 10 --load-unit 1500 --resolvers 2000 \
    --beacons "$beacons" --out "$dir/both-$name" > /dev/null
  echo "modelled $t" >&2
done
python3 - "$dir" "${topologies[@]}" <<'PY'
import json, sys
d, tops = sys.argv[1], [t.split("|")[0] for t in sys.argv[2:]]
def cell(s, key):
    v = [r.get(key) for r in s["perRun"]]
    v = [99 if x is None else x for x in v]
    return f"{sum(v) / len(v):.1f} / {max(v)}", sum(1 for x in v if x <= 15)
print(f"{'topology':36} {'rates':26} {'overload part':14} {'whole cold start':17} whole within 15")
for t in tops:
    name = "".join(c if c in "abcdefghijklmnopqrstuvwxyz0123456789" else "_" for c in t)
    for run, label in (("default", "default"), ("requests", "x10 requests"), ("both", "x10 requests and beacons")):
        s = json.load(open(f"{d}/{run}-{name}/summary.json"))
        o, _ = cell(s, "coldStartOverloadIntervals")
        c, within = cell(s, "coldStartIntervals")
        print(f"{t:36} {label:26} {o:14} {c:17} {within} of {len(s['perRun'])}")
PY
