#!/usr/bin/env bash
# Starts `alm proxy` on loopback and runs bench/idle_connections.py against it: N idle connections from one
# address (default 25,000), an ordinary request timed while they are held and after they leave, and the
# listener's counters. Needs app/target/alm.jar (./mvnw -B -q -DskipTests package) and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
N="${N:-25000}"
PORT="${PORT:-18480}"
ADMIN="${ADMIN:-18481}"
java -jar app/target/alm.jar proxy --insecure-probes --listen "127.0.0.1:$PORT" --admin "127.0.0.1:$ADMIN" --duration 300 \
  > /dev/null 2>&1 &
PID=$!
trap 'kill $PID 2>/dev/null || true; wait $PID 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do
  curl -s -o /dev/null "http://127.0.0.1:$ADMIN/status" && break
  sleep 0.1
done
echo "alm proxy pid $PID, file-descriptor limit $(awk '/Max open files/ {print $4}' /proc/$PID/limits)"
python3 bench/idle_connections.py "$PORT" "$ADMIN" "$N"
