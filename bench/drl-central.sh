#!/usr/bin/env bash
# Latency added per request by the central rate-limit baselines, in one run: a Bucket4j bucket in a real
# redis-server (Lettuce, async), the token server's leases over loopback UDP, and a local Bucket4j bucket
# (alm drl central-bench). Starts redis-server on a free loopback port (no persistence), runs the bench,
# prints Redis's own count of commands per call (INFO commandstats). Then (unless OUTAGE=0) runs
# alm drl central-load for redis and token-server, fail-open and fail-closed: 3 clients, limit 1000/s, 2000
# calls/s offered, WARMUP s of load first, then 12 s with the store out from 4 s to 8 s (Redis paused with
# CLIENT PAUSE, the token server stopped and restarted). Stops redis-server.
#
#   bench/drl-central.sh                          # defaults: 20000 calls per mode in 5 rounds
#   CALLS=50000 ROUNDS=10 bench/drl-central.sh
#   bench/drl-central.sh --limit 1000             # any further flags go to alm drl central-bench
#   OUTAGE=0 bench/drl-central.sh                 # latency only
#   WARMUP=15 bench/drl-central.sh                # seconds of load before each outage run (default 15)
#
# Needs: redis-server and redis-cli (Debian: redis-server, redis-tools), the alm jar
# (./mvnw -q -DskipTests package). Loopback only. Bounded: a few seconds per 10000 calls, plus
# 4 x (WARMUP + 12) s for the outage runs.
set -euo pipefail
. "$(dirname "$0")/help.sh"
cd "$(dirname "$0")/.."
CALLS=${CALLS:-20000}
ROUNDS=${ROUNDS:-5}
OUTAGE=${OUTAGE:-1}
WARMUP=${WARMUP:-15}
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no >/dev/null 2>&1 &
redis_pid=$!
trap 'kill "$redis_pid" 2>/dev/null; wait "$redis_pid" 2>/dev/null || true' EXIT
for _ in $(seq 100); do
  redis-cli -p "$port" ping >/dev/null 2>&1 && break
  sleep 0.05
done
redis-cli -p "$port" config resetstat >/dev/null
echo "redis-server $(redis-server --version | sed 's/.*v=\([^ ]*\).*/\1/') on 127.0.0.1:$port; $(nproc) CPUs"
./alm drl central-bench --redis "redis://127.0.0.1:$port" --calls "$CALLS" --rounds "$ROUNDS" "$@"
echo "Redis commands (INFO commandstats, warm-up included):"
redis-cli -p "$port" info commandstats | grep -E '^cmdstat_(get|eval|evalsha|set)' | tr -d '\r' | sed 's/^/  /'
if [ "$OUTAGE" != 0 ]; then
  for mode in redis token-server; do
    for policy in open closed; do
      ./alm drl central-load --mode "$mode" --redis "redis://127.0.0.1:$port" --policy "$policy" \
        --clients 3 --limit 1000 --offered 2000 --warmup "$WARMUP" --duration 12 --outage 4:8
    done
  done
fi
