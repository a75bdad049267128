#!/usr/bin/env bash
# Cost of per-customer rate limiting on the proxy's request path, measured with wrk on loopback: one alm proxy,
# its customers switched through the admin API between runs (POST /customers) so that both configurations run in
# one JVM (same JIT, same heap):
#   off  no customers (the table is empty: one check per request)
#   on   one customer owning the Host wrk sends (127.0.0.1), with a requests/s limit far above what wrk reaches
#        (so nothing is rejected) and a per-client limit, mode drl (standalone: L/N with N = 1): every request
#        matches the customer, takes a token from its bucket and one from its client's bucket
# Each repetition runs on, off and off again (an A/A pair that shows the noise floor) for DURATION seconds each,
# the order rotated from one repetition to the next, and measures
# requests/s (wrk) and the server's CPU time per request (all its threads, from /proc/PID/task/*/schedstat: on a
# shared machine CPU per request is much steadier than requests/s; the event loop's own CPU leaves out the JIT and
# GC threads). The overheads of a repetition are
# 1 - on/off (requests/s) and on/off - 1 (CPU per request), off being the mean of its two off runs; the script
# prints every repetition, then the median ratio
# on/off and the median overhead with its quartiles and range, and checks that no request was rejected. The
# issue's target is < 3%.
#
#   bench/proxy-limit.sh                    # defaults: 1024-byte bodies, 32 connections, 12 x (4 + 5 s), 20 s warm-up
#   REPS=30 DURATION=2 CONNS=64 bench/proxy-limit.sh
#   PER_CLIENT=0 bench/proxy-limit.sh       # the customer's bucket only, no per-client limit
#   TOGGLE=240 bench/proxy-limit.sh         # finer pairing: one wrk load of 240 s, switched every 1.3 s
#                                           # (SEGMENT=1 measured after SETTLE_SEGMENT=0.3)
#
# Needs: wrk (Debian package), the alm jar (./mvnw -q -DskipTests package). Loopback only.
# After each switch SETTLE seconds of load are not measured: a switch makes the JIT drop a few compiled methods of
# the request path, which run slower for a second or more until compiled again (a deployment does not switch
# every few seconds; TOGGLE mode, which measures right after switches, shows that cost).
# Bounded: about REPS x 3 x (SETTLE + DURATION) seconds plus WARMUP.
set -euo pipefail
. "$(dirname "$0")/help.sh"
cd "$(dirname "$0")/.."
BODY=${BODY:-1024}
CONNS=${CONNS:-32}
DURATION=${DURATION:-5}
REPS=${REPS:-12}
WARMUP=${WARMUP:-20}
THREADS=${THREADS:-1}
JAR=${JAR:-app/target/alm.jar}
SETTLE=${SETTLE:-4}             # seconds of load after each switch, not measured (0: none)
PER_CLIENT=${PER_CLIENT:-1e9}
TOGGLE=${TOGGLE:-}              # seconds: instead of the repetitions, one wrk load with the customers switched
SEGMENT=${SEGMENT:-1}           # TOGGLE: seconds measured per configuration
SETTLE_SEGMENT=${SETTLE_SEGMENT:-0.3}  # TOGGLE: seconds after each switch, not measured   # the customer's per-client limit, requests/s (0: none)
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

ON='{"customers": [{"name": "bench", "hosts": ["127.0.0.1", ".example"], "requestsPerSecond": 1e9, "burstSeconds": 1, "perClientRequestsPerSecond": '"$PER_CLIENT"', "mode": "drl"}]}'
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
cpu_ns() { # "all event-loop": CPU ns of the server, all threads (event loops, JIT, GC), and its event loops alone
  for t in /proc/"$pid"/task/*; do
    echo "$(cat "$t"/comm 2>/dev/null) $(cut -d' ' -f1 "$t"/schedstat 2>/dev/null)"
  done | awk '{s += $NF} /^alm-proxy-io/ {io += $NF} END {printf "%.0f %.0f", s, io}'
}
run_cpu() { # seconds -> "requests/s us-of-server-CPU-per-request us-of-event-loop-CPU-per-request"
  local c0 c1 out
  c0=$(cpu_ns)
  out=$("${pin_wrk[@]}" wrk -t1 -c"$CONNS" -d"${1}s" "http://127.0.0.1:$PORT/")
  c1=$(cpu_ns)
  echo "$out" | awk -v c0="$c0" -v c1="$c1" '/requests in/ {n = $1} /^Requests\/sec:/ {r = $2}
    END {split(c0, a, " "); split(c1, b, " "); printf "%s %.3f %.3f", r, (b[1] - a[1]) / 1e3 / n, (b[2] - a[2]) / 1e3 / n}'
}

echo "warm-up $WARMUP s, customers on and off in turn"
for w in $(seq $((WARMUP / 5))); do
  if [ $((w % 2)) = 0 ]; then switch on; else switch off; fi
  run 5 > /dev/null
done

ratios=""
cratios=""
eratios=""
aa=""
configs=(on off off2)
if [ -n "$TOGGLE" ]; then
  # Finer pairing under one steady load: wrk runs for the whole time; every SEGMENT seconds the driver (on the
  # wrk CPU) switches the customers, lets SETTLE_SEGMENT seconds pass, then reads the proxy's request count
  # (/status) and CPU time around one segment. Neighbouring segments see the same load from other processes.
  "${pin_wrk[@]}" wrk -t1 -c"$CONNS" -d"$((TOGGLE + 5))s" "http://127.0.0.1:$PORT/" > "$work/wrk-toggle.out" &
  wrk_pid=$!
  sleep 1
  requests() { curl -s "http://127.0.0.1:$PORT_ADMIN/status" | grep -o '"requests":[0-9]*' | head -1 | cut -d: -f2; }
  segment() { # -> "requests/s us-CPU-per-request us-event-loop-CPU-per-request"
    local n0 n1 t0 t1 c0 c1
    n0=$(requests); c0=$(cpu_ns); t0=$(date +%s%N)
    sleep "$SEGMENT"
    n1=$(requests); c1=$(cpu_ns); t1=$(date +%s%N)
    awk -v n0="$n0" -v n1="$n1" -v t0="$t0" -v t1="$t1" -v c0="$c0" -v c1="$c1" 'BEGIN {
      split(c0, a, " "); split(c1, b, " "); n = n1 - n0
      printf "%.1f %.3f %.3f", n / ((t1 - t0) / 1e9), (b[1] - a[1]) / 1e3 / n, (b[2] - a[2]) / 1e3 / n }'
  }
  echo "TOGGLE: one wrk load of $TOGGLE s (-t1 -c$CONNS, body $BODY B, $THREADS I/O thread(s), $cpus CPUs, load average $(cut -d' ' -f1 /proc/loadavg)),"
  echo "segments of $SEGMENT s after $SETTLE_SEGMENT s, order rotated"
  echo "rep | order | requests/s on off off2 | server CPU us/request on off off2 | event-loop CPU us/request on off off2"
  end=$((SECONDS + TOGGLE))
  rep=0
  while [ $SECONDS -lt "$end" ]; do
    rep=$((rep + 1))
    order=()
    for k in 0 1 2; do order+=("${configs[$(((k + rep - 1) % 3))]}"); done
    declare -A r=() u=() e=()
    for c in "${order[@]}"; do
      switch "${c%2}"
      sleep "$SETTLE_SEGMENT"
      read -r r[$c] u[$c] e[$c] <<< "$(segment)"
    done
    ratios+="$(awk -v a="${r[on]}" -v b="${r[off]}" -v c="${r[off2]}" 'BEGIN {printf "%.4f", 2 * a / (b + c)}') "
    cratios+="$(awk -v a="${u[on]}" -v b="${u[off]}" -v c="${u[off2]}" 'BEGIN {printf "%.4f", 2 * a / (b + c)}') "
    eratios+="$(awk -v a="${e[on]}" -v b="${e[off]}" -v c="${e[off2]}" 'BEGIN {printf "%.4f", 2 * a / (b + c)}') "
    aa+="$(awk -v b="${u[off]}" -v c="${u[off2]}" 'BEGIN {printf "%.4f", c / b}') "
    echo "$rep | ${order[*]} | ${r[on]} ${r[off]} ${r[off2]} | ${u[on]} ${u[off]} ${u[off2]} | ${e[on]} ${e[off]} ${e[off2]}"
  done
  wait "$wrk_pid" || true
  REPS=0
fi

if [ -z "$TOGGLE" ]; then
  echo "rep | order | requests/s on off off2 | on/off | server CPU us/request on off off2 | on/off | event-loop CPU us/request on off off2 | on/off | A/A off2/off (server CPU)"
  echo "(wrk -t1 -c$CONNS -d${DURATION}s, body $BODY B, $THREADS I/O thread(s), $cpus CPUs, load average $(cut -d' ' -f1 /proc/loadavg))"
fi
for rep in $(seq "$REPS"); do
  order=()
  for k in 0 1 2; do order+=("${configs[$(((k + rep - 1) % 3))]}"); done
  declare -A r=() u=() e=()
  for c in "${order[@]}"; do
    switch "${c%2}"
    [ "$SETTLE" = 0 ] || run "$SETTLE" > /dev/null  # the JIT re-optimises after the switch; not measured
    read -r r[$c] u[$c] e[$c] <<< "$(run_cpu "$DURATION")"
  done
  # on against the mean of the two "off" runs of the repetition; the A/A pair shows the noise floor
  q=$(awk -v a="${r[on]}" -v b="${r[off]}" -v c="${r[off2]}" 'BEGIN {printf "%.4f", 2 * a / (b + c)}')
  cq=$(awk -v a="${u[on]}" -v b="${u[off]}" -v c="${u[off2]}" 'BEGIN {printf "%.4f", 2 * a / (b + c)}')
  eq=$(awk -v a="${e[on]}" -v b="${e[off]}" -v c="${e[off2]}" 'BEGIN {printf "%.4f", 2 * a / (b + c)}')
  aq=$(awk -v b="${u[off]}" -v c="${u[off2]}" 'BEGIN {printf "%.4f", c / b}')
  ratios+="$q "
  cratios+="$cq "
  eratios+="$eq "
  aa+="$aq "
  echo "$rep | ${order[*]} | ${r[on]} ${r[off]} ${r[off2]} | $q | ${u[on]} ${u[off]} ${u[off2]} | $cq | ${e[on]} ${e[off]} ${e[off2]} | $eq | $aq"
done
switch on
status=$(curl -s "http://127.0.0.1:$PORT_ADMIN/status")
rejected=$(echo "$status" | grep -o '"rejected":[0-9]*' | head -1 | cut -d: -f2)
served=$(echo "$status" | grep -o '"served":[0-9]*' | head -1 | cut -d: -f2)
echo "customer 'bench': served $served, rejected ${rejected:-?} (must be 0)"
summary() { # label sign ratios...: sign +1 for CPU (on/off - 1), -1 for throughput (1 - on/off)
  local label=$1 sign=$2
  shift 2
  echo "$@" | tr ' ' '\n' | grep . | sort -n | awk -v label="$label" -v sign="$sign" '{a[NR] = $1} END {
    m = NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2
    q1 = a[int(NR / 4) + 1]; q3 = a[NR - int(NR / 4)]
    o = sign > 0 ? 100 * (m - 1) : 100 * (1 - m)
    lo = sign > 0 ? 100 * (q1 - 1) : 100 * (1 - q3); hi = sign > 0 ? 100 * (q3 - 1) : 100 * (1 - q1)
    printf "%s on/off: median %.4f, quartiles %.4f .. %.4f, range %.4f .. %.4f over %d repetitions\n", label, m, q1, q3, a[1], a[NR], NR
    printf "  overhead: median %+.2f%%, quartiles %+.2f%% .. %+.2f%% (target < 3%%)\n", o, lo, hi }'
}
summary "requests/s" -1 $ratios
summary "server CPU per request" 1 $cratios
summary "event-loop CPU per request" 1 $eratios
summary "A/A: server CPU per request, off again" 1 $aa
