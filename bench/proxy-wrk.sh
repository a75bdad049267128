#!/usr/bin/env bash
# Throughput of the alm proxy on loopback, measured with wrk, against nginx serving the same bodies in the
# same run: alm with the load meter and the access log on, alm with the meter only, alm with both off (one alm
# process, switched through its admin API: POST /measure?value=0|1, POST /log?value=0|1), and nginx (access
# log off).
# Every configuration runs REPS times, interleaved, for DURATION seconds each; the medians are compared.
# Servers are pinned to CPU 0 and wrk to CPU 1 (taskset), and each server's CPU time per request is measured
# from /proc/PID/task/*/schedstat (all threads: event loops, log writer, JIT, GC; nginx: master and workers):
# on a shared machine CPU per request is steadier than requests/s, so the overheads are given both ways.
#
#   bench/proxy-wrk.sh                       # defaults: 1024-byte bodies, 32 connections, 3 x 10 s
#   BODY=1024 CONNS=32 DURATION=10 REPS=3 THREADS=1 bench/proxy-wrk.sh
#
# Needs: wrk and nginx (Debian packages), the alm jar (./mvnw -q -DskipTests package). Loopback only.
# Bounded: about REPS x 4 x DURATION seconds plus a 30-second warm-up.
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
PORT_ADMIN=${PORT_ADMIN:-18084}

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
taskset -c 0 nginx -c "$work/nginx.conf" -e "$work/nginx-error.log" &
pids+=($!)
pid_nginx=$!

# One alm process for all three configurations: the meter and the access log are switched through its admin
# API between runs, so that they are compared inside one JVM (same JIT, same heap).
taskset -c 0 java -jar app/target/alm.jar proxy --listen 127.0.0.1:$PORT_ON --capacity 1e7 --body-bytes "$BODY" \
  --io-threads "$THREADS" --access-log "$work/access.csv" --admin 127.0.0.1:$PORT_ADMIN > "$work/alm.out" 2>&1 &
pids+=($!)
pid_on=$!
pid_meter=$pid_on
pid_off=$pid_on
PORT_METER=$PORT_ON
PORT_OFF=$PORT_ON
switch() { # meter(0|1) log(0|1)
  curl -sf -o /dev/null -X POST "http://127.0.0.1:$PORT_ADMIN/measure?value=$1"
  curl -sf -o /dev/null -X POST "http://127.0.0.1:$PORT_ADMIN/log?value=$2"
}

for port in $PORT_ON $PORT_NGINX; do
  for _ in $(seq 100); do
    curl -sf -o /dev/null "http://127.0.0.1:$port/" && break
    sleep 0.1
  done
  [ "$(curl -s -o /dev/null -w '%{size_download}' "http://127.0.0.1:$port/")" = "$BODY" ] \
    || { echo "proxy-wrk: server on $port does not answer $BODY bytes" >&2; exit 1; }
done

cpu_ns() { # pid -> CPU ns of the process and its children, all threads
  local all="$1 $(pgrep -P "$1" | tr '\n' ' ')"
  for q in $all; do cat /proc/"$q"/task/*/schedstat 2>/dev/null; done | awk '{s += $1} END {printf "%.0f", s}'
}
run() { # port seconds -> requests/s
  taskset -c 1 wrk -t1 -c"$CONNS" -d"${2}s" "http://127.0.0.1:$1/" | awk '/^Requests\/sec:/ {print $2}'
}
run_cpu() { # port pid seconds -> "requests/s us-of-server-CPU-per-request"
  local c0 c1 out
  c0=$(cpu_ns "$2")
  out=$(taskset -c 1 wrk -t1 -c"$CONNS" -d"${3}s" "http://127.0.0.1:$1/")
  c1=$(cpu_ns "$2")
  echo "$out" | awk -v c0="$c0" -v c1="$c1" '/requests in/ {n = $1} /^Requests\/sec:/ {r = $2}
    END {printf "%s %.2f", r, (c1 - c0) / 1e3 / n}'
}
echo "warm-up (JIT) 30 s on alm"
run $PORT_ON 30 >/dev/null

declare -A results cpu
echo "rep alm_on alm_meter alm_off nginx (requests/s, then server CPU us/request; wrk -t1 -c$CONNS -d${DURATION}s on CPU 1, servers on CPU 0, body $BODY B, $THREADS thread(s) each)"
for rep in $(seq "$REPS"); do
  switch 1 1
  read -r on con <<< "$(run_cpu $PORT_ON $pid_on "$DURATION")"
  switch 1 0
  read -r mt cmt <<< "$(run_cpu $PORT_METER $pid_meter "$DURATION")"
  switch 0 0
  read -r off coff <<< "$(run_cpu $PORT_OFF $pid_off "$DURATION")"
  read -r ng cng <<< "$(run_cpu $PORT_NGINX $pid_nginx "$DURATION")"
  results[on]+="$on "
  results[meter]+="$mt "
  results[off]+="$off "
  results[nginx]+="$ng "
  cpu[on]+="$con "
  cpu[meter]+="$cmt "
  cpu[off]+="$coff "
  cpu[nginx]+="$cng "
  echo "$rep $on $mt $off $ng | $con $cmt $coff $cng"
done

median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
m_on=$(echo "${results[on]}" | median)
m_mt=$(echo "${results[meter]}" | median)
m_off=$(echo "${results[off]}" | median)
m_ng=$(echo "${results[nginx]}" | median)
c_on=$(echo "${cpu[on]}" | median)
c_mt=$(echo "${cpu[meter]}" | median)
c_off=$(echo "${cpu[off]}" | median)
c_ng=$(echo "${cpu[nginx]}" | median)
switch 1 1
lines=$(($(wc -l < "$work/access.csv") - 1))
awk -v on="$c_on" -v mt="$c_mt" -v off="$c_off" -v ng="$c_ng" 'BEGIN {
  printf "median server CPU us/request: alm meter+log on %.2f, alm meter only %.2f, alm off %.2f, nginx %.2f\n", on, mt, off, ng
  printf "CPU overhead x/off - 1: meter+log %.1f%%, meter only %.1f%%; alm(on)/nginx CPU %.3f\n", 100*(on/off-1), 100*(mt/off-1), on/ng
}'
awk -v on="$m_on" -v mt="$m_mt" -v off="$m_off" -v ng="$m_ng" -v lines="$lines" 'BEGIN {
  printf "median requests/s: alm meter+log on %.0f, alm meter only %.0f, alm off %.0f, nginx %.0f\n", on, mt, off, ng
  printf "alm(on)/nginx %.3f, alm(off)/nginx %.3f\n", on/ng, off/ng
  printf "overhead 1 - x/off: meter+log %.1f%%, meter only %.1f%%\n", 100*(1-on/off), 100*(1-mt/off)
  printf "access log lines written by alm(on): %d\n", lines
}'
