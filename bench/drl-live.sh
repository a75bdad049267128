#!/usr/bin/env bash
# The live figures of docs/ratelimit/live-runs.md: paper 001 section 5.1 with real TCP (alm drl flows),
# Fig. 9's demand shift with Poisson requests through six PoPs (alm cluster --customers) for DRL,
# independent limits and a central Redis bucket stopped mid-run, and a PoP cut off for 30 s (alm drl
# agents --partition). Needs a built checkout (./mvnw -q -DskipTests package) and redis-server.
# Prints each command's table; outputs go to ${OUT:-out/drl-live}. About 12 minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-out/drl-live}
DURATION=${DURATION:-80s}
mkdir -p "$OUT"
echo "== paper 001 section 5.1: 10 Mbit/s, 3 + 7 long TCP flows, 60 s per kind"
./alm drl flows --duration 60s --out "$OUT/flows" 2>/dev/null
for mode in drl independent central; do
  extra=()
  if [ "$mode" = central ]; then extra=(--stop-central 60); fi
  echo "== Fig. 9 shift, six PoPs, customer mode $mode ${extra[*]:-}"
  ./alm cluster -t 'builtin:synthetic?n=6' --customers bench/fig9-customers.json \
    --customer-mode "$mode" "${extra[@]}" --duration "$DURATION" --quiet --out "$OUT/fig9-$mode" 2>/dev/null \
    | sed -n '/^customer/,/^wrote/p'
done
echo "== a PoP cut off for 30 s: 10 agents, L = 10000 units/s"
./alm drl agents --agents 10 --duration 50 --warmup 5 --partition 10:30 2>/dev/null
