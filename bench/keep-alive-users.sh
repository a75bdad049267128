#!/bin/bash
# Users that keep their connection, live on loopback (alm cluster, paper-fig2, C withheld, a flash crowd
# x5 at b from 20 to 40 s, half of every PoP's requests from keep-alive users): the proxies closing
# connections after 4 s (the default) against never (0). Prints each run's recovery lines and the
# proxies' aged-connection counts. docs/proxy-node.md, "Connection age".
# usage: bench/keep-alive-users.sh [SHARE [SEED]]   (defaults 0.5 and 1; about 3 minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
share=${1:-0.5}; seed=${2:-1}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for age in 4s 0; do
  ./alm cluster --quiet --withhold-c --duration 60s --flash b:5:20:20 --seed "$seed" \
    --keep-alive-share "$share" --max-connection-age "$age" --out "$dir/age-$age" > "$dir/age-$age.log" 2>&1
  echo "== max connection age $age, keep-alive share $share, seed $seed"
  grep -E "cold start|flash|worst mean|users:" "$dir/age-$age.log" || true
  python3 - "$dir/age-$age" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1] + "/samples.csv")))
over = sorted({round(float(r["t"])) for r in rows
               if 20 < float(r["t"]) <= 45 and float(r["S"]) > 1.1 * float(r["T"])})
b = [float(r["S"]) / float(r["T"]) for r in rows if r["pop"] == "b" and 20 < float(r["t"]) <= 40]
print(f"intervals with a proxy above 1.1 T in 20-45 s: {len(over)} {over}; b's mean S/T during the flash {sum(b) / len(b):.2f}")
PY
done
