#!/usr/bin/env bash
# Cost of per-customer rate limiting on the proxy's request path, measured with wrk on loopback: one alm proxy,
# its customers switched through the admin API between runs (POST /customers) so that both configurations run in
# one JVM (same JIT, same heap):
#   off  no customers (the table is empty: one check per request)
#   on   one customer owning the Host wrk sends (127.0.0.1), with a requests/s limit far above what wrk reaches
#        (so nothing is rejected) and a per-client limit, mode drl (standalone: L/N with N = 1): every request
#        matches the customer, takes a token from its bucket and one from its client's bucket
# Each repetition runs both for DURATION seconds, the order alternating (on/off, then off/on). The throughput
# overhead of a repetition is 1 - on / off; the script prints every pair, the median ratio on/off, the median
# overhead and its range, and checks that no request was rejected. The issue's target is < 3%.
#
#   bench/proxy-limit.sh                    # defaults: 1024-byte bodies, 32 connections, 8 x 5 s, 20 s warm-up
#   REPS=12 DURATION=4 CONNS=64 bench/proxy-limit.sh
#
# Needs: wrk (Debian package), the alm jar (./mvnw -q -DskipTests package). Loopback only.
# Bounded: about REPS x 2 x DURATION seconds plus WARMUP.
set -euo pipefail
case "${1:-}" in
  -h|--help)
    sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
    exit 0
    ;;
esac
cd "$(dirname "$0")/.."
BODY=${BODY:-1024}
CONNS=${CONNS:-32}
DURATION=${DURATION:-5}
REPS=${REPS:-8}
WARMUP=${WARMUP:-20}
THREADS=${THREADS:-1}
JAR=${JAR:-app/target/alm.jar}
PORT=${PORT:-18091}
PORT_ADMIN=${PORT_ADMIN:-18092}

for tool in wrk java curl; do
  command -v "$tool" >/dev/null || { echo "proxy-limit: $tool not found (apt-get install -y wrk)" >&2; exit 1; }
done
[ -f "$JAR" ] || { echo "proxy-limit: build first: ./mvnw -q -DskipTests package" >&2; exit 1; }
cpus=$(nproc)
pin_server=() pin_wrk=()
if [ "$cpus" -ge 2 ]; then pin_server=(taskset -c 0); pin_wrk=(taskset -c 1); fi

work=$(mktemp -d /tmp/alm-limit-bench.XXXXXX)
pid=""
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

ON='{"customers": [{"name": "bench", "hosts": ["127.0.0.1", ".example"], "requestsPerSecond": 1e9, "burstSeconds": 1, "perClientRequestsPerSecond": 1e9, "mode": "drl"}]}'
OFF='{"customers": []}'

"${pin_server[@]}" java -jar "$JAR" proxy --listen 127.0.0.1:$PORT --capacity 1e7 --body-bytes "$BODY" \
  --io-threads "$THREADS" --admin 127.0.0.1:$PORT_ADMIN > "$work/alm.out" 2>&1 &
pid=$!
for _ in $(seq 100); do
  curl -sf -o /dev/null "http://127.0.0.1:$PORT/" && break
  sleep 0.1
done
switch() { # on|off
  local body=$OFF
  [ "$1" = on ] && body=$ON
  curl -sf -o /dev/null -X POST -H 'Content-Type: application/json' --data "$body" "http://127.0.0.1:$PORT_ADMIN/customers" \
    || { echo "proxy-limit: POST /customers failed" >&2; exit 1; }
}
run() { # seconds -> requests/s
  "${pin_wrk[@]}" wrk -t1 -c"$CONNS" -d"${1}s" "http://127.0.0.1:$PORT/" | awk '/^Requests\/sec:/ {print $2}'
}

echo "warm-up $WARMUP s, customers on and off in turn"
for w in $(seq $((WARMUP / 5))); do
  if [ $((w % 2)) = 0 ]; then switch on; else switch off; fi
  run 5 > /dev/null
done

echo "rep | requests/s on off | on/off (wrk -t1 -c$CONNS -d${DURATION}s, body $BODY B, $THREADS I/O thread(s), $cpus CPUs)"
ratios=""
for rep in $(seq "$REPS"); do
  if [ $((rep % 2)) = 1 ]; then order="on off"; else order="off on"; fi
  declare -A r=()
  for c in $order; do
    switch "$c"
    r[$c]=$(run "$DURATION")
  done
  q=$(awk -v a="${r[on]}" -v b="${r[off]}" 'BEGIN {printf "%.4f", a / b}')
  ratios+="$q "
  echo "$rep | ${r[on]} ${r[off]} | $q"
done
switch on
status=$(curl -s "http://127.0.0.1:$PORT_ADMIN/status")
rejected=$(echo "$status" | grep -o '"rejected":[0-9]*' | head -1 | cut -d: -f2)
served=$(echo "$status" | grep -o '"served":[0-9]*' | head -1 | cut -d: -f2)
echo "customer 'bench': served $served, rejected ${rejected:-?} (must be 0)"
echo "$ratios" | tr ' ' '\n' | grep . | sort -n | awk '{a[NR] = $1} END {
  m = NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2
  printf "on/off throughput ratio: median %.4f, range %.4f .. %.4f over %d repetitions\n", m, a[1], a[NR], NR
  printf "overhead of the customer limit: median %.2f%%, range %.2f%% .. %.2f%% (target < 3%%)\n",
    100 * (1 - m), 100 * (1 - a[NR]), 100 * (1 - a[1]) }'
