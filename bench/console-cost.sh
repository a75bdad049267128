#!/usr/bin/env bash
# The console's cost to the daemons: `alm cluster --ui` runs twice for DURATION, once with no page open and once
# with PAGES Server-Sent-Events clients on the fleet page's /events (what an open page receives), and prints per
# run the process's CPU time per user operation (DNS queries, probes and HTTP requests of the users, which run in
# the same process), and the timing of the control intervals (how late each started after its deadline, and how long
# the PoPs' steps took, as alm cluster logs it). Repeated REPS times in alternating order. Needs app/target/alm.jar and curl; loopback only; bounded by REPS x 2 x DURATION.
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION="${DURATION:-30}"
PAGES="${PAGES:-10}"
REPS="${REPS:-2}"
UI_PORT="${UI_PORT:-19400}"
work=$(mktemp -d)
trap 'pkill -P $$ curl 2>/dev/null || true; rm -rf "$work"' EXIT

run() { # $1 = pages, $2 = out dir
  java -jar app/target/alm.jar cluster --duration "${DURATION}s" --quiet --ui "127.0.0.1:$UI_PORT" --out "$2" \
    > "$2.log" 2>&1 &
  local pid=$!
  for _ in $(seq 1 100); do curl -s -o /dev/null "127.0.0.1:$UI_PORT/status" && break; sleep 0.1; done
  local clients=()
  for _ in $(seq 1 "$1"); do
    curl -s -N "127.0.0.1:$UI_PORT/events" > /dev/null 2>&1 &
    clients+=($!)
  done
  local ticks cpu
  ticks=$(getconf CLK_TCK)
  while kill -0 "$pid" 2>/dev/null; do
    cpu=$(awk '{print $14 + $15}' "/proc/$pid/stat" 2>/dev/null || echo "$cpu")
    sleep 0.5
  done
  wait "$pid" || true
  for c in "${clients[@]:-}"; do [ -n "$c" ] && kill "$c" 2>/dev/null || true; done
  python3 - "$2" "$cpu" "$ticks" "$1" <<'PY'
import json, re, sys
out, cpu, ticks, pages = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
timing = [l.strip() for l in open(out + ".log") if l.startswith("control intervals:")]
s = json.load(open(out + "/summary.json"))["users"]
work = sum(p["requests"] + p["dnsQueries"] + p["probes"] for p in s["byPop"].values())
print(f"pages {pages:>2}: CPU {cpu / ticks:6.1f} s for {work} user operations = {1e6 * cpu / ticks / work:6.1f} us each; "
      + (timing[0] if timing else "no interval timing"))
PY
}

for r in $(seq 1 "$REPS"); do
  if [ $((r % 2)) -eq 1 ]; then order="0 $PAGES"; else order="$PAGES 0"; fi
  for p in $order; do run "$p" "$work/r$r-p$p"; done
done
