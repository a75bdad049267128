#!/usr/bin/env bash
# The tables of docs/ratelimit/live-vs-sim.md: every DRL algorithm on the same scenarios (open-loop
# and paper 001's TCP ones), simulated and live (agents over loopback UDP, the scenario's loss and
# delay in their sockets), and 490 agents live. Needs a built checkout (./mvnw -q -DskipTests
# package). Outputs go to ${OUT:-out/drl-live-vs-sim}. About 40 minutes (each live run takes the
# scenario's time: 30 s, 60 s for raghavan-baseline, 90 s for raghavan-shift).
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-out/drl-live-vs-sim}
mkdir -p "$OUT"
for s in four-sites four-sites-lossy ten-sites-shift; do
  ./alm drl agents --scenario "docs/ratelimit/scenarios/$s.json" --algorithm all --out "$OUT/$s" 2>/dev/null
done
./alm drl agents --scenario 'builtin:stanojevic-ring?duration=600' --faster 20 --algorithm all \
  --out "$OUT/ring" 2>/dev/null
for s in raghavan-baseline raghavan-shift; do
  ./alm drl agents --scenario "builtin:$s" --algorithm all --out "$OUT/$s" 2>/dev/null
done
./alm drl agents --agents 490 --duration 40 --warmup 15 --limit 49000 2>/dev/null
