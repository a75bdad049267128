#!/usr/bin/env bash
# Throughput of the alm proxy on loopback, measured with wrk, against nginx serving the same bodies in the
# same run: alm with the load meter and the access log on, alm with the meter only, alm with both off, and
# nginx (access log off).
# Every configuration runs REPS times, interleaved, for DURATION seconds each; the medians are compared.
#
#   bench/proxy-wrk.sh                       # defaults: 1024-byte bodies, 32 connections, 3 x 10 s
#   BODY=1024 CONNS=32 DURATION=10 REPS=3 THREADS=1 bench/proxy-wrk.sh
#
# Needs: wrk and nginx (Debian packages), the alm jar (./mvnw -q -DskipTests package). Loopback only.
# Bounded: about REPS x 4 x DURATION seconds plus two 15-second warm-ups.
set -euo pipefail
cd "$(dirname "$0")/.."
BODY=${BODY:-1024}
CONNS=${CONNS:-32}
DURATION=${DURATION:-10}
REPS=${REPS:-3}
THREADS=${THREADS:-1}          # alm I/O threads and nginx worker processes
PORT_ON=${PORT_ON:-18081}
PORT_OFF=${PORT_OFF:-18082}
PORT_NGINX=${PORT_NGINX:-18083}
PORT_METER=${PORT_METER:-18084}

for tool in wrk nginx java; do
  command -v "$tool" >/dev/null || { echo "proxy-wrk: $tool not found (apt-get install -y wrk nginx)" >&2; exit 1; }
done
[ -f app/target/alm.jar ] || { echo "proxy-wrk: build first: ./mvnw -q -DskipTests package" >&2; exit 1; }

work=$(mktemp -d /tmp/alm-bench.XXXXXX)
chmod 755 "$work"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

head -c "$BODY" /dev/zero | tr '\0' 'x' > "$work/body"
chmod 644 "$work/body"
cat > "$work/nginx.conf" <<NGINX
worker_processes $THREADS;
daemon off;
pid $work/nginx.pid;
error_log $work/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  keepalive_requests 10000000;
  server {
    listen 127.0.0.1:$PORT_NGINX;
    root $work;
    location / { default_type application/octet-stream; try_files /body =404; }
  }
}
NGINX
nginx -c "$work/nginx.conf" -e "$work/nginx-error.log" &
pids+=($!)

java -jar app/target/alm.jar proxy --listen 127.0.0.1:$PORT_ON --capacity 1e7 --body-bytes "$BODY" \
  --io-threads "$THREADS" --access-log "$work/access.csv" > "$work/alm-on.out" 2>&1 &
pids+=($!)
java -jar app/target/alm.jar proxy --listen 127.0.0.1:$PORT_METER --capacity 1e7 --body-bytes "$BODY" \
  --io-threads "$THREADS" > "$work/alm-meter.out" 2>&1 &
pids+=($!)
java -jar app/target/alm.jar proxy --listen 127.0.0.1:$PORT_OFF --capacity 1e7 --body-bytes "$BODY" \
  --io-threads "$THREADS" --no-measure > "$work/alm-off.out" 2>&1 &
pids+=($!)

for port in $PORT_ON $PORT_METER $PORT_OFF $PORT_NGINX; do
  for _ in $(seq 100); do
    curl -sf -o /dev/null "http://127.0.0.1:$port/" && break
    sleep 0.1
  done
  [ "$(curl -s -o /dev/null -w '%{size_download}' "http://127.0.0.1:$port/")" = "$BODY" ] \
    || { echo "proxy-wrk: server on $port does not answer $BODY bytes" >&2; exit 1; }
done

run() { # port seconds -> requests/s
  wrk -t1 -c"$CONNS" -d"${2}s" "http://127.0.0.1:$1/" | awk '/^Requests\/sec:/ {print $2}'
}
echo "warm-up (JIT) 15 s each on alm"
run $PORT_ON 15 >/dev/null
run $PORT_METER 15 >/dev/null
run $PORT_OFF 15 >/dev/null

declare -A results
echo "rep alm_on alm_meter alm_off nginx (requests/s; wrk -t1 -c$CONNS -d${DURATION}s, body $BODY B, $THREADS thread(s) each)"
for rep in $(seq "$REPS"); do
  on=$(run $PORT_ON "$DURATION")
  mt=$(run $PORT_METER "$DURATION")
  off=$(run $PORT_OFF "$DURATION")
  ng=$(run $PORT_NGINX "$DURATION")
  results[on]+="$on "
  results[meter]+="$mt "
  results[off]+="$off "
  results[nginx]+="$ng "
  echo "$rep $on $mt $off $ng"
done

median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
m_on=$(echo "${results[on]}" | median)
m_mt=$(echo "${results[meter]}" | median)
m_off=$(echo "${results[off]}" | median)
m_ng=$(echo "${results[nginx]}" | median)
lines=$(($(wc -l < "$work/access.csv") - 1))
awk -v on="$m_on" -v mt="$m_mt" -v off="$m_off" -v ng="$m_ng" -v lines="$lines" 'BEGIN {
  printf "median requests/s: alm meter+log on %.0f, alm meter only %.0f, alm off %.0f, nginx %.0f\n", on, mt, off, ng
  printf "alm(on)/nginx %.3f, alm(off)/nginx %.3f\n", on/ng, off/ng
  printf "overhead 1 - x/off: meter+log %.1f%%, meter only %.1f%%\n", 100*(1-on/off), 100*(1-mt/off)
  printf "access log lines written by alm(on): %d\n", lines
}'
