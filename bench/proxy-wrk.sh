#!/usr/bin/env bash
# Throughput of the alm proxy on loopback, measured with wrk, against nginx serving the same bodies in the
# same run: alm with the load meter and the access log on, alm with the meter only, alm with both off (one alm
# process, switched through its admin API: POST /measure?value=0|1, POST /log?value=0|1), alm with both off a
# second time (an A/A pair that shows the noise floor), and nginx (access log off).
# Every repetition runs each configuration for DURATION seconds, in an order rotated from one repetition to the
# next (so that no configuration always follows another); the warm-up alternates the access log on and off so
# that both paths are compiled before measuring.
# Servers are pinned to CPU 0 and wrk to CPU 1 (taskset), and each server's CPU time per request is measured
# from /proc/PID/task/*/schedstat (all threads: event loops, log writer, JIT, GC; nginx: master and workers):
# on a shared machine CPU per request is steadier than requests/s, so the overheads are given both ways.
# Overheads are paired within a repetition (configuration / mean of the two "off" runs of the same repetition) and
# summarised by their median with a 95% confidence interval (sign test, and bootstrap), quartiles and range over
# repetitions; "A/A" (off again / off) is what the bench reads when nothing differs. The last lines say whether the
# interval of the meter and log's overhead lies below TARGET percent (default 3).
#
#   bench/proxy-wrk.sh                       # defaults: 1024-byte bodies, 32 connections, 8 x 6 s
#   BODY=1024 CONNS=32 DURATION=6 REPS=8 THREADS=1 WARMUP=30 bench/proxy-wrk.sh
#   WRITER_CPU=1 bench/proxy-wrk.sh          # diagnostic: the log writer thread on the other core (with wrk)
#   ACCESS_LOG=/dev/null bench/proxy-wrk.sh  # diagnostic: lines formatted and written, but to no file system
#   bench/proxy-wrk.sh --rows out1.txt out2.txt   # statistics pooled over saved outputs of this script
#   TOGGLE=600 bench/proxy-wrk.sh            # finer pairing: one wrk load of 600 s, alm switched between meter +
#                                            # log, meter, off, off every SEGMENT (0.5) s (bench/proxy_toggle.py)
#   bench/proxy_toggle.py --pool rows1 rows2 # TOGGLE statistics pooled over saved ROWS files
#   REPS=12 DURATION=4 bench/proxy-wrk.sh    # at least 6 repetitions give a 95% interval; 12 give x(3)..x(10)
#
# Needs: wrk and nginx (Debian packages), the alm jar (./mvnw -q -DskipTests package). Loopback only.
# Bounded: about REPS x 5 x DURATION seconds plus the WARMUP.
set -euo pipefail
. "$(dirname "$0")/help.sh"
here=$PWD
cd "$(dirname "$0")/.."
BODY=${BODY:-1024}
CONNS=${CONNS:-32}
DURATION=${DURATION:-6}
REPS=${REPS:-8}
WARMUP=${WARMUP:-30}
JAR=${JAR:-app/target/alm.jar}  # another build of alm to compare
WRITER_CPU=${WRITER_CPU:-}       # diagnostic: move alm's access-log writer thread to this CPU (default: CPU 0 too)
ACCESS_LOG=${ACCESS_LOG:-}       # diagnostic: where alm writes its access log (default: a file in the temp dir;
                                 # /dev/null leaves out the file system's share of the log's cost)
THREADS=${THREADS:-1}          # alm I/O threads and nginx worker processes
ALM_ARGS=${ALM_ARGS:-}           # diagnostic: more arguments for alm proxy (e.g. --config FILE)
TOGGLE=${TOGGLE:-}               # seconds: instead of the repetitions, one wrk load with alm switched every SEGMENT s
SEGMENT=${SEGMENT:-0.5}
ROWS=${ROWS:-}                   # TOGGLE: where to keep every segment's figures (for proxy_toggle.py --pool)
case "$ROWS" in /* | "") ;; *) ROWS="$here/$ROWS" ;; esac
PORT_ON=${PORT_ON:-18081}
PORT_NGINX=${PORT_NGINX:-18083}
PORT_ADMIN=${PORT_ADMIN:-18084}

TARGET=${TARGET:-3}  # percent: the target for the meter and the access log together
declare -A rps cpu io lw

# The statistics, paired within each repetition. An overhead is x / base - 1 (CPU per request) or 1 - x / base
# (requests/s), where base is the mean of the repetition's two "off" runs; the A/A pair (off again / off) shows what
# the bench reads when nothing differs. Each median comes with a 95% confidence interval from the sign test (the
# order statistics x(k) .. x(n+1-k) of the n paired values: distribution-free, exact coverage printed) and a
# bootstrap percentile interval (4000 resamples of the repetitions, fixed seed).
report() { # the arrays rps, cpu (and io, lw if measured) -> statistics and the verdict
  awk -v target="$TARGET" \
  -v on="${cpu[on]}" -v mt="${cpu[meter]}" -v off="${cpu[off]}" -v off2="${cpu[off2]}" -v ng="${cpu[nginx]}" \
  -v ron="${rps[on]}" -v rmt="${rps[meter]}" -v roff="${rps[off]}" -v roff2="${rps[off2]}" -v rng="${rps[nginx]}" \
  -v ion="${io[on]:-}" -v ioff="${io[off]:-}" -v ioff2="${io[off2]:-}" -v lon="${lw[on]:-}" '
  function sorted(s, a,   n, i, j, t) { n = split(s, a, " "); for (i = 2; i <= n; i++) { t = a[i] + 0
      for (j = i - 1; j >= 1 && a[j] + 0 > t; j--) a[j + 1] = a[j]; a[j + 1] = t }; return n }
  function medof(a, n) { return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
  # sets lo hi q1 q3 (range, quartiles), slo shi scov (sign-test interval), blo bhi (bootstrap); returns the median
  function stats(s,   a, n, k, c, p, b, i, j, r, m, x) {
    n = sorted(s, a); lo = a[1]; hi = a[n]; q1 = a[int(n / 4) + 1]; q3 = a[n - int(n / 4)]
    # largest k with P(Binomial(n, 1/2) <= k - 1) <= 2.5%
    p = 0.5 ^ n; c = p; k = 1
    while (k < n / 2 && c + p * (n - k + 1) / k <= 0.025) { p = p * (n - k + 1) / k; c += p; k++ }
    if (c > 0.025) k = 1
    slo = a[k]; shi = a[n + 1 - k]; scov = 1 - 2 * (k > 1 ? c : 0)
    if (k == 1) scov = 1 - 2 * 0.5 ^ n
    srand(1)
    for (b = 1; b <= 4000; b++) { x = ""
      for (i = 1; i <= n; i++) x = x " " a[int(rand() * n) + 1]
      sorted(x, r); m[b] = medof(r, n) }
    for (i = 2; i <= 4000; i++) { x = m[i]; for (j = i - 1; j >= 1 && m[j] > x; j--) m[j + 1] = m[j]; m[j + 1] = x }
    blo = m[100]; bhi = m[3901]
    return medof(a, n) }
  function plain(s,   a, n) { n = sorted(s, a); lo = a[1]; hi = a[n]; return medof(a, n) }
  function over(x, y, z, sign,   a, b, c, n, i, r, base) { n = split(x, a, " "); split(y, b, " "); split(z, c, " "); r = ""
    for (i = 1; i <= n; i++) { base = z == "" ? b[i] : (b[i] + c[i]) / 2
      r = r " " (sign > 0 ? 100 * (a[i] / base - 1) : 100 * (1 - a[i] / base)) }; return r }
  function diff(x, y,   a, b, n, i, r) { n = split(x, a, " "); split(y, b, " "); r = ""
    for (i = 1; i <= n; i++) r = r " " (a[i] - b[i]); return r }
  function ratio(x, y,   a, b, n, i, r) { n = split(x, a, " "); split(y, b, " "); r = ""
    for (i = 1; i <= n; i++) r = r " " 100 * a[i] / b[i]; return r }
  function show(label, s, unit,   m, f) { m = stats(s); f = unit == "" ? "%.3f" : unit == " " ? "%+.3f" : "%+.2f"
    printf "  %-18s median " f "%s  95%% CI " f " .. " f " (sign test, %.1f%%), " f " .. " f " (bootstrap)  quartiles " f " .. " f "  range " f " .. " f "\n",
      label, m, unit, slo, shi, 100 * scov, blo, bhi, q1, q3, lo, hi
    return m }
  function verdict(what, m) {
    printf "  %-18s median %+.2f%%, 95%% CI %+.2f .. %+.2f: ", what, m, slo, shi
    print (shi < target ? "below " target "% (shown)" : slo > target ? "above " target "% (shown)" : "not resolved at " target "%") }
  function medians(title, fmt, s1, s2, s3, s4, s5,   m) {
    printf "%s, median [min..max]:", title
    m = plain(s1); printf " meter+log " fmt, m, lo, hi; m = plain(s2); printf ", meter only " fmt, m, lo, hi
    m = plain(s3); printf ", off " fmt, m, lo, hi; m = plain(s4); printf ", off again " fmt, m, lo, hi
    m = plain(s5); printf ", nginx " fmt "\n", m, lo, hi }
  BEGIN {
    medians("server CPU us/request", "%.2f [%.2f..%.2f]", on, mt, off, off2, ng)
    print "CPU overhead per repetition, x / mean(off, off again) - 1, %:"
    mc = show("meter+log", over(on, off, off2, 1), "%"); vc[1] = slo; vc[2] = shi
    show("meter only", over(mt, off, off2, 1), "%")
    show("A/A (off again)", over(off2, off, "", 1), "%")
    m = plain(ratio(on, ng)); printf "  alm(meter+log)/nginx  median %.3f  range %.3f .. %.3f (CPU per request)\n", m / 100, lo / 100, hi / 100
    medians("requests/s", "%.0f [%.0f..%.0f]", ron, rmt, roff, roff2, rng)
    print "throughput overhead per repetition, 1 - x / mean(off, off again), %:"
    mr = show("meter+log", over(ron, roff, roff2, -1), "%"); vr[1] = slo; vr[2] = shi
    show("meter only", over(rmt, roff, roff2, -1), "%")
    show("A/A (off again)", over(roff2, roff, "", -1), "%")
    m = plain(ratio(ron, rng)); printf "  alm(meter+log)/nginx  median %.3f  range %.3f .. %.3f (requests/s)\n", m / 100, lo / 100, hi / 100
    # where alm CPU goes: the event loop difference is read against the A/A pair; the log writer is measured directly
    if (ion != "") {
      print "alm threads, us/request:"
      show("event loop, on", ion, "")
      show("event loop, off", ioff, "")
      show("loop on - off", diff(ion, ioff), " ")
      show("loop A/A", diff(ioff2, ioff), " ")
      show("log writer, on", lon, "")
      show("writer / alm off", ratio(lon, off), "%")
    }
    printf "target: meter and access log cost < %s%% (95%% sign-test interval of the paired median)\n", target
    slo = vc[1]; shi = vc[2]; verdict("CPU per request", mc)
    slo = vr[1]; shi = vr[2]; verdict("requests/s", mr)
  }'
}

# bench/proxy-wrk.sh --rows OUTPUT...: the statistics again, pooled over the repetitions of earlier outputs of
# this script (requests/s and CPU per request; the per-thread figures are not in the rows)
if [ "${1:-}" = --rows ]; then
  shift
  for f in "$@"; do
    [[ $f = /* ]] || f=$here/$f
    while IFS='|' read -r _ r c; do
      read -r a b d e g <<< "$r"; rps[on]+="$a "; rps[meter]+="$b "; rps[off]+="$d "; rps[off2]+="$e "; rps[nginx]+="$g "
      read -r a b d e g <<< "$c"; cpu[on]+="$a "; cpu[meter]+="$b "; cpu[off]+="$d "; cpu[off2]+="$e "; cpu[nginx]+="$g "
    done < <(grep -E '^[0-9]+ (on|meter|off|off2|nginx) ' "$f")
  done
  echo "pooled: $(echo ${cpu[on]} | wc -w) repetitions from $*"
  report
  exit 0
fi

for tool in wrk nginx java; do
  command -v "$tool" >/dev/null || { echo "proxy-wrk: $tool not found (apt-get install -y wrk nginx)" >&2; exit 1; }
done
[ -f "$JAR" ] || { echo "proxy-wrk: build first: ./mvnw -q -DskipTests package" >&2; exit 1; }

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

# One alm process for all its configurations: the meter and the access log are switched through its admin
# API between runs, so that they are compared inside one JVM (same JIT, same heap).
taskset -c 0 java -jar "$JAR" proxy --listen 127.0.0.1:$PORT_ON --capacity 1e7 --body-bytes "$BODY" \
  --io-threads "$THREADS" --access-log "${ACCESS_LOG:-$work/access.csv}" --admin 127.0.0.1:$PORT_ADMIN $ALM_ARGS > "$work/alm.out" 2>&1 &
pids+=($!)
pid_on=$!
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

if [ -n "$WRITER_CPU" ]; then
  for t in /proc/"$pid_on"/task/*; do
    if [ "$(cat "$t"/comm)" = alm-access-log ]; then
      taskset -p -c "$WRITER_CPU" "$(basename "$t")" > /dev/null
      echo "alm access-log writer thread moved to CPU $WRITER_CPU"
    fi
  done
fi

cpu_ns() { # pid -> "all event-loop log-writer": CPU ns of the process and its children, all threads, then of
  # the alm event loops (alm-proxy-io-*) and of the access-log writer thread alone
  local all="$1 $(pgrep -P "$1" | tr '\n' ' ')" q t
  for q in $all; do
    for t in /proc/"$q"/task/*; do
      echo "$(cat "$t"/comm 2>/dev/null) $(cut -d' ' -f1 "$t"/schedstat 2>/dev/null)"
    done
  done | awk '{s += $NF} /^alm-proxy-io/ {io += $NF} /^alm-access-log/ {lw += $NF} END {printf "%.0f %.0f %.0f", s, io, lw}'
}
run() { # port seconds -> requests/s
  taskset -c 1 wrk -t1 -c"$CONNS" -d"${2}s" "http://127.0.0.1:$1/" | awk '/^Requests\/sec:/ {print $2}'
}
run_cpu() { # port pid seconds -> "requests/s us-of-server-CPU-per-request us-event-loop us-log-writer"
  local c0 c1 out
  c0=$(cpu_ns "$2")
  out=$(taskset -c 1 wrk -t1 -c"$CONNS" -d"${3}s" "http://127.0.0.1:$1/")
  c1=$(cpu_ns "$2")
  echo "$out" | awk -v c0="$c0" -v c1="$c1" '/requests in/ {n = $1} /^Requests\/sec:/ {r = $2}
    END {split(c0, a, " "); split(c1, b, " ")
      printf "%s %.2f %.3f %.3f", r, (b[1] - a[1]) / 1e3 / n, (b[2] - a[2]) / 1e3 / n, (b[3] - a[3]) / 1e3 / n}'
}
echo "warm-up (JIT) $WARMUP s on alm, access log on and off in turn"
for w in $(seq $((WARMUP / 5))); do
  switch 1 $((w % 2))
  run $PORT_ON 5 >/dev/null
done

if [ -n "$TOGGLE" ]; then
  # Finer pairing under one steady load: wrk runs for the whole time, and the driver (on CPU 1 with wrk) switches
  # alm every SEGMENT seconds and reads its request count and CPU time around each segment.
  taskset -c 1 wrk -t1 -c"$CONNS" -d"$((TOGGLE + 5))s" "http://127.0.0.1:$PORT_ON/" > "$work/wrk-toggle.out" &
  wrk_pid=$!
  pids+=($wrk_pid)
  sleep 1
  taskset -c 1 python3 bench/proxy_toggle.py --admin 127.0.0.1:$PORT_ADMIN --pid $pid_on --seconds "$TOGGLE" \
    --segment "$SEGMENT" --target "$TARGET" ${ROWS:+--rows "$ROWS"}
  wait $wrk_pid || true
  status=$(curl -s "http://127.0.0.1:$PORT_ADMIN/status")
  echo "access log lines written by alm: $(echo "$status" | grep -o '"accessWritten":[0-9]*' | cut -d: -f2)," \
    "dropped: $(echo "$status" | grep -o '"accessDropped":[0-9]*' | cut -d: -f2)"
  exit 0
fi

configs=(on meter off off2 nginx)
echo "rep order | requests/s: on meter off off2 nginx | server CPU us/request: on meter off off2 nginx"
echo "(wrk -t1 -c$CONNS -d${DURATION}s on CPU 1, servers on CPU 0, body $BODY B, $THREADS thread(s) each;"
echo " on = meter + access log, meter = meter only, off and off2 = both off, nginx = access log off)"
for rep in $(seq "$REPS"); do
  order=()
  for k in 0 1 2 3 4; do order+=("${configs[$(((k + rep - 1) % 5))]}"); done
  for c in "${order[@]}"; do
    case $c in
      on) switch 1 1; read -r r u e l <<< "$(run_cpu $PORT_ON $pid_on "$DURATION")" ;;
      meter) switch 1 0; read -r r u e l <<< "$(run_cpu $PORT_ON $pid_on "$DURATION")" ;;
      off | off2) switch 0 0; read -r r u e l <<< "$(run_cpu $PORT_ON $pid_on "$DURATION")" ;;
      nginx) read -r r u e l <<< "$(run_cpu $PORT_NGINX $pid_nginx "$DURATION")" ;;
    esac
    rps[$c]+="$r "
    cpu[$c]+="$u "
    io[$c]+="$e "
    lw[$c]+="$l "
  done
  row() { local -n a=$1; local k v out=""; for k in "${configs[@]}"; do v=(${a[$k]}); out+=" ${v[$((rep - 1))]}"; done; echo "$out"; }
  echo "$rep ${order[*]} |$(row rps) |$(row cpu)"
done
switch 1 1
sleep 0.1 # the writer's next pass
status=$(curl -s "http://127.0.0.1:$PORT_ADMIN/status")
lines=$(echo "$status" | grep -o '"accessWritten":[0-9]*' | cut -d: -f2)
dropped=$(echo "$status" | grep -o '"accessDropped":[0-9]*' | cut -d: -f2)

report
echo "access log lines written by alm: ${lines:-?}, dropped: ${dropped:-?}"
