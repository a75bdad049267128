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
# Overheads are paired within a repetition (configuration / off of the same repetition) and summarised by their
# median and their range over repetitions; "A/A" (off again / off) is what the bench reads when nothing differs.
#
#   bench/proxy-wrk.sh                       # defaults: 1024-byte bodies, 32 connections, 8 x 6 s
#   BODY=1024 CONNS=32 DURATION=6 REPS=8 THREADS=1 WARMUP=30 bench/proxy-wrk.sh
#   WRITER_CPU=1 bench/proxy-wrk.sh          # diagnostic: the log writer thread on the other core (with wrk)
#
# Needs: wrk and nginx (Debian packages), the alm jar (./mvnw -q -DskipTests package). Loopback only.
# Bounded: about REPS x 5 x DURATION seconds plus the WARMUP.
set -euo pipefail
cd "$(dirname "$0")/.."
BODY=${BODY:-1024}
CONNS=${CONNS:-32}
DURATION=${DURATION:-6}
REPS=${REPS:-8}
WARMUP=${WARMUP:-30}
JAR=${JAR:-app/target/alm.jar}  # another build of alm to compare
WRITER_CPU=${WRITER_CPU:-}       # diagnostic: move alm's access-log writer thread to this CPU (default: CPU 0 too)
THREADS=${THREADS:-1}          # alm I/O threads and nginx worker processes
PORT_ON=${PORT_ON:-18081}
PORT_NGINX=${PORT_NGINX:-18083}
PORT_ADMIN=${PORT_ADMIN:-18084}

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
  --io-threads "$THREADS" --access-log "$work/access.csv" --admin 127.0.0.1:$PORT_ADMIN > "$work/alm.out" 2>&1 &
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

configs=(on meter off off2 nginx)
echo "rep order | requests/s: on meter off off2 nginx | server CPU us/request: on meter off off2 nginx"
echo "(wrk -t1 -c$CONNS -d${DURATION}s on CPU 1, servers on CPU 0, body $BODY B, $THREADS thread(s) each;"
echo " on = meter + access log, meter = meter only, off and off2 = both off, nginx = access log off)"
declare -A rps cpu io lw
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
lines=$(($(wc -l < "$work/access.csv") - 1))
dropped=$(curl -s "http://127.0.0.1:$PORT_ADMIN/status" | grep -o '"accessDropped":[0-9]*' | cut -d: -f2)

# one line per configuration: its values in repetition order
summary() { # name values-on meter off off2 nginx (each a quoted list) -> medians, ranges, paired overheads
  awk -v what="$1" -v on="$2" -v mt="$3" -v off="$4" -v off2="$5" -v ng="$6" '
    function med(s,   a, n, i, j, t) { n = split(s, a, " "); for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
      if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
      lo = a[1]; hi = a[n]; q1 = a[int(n / 4) + 1]; q3 = a[n - int(n / 4)]
      return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
    function pair(x, y, sign,   a, b, n, i, s) { n = split(x, a, " "); split(y, b, " "); s = ""
      for (i = 1; i <= n; i++) s = s " " (sign > 0 ? 100 * (a[i] / b[i] - 1) : 100 * (1 - a[i] / b[i])); return s }
    function show(label, s,   m) { m = med(s); printf "  %-22s median %6.1f%%  quartiles %6.1f%% .. %6.1f%%  range %6.1f%% .. %6.1f%%\n", label, m, q1, q3, lo, hi }
    BEGIN {
      sign = what == "cpu" ? 1 : -1
      split("meter+log|meter only|off|off again|nginx", names, "|"); vals[1] = on; vals[2] = mt; vals[3] = off
      vals[4] = off2; vals[5] = ng
      printf "%s, median [min..max]:", what == "cpu" ? "server CPU us/request" : "requests/s"
      for (i = 1; i <= 5; i++) { m = med(vals[i]); printf (what == "cpu" ? " %s %.2f [%.2f..%.2f]%s" : " %s %.0f [%.0f..%.0f]%s"), names[i], m, lo, hi, i < 5 ? "," : "\n" }
      print what == "cpu" ? "CPU overhead per repetition, x / off - 1:" : "throughput overhead per repetition, 1 - x / off:"
      show("meter+log", pair(on, off, sign))
      show("meter only", pair(mt, off, sign))
      show("A/A (off again)", pair(off2, off, sign))
      r = pair(on, ng, 1); m = med(r)
      printf "  alm(meter+log)/nginx  median %.3f  range %.3f .. %.3f%s\n", 1 + m / 100, 1 + lo / 100, 1 + hi / 100,
        what == "cpu" ? " (CPU per request)" : " (requests/s)"
    }'
}
summary cpu "${cpu[on]}" "${cpu[meter]}" "${cpu[off]}" "${cpu[off2]}" "${cpu[nginx]}"
summary rps "${rps[on]}" "${rps[meter]}" "${rps[off]}" "${rps[off2]}" "${rps[nginx]}"
# Where alm's CPU goes, paired per repetition: the event loop's share of the difference is read against the
# A/A pair; the log writer's is measured directly (it does nothing else).
awk -v ion="${io[on]}" -v ioff="${io[off]}" -v ioff2="${io[off2]}" -v lon="${lw[on]}" -v coff="${cpu[off]}" '
  function med(s,   a, n, i, j, t) { n = split(s, a, " "); for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
    if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
    lo = a[1]; hi = a[n]; q1 = a[int(n / 4) + 1]; q3 = a[n - int(n / 4)]
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
  function diff(x, y,   a, b, n, i, s) { n = split(x, a, " "); split(y, b, " "); s = ""
    for (i = 1; i <= n; i++) s = s " " (a[i] - b[i]); return s }
  function ratio(x, y,   a, b, n, i, s) { n = split(x, a, " "); split(y, b, " "); s = ""
    for (i = 1; i <= n; i++) s = s " " 100 * a[i] / b[i]; return s }
  BEGIN {
    printf "alm threads, us/request, median [quartiles]:\n"
    m = med(ion); printf "  event loop, meter+log on    %.3f [%.3f .. %.3f]\n", m, q1, q3
    m = med(ioff); printf "  event loop, off             %.3f [%.3f .. %.3f]\n", m, q1, q3
    m = med(diff(ion, ioff)); printf "  event loop, on - off        %+.3f [%+.3f .. %+.3f] (paired)\n", m, q1, q3
    m = med(diff(ioff2, ioff)); printf "  event loop, A/A            %+.3f [%+.3f .. %+.3f] (paired)\n", m, q1, q3
    m = med(lon); printf "  log writer thread, on       %.3f [%.3f .. %.3f]\n", m, q1, q3
    m = med(ratio(lon, coff)); printf "  log writer / all of alm off %.1f%% [%.1f%% .. %.1f%%]\n", m, q1, q3
  }'
echo "access log lines written by alm: $lines, dropped: ${dropped:-?}"
