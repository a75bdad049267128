#!/usr/bin/env bash
# DNS benchmark: alm dns against gdnsd (weighted plugin), Knot, NSD and PowerDNS (LUA record).
#
# Usage: bench/dns/run.sh [options]
#   -d SECONDS   length of the fixed-rate run that measures CPU per query (default 10)
#   -r QPS       offered rate of that run, dnsperf -Q (default 100000)
#   -L QPS       offered rate of the latency run (every server but PowerDNS), read for p50/p99 (default 50000)
#   -p SECONDS   length of the peak-qps run, dnsperf without -Q (default 5)
#   -w SECONDS   alm's JIT warm-up at the fixed rate before measuring (default 10)
#   -s LIST      servers to run, comma separated (default alm,gdnsd,knot,nsd,pdns; alm0 needs -B)
#                floor: bench/dns/NettyFloor.java, the least a Netty epoll server does per answer (no
#                parsing, log or metrics), with alm's socket set-up: what alm's code adds above Netty's floor;
#                uring: the same on Netty's io_uring transport for 4.1 (io.netty.incubator,
#                bench/dns/uring41/pom.xml); floor42 and uring42: the floor on Netty 4.2's epoll and io_uring
#                transports (bench/dns/netty42/pom.xml); ./mvnw resolves those poms from Maven Central on
#                first use, with the versions of the parent pom's bench.* properties;
#                FLOOR_BATCH=N sets the datagrams per read of every floor server (32, as alm)
#   -B DIR       another built checkout of alm (e.g. a worktree of main): its alm dns runs as server alm0,
#                with the same flags, so a before/after comparison shares one run (-s alm0,alm,gdnsd)
#   -m           query mix (www A, apex SOA/NS, an NXDOMAIN name) instead of www A alone
#   -n           do not apt-get install anything (the tools must already be there)
#   -C S:C[,C]   CPUs: the servers' one CPU, then dnsperf's (default 0:1); e.g. -C 2:4,5 leaves dnsperf's
#                sending and receiving threads two CPUs, on a machine with cores to spare
#   -N NICE      nice level of the servers and dnsperf (default -10: other work on a shared machine
#                then delays them less; 0 runs them at normal priority)
#   -k           keep the temp dir (configs, dnsperf outputs, alm's query log) for inspection
#   -S           also count each server's system calls (perf stat on syscall tracepoints) during a second
#                fixed-rate run of -d seconds, and print them per completed query (needs perf)
#   -R ROUNDS    interleaved rounds instead: start every server of -s at once, warm alm up, then run ROUNDS
#                rounds in which each server gets one fixed-rate run of -d seconds (order rotated each round);
#                print CPU per query per run and, for each pair of servers, the per-round ratio of the one
#                listed first in -s over the other (alm/gdnsd for -s alm,gdnsd), with its median and 95%
#                interval (bench/paired_stats.py): slow changes of a shared machine move both runs of a round
#                together and mostly cancel in the ratio
#
# Every server is started by this script from configs it writes to a temp dir, bound to 127.0.0.1
# on its own port (15301-15310), pinned to CPU 0 (taskset -c 0, or -C) with one worker thread where the
# server allows it; dnsperf runs pinned to CPU 1 (or -C). CPU per query is the server's whole-process CPU
# time (/proc/PID/task/*/schedstat, first field, summed over all threads of the process and its
# children, JIT and GC threads included for alm) during the fixed-rate run, divided by the number of
# queries dnsperf saw completed. dnsperf gets a 4 MiB socket buffer (-b 4096) so that what is lost
# is lost at the server, not at the client. alm runs with --no-rrl (from one source address dnsperf
# would otherwise be rate limited), its query log and metrics on; nothing else has RRL configured.
# Needs: Debian 12, root (for apt-get), 2+ cores, the alm jar built
# (./mvnw -q -B -DskipTests package). Sends traffic to 127.0.0.1 only; stops all it started on exit.
set -euo pipefail

DUR=10 RATE=100000 LAT_RATE=50000 PEAK_DUR=5 WARM=10
SERVERS=alm,gdnsd,knot,nsd,pdns MIX=0 INSTALL=1 KEEP=0 NICE=-10 SYSCALLS=0 OTHER= ROUNDS=0
while getopts "d:r:L:p:w:s:N:B:R:C:mnkSh" opt; do
  case $opt in
    d) DUR=$OPTARG ;; r) RATE=$OPTARG ;; L) LAT_RATE=$OPTARG ;; p) PEAK_DUR=$OPTARG ;;
    w) WARM=$OPTARG ;; s) SERVERS=$OPTARG ;; R) ROUNDS=$OPTARG ;; C) CPUS=$OPTARG ;; N) NICE=$OPTARG ;; B) OTHER=$OPTARG ;; m) MIX=1 ;; n) INSTALL=0 ;; k) KEEP=1 ;; S) SYSCALLS=1 ;;
    *) sed -n '2,45p' "$0"; exit 2 ;;
  esac
done

REPO=$(cd "$(dirname "$0")/../.." && pwd)
HERE="$REPO/bench/dns"
ZONE=cdn.example
L1=192.0.2.1 L2=198.51.100.1 X=0.3
declare -A PORT=([alm]=15301 [gdnsd]=15302 [knot]=15303 [nsd]=15304 [pdns]=15305 [alm0]=15306 [floor]=15307 [uring]=15308 [floor42]=15309 [uring42]=15310)
declare -A ADMIN=([alm]=15391 [alm0]=15392)
[[ ${CPUS:=0:1} =~ ^[0-9]+:[0-9]+(,[0-9]+)*$ ]] || { echo "-C $CPUS: expected SERVER_CPU:CLIENT_CPU[,CLIENT_CPU...]" >&2; exit 2; }
SERVER_CPU=${CPUS%%:*} CLIENT_CPU=${CPUS#*:}
ON_SERVER_CPU="nice -n $NICE taskset -c $SERVER_CPU"
ON_CLIENT_CPU="nice -n $NICE taskset -c $CLIENT_CPU"

log() { printf '[dnsbench %s] %s\n' "$(date +%T)" "$*" >&2; }

# ---------------------------------------------------------------- install
# Packages this script needs, and the Debian units they bring (stopped if the install started them).
PKGS=(dnsperf dnsutils gdnsd knot nsd pdns-server pdns-backend-bind)
declare -A UNIT_OF=([gdnsd]=gdnsd [knot]=knot [nsd]=nsd [pdns-server]=pdns)
install_tools() {
  local missing=() p
  for p in "${PKGS[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "installing: ${missing[*]}"
  # Keep Debian's maintainer scripts from starting the daemons on install (policy-rc.d, exit 101).
  local policy=/usr/sbin/policy-rc.d own_policy=0
  if [ ! -e $policy ]; then printf '#!/bin/sh\nexit 101\n' > $policy; chmod +x $policy; own_policy=1; fi
  apt-get update -q >/dev/null || log "apt-get update failed; trying the install anyway"
  for p in "${missing[@]}"; do   # one by one, so that one missing package does not stop the others
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$p" >/dev/null 2>&1 || log "could not install $p"
  done
  [ $own_policy = 1 ] && rm -f $policy
  # Where systemd runs and started them anyway: stop and disable the units this run installed.
  if [ -d /run/systemd/system ] && command -v systemctl >/dev/null; then
    for p in "${missing[@]}"; do
      [ -n "${UNIT_OF[$p]:-}" ] && { systemctl disable --now "${UNIT_OF[$p]}" >/dev/null 2>&1 || true; }
    done
  fi
}

# ---------------------------------------------------------------- process bookkeeping
STARTED=()   # pids of every server this script started
tree_pids() { local c; echo "$1"; for c in $(pgrep -P "$1" 2>/dev/null); do tree_pids "$c"; done; }
# CPU time (ns) of a process tree: sum of the first schedstat field over all threads of all processes.
cpu_ns() {
  local total=0 p f ns rest
  for p in $(tree_pids "$1"); do
    for f in /proc/"$p"/task/*/schedstat; do
      { read -r ns rest < "$f"; } 2>/dev/null && total=$((total + ns))
    done
  done
  echo "$total"
}
# CPU time (ns) per thread name of one process, "name ns" lines (threads of one name summed).
thread_ns() {
  local f
  for f in /proc/"$1"/task/*; do
    { printf '%s %s\n' "$(tr ' ' '_' < "$f/comm")" "$(cut -d' ' -f1 "$f/schedstat")"; } 2>/dev/null
  done | awk '{a[$1] += $2} END {for (k in a) print k, a[k]}' | sort
}
stop_tree() {
  local pid=$1 p pids
  pids=$(tree_pids "$pid" | tac)
  for p in $pids; do kill "$p" 2>/dev/null || true; done
  for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  for p in $pids; do kill -9 "$p" 2>/dev/null || true; done
  wait "$pid" 2>/dev/null || true
}
cleanup() {
  local pid
  for pid in "${STARTED[@]}"; do stop_tree "$pid"; done
  if [ $KEEP = 1 ]; then log "kept $T"; else rm -rf "$T"; fi
}

# ---------------------------------------------------------------- zone and configs
write_zone() { # $1 = file, $2 = the www line(s)
  cat > "$1" <<EOF
\$ORIGIN $ZONE.
\$TTL 20
@    3600 IN SOA ns1.$ZONE. hostmaster.$ZONE. 1 7200 1800 1209600 20
@    3600 IN NS  ns1.$ZONE.
ns1  3600 IN A   192.0.2.53
$2
EOF
}

start_alm() { # $1 = server name (alm or alm0), $2 = the checkout it runs from
  local s=${1:-alm} repo=${2:-$REPO}
  local jar="$repo/app/target/alm.jar"
  [ -f "$jar" ] || { ERR="alm jar not found ($jar); build it: ./mvnw -q -B -DskipTests package"; return 1; }
  $ON_SERVER_CPU "$repo/alm" dns --listen 127.0.0.1:${PORT[$s]} --zone $ZONE --l1 $L1 --l2 $L2 \
    --x $X --no-rrl --query-log "$T/$s/query.log" --admin 127.0.0.1:${ADMIN[$s]} --threads 1 \
    > "$T/$s/out.log" 2>&1 &
}
start_alm0() {
  [ -n "$OTHER" ] || { ERR="alm0 needs -B DIR (another checkout)"; return 1; }
  start_alm alm0 "$(cd "$OTHER" && pwd)"
}

# The floor servers: bench/dns/NettyFloor.java on one class path and transport.
floor_on() { # $1 = server, $2 = class path, $3 = transport
  $ON_SERVER_CPU java -cp "$2" "$HERE/NettyFloor.java" 127.0.0.1 ${PORT[$1]} "$3" "${FLOOR_BATCH:-32}" \
    > "$T/$1/out.log" 2>&1 &
}
alm_jar() { # alm's jar carries Netty 4.1 and its epoll transport
  JAR="$REPO/app/target/alm.jar"
  [ -f "$JAR" ] || { ERR="alm jar not found ($JAR), it carries Netty for the floor server"; return 1; }
}
start_floor() { alm_jar || return 1; floor_on floor "$JAR" epoll; }

pom_property() { sed -n "s|.*<$1>\(.*\)</$1>.*|\1|p" "$REPO/pom.xml" | head -1; } # versions live in the parent pom
bench_cp() { # $1 = bench pom dir under bench/dns, $2 = its version property, $3 = parent pom property: class path
  "$REPO/mvnw" -q -B -f "$HERE/$1/pom.xml" dependency:build-classpath -Dmdep.outputFile="$T/$1.cp" \
    -D"$2"="$(pom_property "$3")" >/dev/null 2>&1 \
    || { ERR="could not resolve bench/dns/$1/pom.xml (Maven Central is fetched on first use)"; return 1; }
  CP=$(cat "$T/$1.cp")
}
start_uring() { # the incubator's jars beside alm's, which carries Netty 4.1
  alm_jar && bench_cp uring41 uring41.version bench.netty-incubator-io_uring.version || return 1
  floor_on uring "$JAR:$CP" io_uring
}
start_floor42() { bench_cp netty42 netty42.version bench.netty42.version || return 1; floor_on floor42 "$CP" epoll; }
start_uring42() { bench_cp netty42 netty42.version bench.netty42.version || return 1; floor_on uring42 "$CP" io_uring42; }

start_gdnsd() {
  command -v gdnsd >/dev/null || { ERR="gdnsd is not installed"; return 1; }
  mkdir -p "$T/gdnsd/zones" "$T/gdnsd/run" "$T/gdnsd/state"
  sed -e "s|@PORT@|${PORT[gdnsd]}|; s|@DIR@|$T/gdnsd|g; s|@L1@|$L1|; s|@L2@|$L2|" \
    "$HERE/gdnsd.config" > "$T/gdnsd/config"
  write_zone "$T/gdnsd/zones/$ZONE" "www  20 IN DYNA weighted!www_w"
  $ON_SERVER_CPU gdnsd -c "$T/gdnsd" start > "$T/gdnsd/out.log" 2>&1 &
}

start_knot() {
  command -v knotd >/dev/null || { ERR="knot is not installed"; return 1; }
  sed -e "s|@PORT@|${PORT[knot]}|; s|@DIR@|$T/knot|g" "$HERE/knot.conf" > "$T/knot/knot.conf"
  write_zone "$T/knot/$ZONE.zone" "www  20 IN A    $L1"
  $ON_SERVER_CPU knotd -c "$T/knot/knot.conf" > "$T/knot/out.log" 2>&1 &
}

start_nsd() {
  command -v nsd >/dev/null || { ERR="nsd is not installed"; return 1; }
  sed -e "s|@PORT@|${PORT[nsd]}|g; s|@DIR@|$T/nsd|g" "$HERE/nsd.conf" > "$T/nsd/nsd.conf"
  write_zone "$T/nsd/$ZONE.zone" "www  20 IN A    $L1"
  $ON_SERVER_CPU nsd -d -c "$T/nsd/nsd.conf" > "$T/nsd/out.log" 2>&1 &
}

start_pdns() {
  command -v pdns_server >/dev/null || { ERR="pdns-server is not installed"; return 1; }
  sed -e "s|@PORT@|${PORT[pdns]}|; s|@DIR@|$T/pdns|g" "$HERE/pdns.conf" > "$T/pdns/pdns.conf"
  echo "zone \"$ZONE\" { type master; file \"$T/pdns/$ZONE.zone\"; };" > "$T/pdns/named.conf"
  write_zone "$T/pdns/$ZONE.zone" \
    "www  20 IN LUA  A \"pickwrandom({{3, '$L1'}, {7, '$L2'}})\""
  $ON_SERVER_CPU pdns_server --config-dir="$T/pdns" > "$T/pdns/out.log" 2>&1 &
}

# ---------------------------------------------------------------- dnsperf
dnsperf_run() { # $1 = server, $2 = output file, rest: extra dnsperf flags
  local s=$1 out=$2; shift 2
  timeout 120 $ON_CLIENT_CPU dnsperf -s 127.0.0.1 -p "${PORT[$s]}" -d "$T/queries" -t 2 -b 4096 "$@" \
    > "$out" 2>&1 || true
}
field() { # $1 = dnsperf output, $2 = label; prints the first number after the label
  sed -n "s/^ *$2: *\([0-9.]*\).*/\1/p" "$1" | head -1
}
ready() { # one query answered?
  dnsperf -s 127.0.0.1 -p "${PORT[$1]}" -d "$T/query1" -n 1 -t 1 2>/dev/null \
    | grep -Eq 'Queries completed: +1 '
}
# Share of 200 answers (dig in batch mode, one process) that were the L1 address.
l1_share() {
  local out n l1
  out=$(timeout 20 dig -p "${PORT[$1]}" @127.0.0.1 +short +tries=1 +time=1 -f "$T/dig200" 2>/dev/null || true)
  n=$(grep -cE '^[0-9.]+$' <<<"$out" || true); l1=$(grep -cx "$L1" <<<"$out" || true)
  if [ "${n:-0}" -gt 0 ]; then awk -v a="$l1" -v n="$n" 'BEGIN{printf "%.2f", a/n}'; else echo "-"; fi
}

# Datagrams the kernel dropped because a UDP socket bound to this port had a full receive buffer
# (the last column of /proc/net/udp and udp6, cumulative over the socket's life).
sock_drops() {
  local hex; hex=$(printf '%04X' "${PORT[$1]}")
  cat /proc/net/udp /proc/net/udp6 2>/dev/null | awk -v h=":$hex" 'NR > 1 && substr($2, length($2) - 4) == h { d += $NF }
    END { print d + 0 }'
}

# Time the hypervisor ran something else on our vCPUs ("steal"): a query that arrives while the server's vCPU is
# stolen waits until the host gives it back, whatever the server, so latency follows the steal.
cpu_ticks() { awk -v list="cpu$SERVER_CPU,cpu${CLIENT_CPU//,/,cpu}" 'BEGIN { n = split(list, l, ","); for (i = 1; i <= n; i++) want[l[i]] = 1 }
  $1 in want { t = 0; for (i = 2; i <= NF; i++) t += $i; printf "%s %d %d ", $1, t, $9 }' /proc/stat; }
steal_since() { # $1 = cpu_ticks output from the start; prints the steal share of both CPUs since
  cpu_ticks | awk -v before="$1" -v srv="cpu$SERVER_CPU" 'BEGIN { n = split(before, b, " ") }
    { for (i = 1; i <= n; i += 3) { dt = $(i + 1) - b[i + 1]; ds = $(i + 2) - b[i + 2]
        printf "%ssteal on %s (%s) %.1f%%", (i > 1 ? ", " : ""), $i, ($i == srv ? "server" : "dnsperf"),
          (dt > 0 ? 100 * ds / dt : 0) } }'; }

# ---------------------------------------------------------------- one server
declare -A R_CPU R_QPS R_LOST R_SENT R_LAT R_PEAK R_SHARE R_NOTE R_P99 R_DROP R_SYS
# System calls per completed query during a fixed-rate run of DUR seconds: perf stat counts the syscall
# tracepoints of every thread of the server's process tree (threads started later are not counted).
SYSCALL_EVENTS=(recvmmsg sendmmsg recvmsg sendmsg recvfrom sendto getsockopt epoll_wait epoll_pwait read write futex)
syscall_run() { # $1 = server, $2 = pid
  local s=$1 pid=$2 pids ev done_q
  command -v perf >/dev/null || { R_SYS[$s]="perf not installed"; return; }
  pids=$(tree_pids "$pid" | paste -sd,)
  ev=raw_syscalls:sys_enter$(printf ',syscalls:sys_enter_%s' "${SYSCALL_EVENTS[@]}")
  perf stat -x, -o "$T/$s/syscalls.txt" -e "$ev" -p "$pids" -- sleep $((DUR + 1)) 2>/dev/null &
  local perf_pid=$!
  sleep 0.5
  dnsperf_run "$s" "$T/$s/sysrun.txt" -c 1 -T 1 -q 1000 -Q "$RATE" -l "$DUR"
  wait $perf_pid 2>/dev/null || true
  done_q=$(field "$T/$s/sysrun.txt" 'Queries completed')
  R_SYS[$s]=$(awk -F, -v q="${done_q:-0}" '
    $3 ~ /sys_enter/ && q > 0 { n = $3; sub(/.*sys_enter_?/, "", n); if (n == "") n = "all";
      if ($1 + 0 > 0) { v[n] = $1 / q; o[++k] = n } }
    END { if (!k) { print "no counts"; exit } printf "%.2f (", v["all"]; sep = "";
      for (i = 1; i <= k; i++) if (o[i] != "all" && v[o[i]] >= 0.005) { printf "%s%s %.2f", sep, o[i], v[o[i]]; sep = ", " }
      printf ") over %d queries", q }' "$T/$s/syscalls.txt")
}
declare -A SPID
is_java() { [[ $1 == alm* || $1 == floor* || $1 == uring* ]]; } # JVM servers: longer start-up, and a JIT warm-up
start_server() { # $1 = server: starts it, waits until it answers, warms alm up; SPID[$1] = its pid, or fails
  local s=$1 pid
  mkdir -p "$T/$s"
  ERR=""
  if ! "start_$s"; then R_NOTE[$s]="not run: $ERR"; log "$s: ${R_NOTE[$s]}"; return 1; fi
  pid=$!; STARTED+=("$pid")
  local wait_s=15; is_java "$s" && wait_s=60
  for _ in $(seq $((wait_s * 5))); do
    ready "$s" && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.2
  done
  if ! ready "$s"; then
    R_NOTE[$s]="not run: did not answer on 127.0.0.1:${PORT[$s]} ($(tail -3 "$T/$s/out.log" | tr '\n' ' '))"
    log "$s: ${R_NOTE[$s]}"; stop_tree "$pid"; return 1
  fi
  R_SHARE[$s]=$(l1_share "$s")
  command -v ss >/dev/null && log "$s: UDP socket receive buffer $(ss -uanm "sport = :${PORT[$s]}" 2>/dev/null \
    | grep -o 'rb[0-9]*' | sort -u | tr '\n' ' ')"
  log "$s: up (pid $pid, threads $(ls /proc/$pid/task | wc -l), L1 share of 200 answers ${R_SHARE[$s]})"
  if is_java "$s" && [ "$WARM" -gt 0 ]; then
    log "$s: JIT warm-up, ${WARM}s at -Q $RATE"
    dnsperf_run "$s" "$T/$s/warmup.txt" -c 1 -T 1 -q 1000 -Q "$RATE" -l "$WARM"
  fi
  SPID[$s]=$pid
}

# One fixed-rate run of DUR seconds: prints "CPU-us-per-completed-query completed lost".
fixed_run() { # $1 = server, $2 = output file
  local s=$1 pid=${SPID[$1]} c0 c1 done_q
  c0=$(cpu_ns "$pid")
  dnsperf_run "$s" "$2" -c 1 -T 1 -q 1000 -Q "$RATE" -l "$DUR"
  c1=$(cpu_ns "$pid")
  done_q=$(field "$2" 'Queries completed')
  awk -v d=$((c1 - c0)) -v q="${done_q:-0}" -v l="$(field "$2" 'Queries lost')" \
    'BEGIN{if (q > 0) printf "%.3f %d %d", d/q/1000, q, l; else print "- 0 0"}'
}

# Interleaved rounds (-R): every server up at once, each round one fixed-rate run per server.
rounds() {
  local s r k i j a b up=() order cpu q l ratios="$T/ratios.txt"
  for s in "${LIST[@]}"; do
    [ -n "${PORT[$s]:-}" ] || { log "unknown server $s"; continue; }
    start_server "$s" && up+=("$s")
  done
  [ ${#up[@]} -ge 1 ] || { echo "no server is up"; exit 1; }
  : > "$ratios"
  echo "round | CPU us/query at -Q $RATE for ${DUR}s (completed, lost): ${up[*]}"
  declare -A C
  for r in $(seq "$ROUNDS"); do
    order=()
    for k in $(seq 0 $((${#up[@]} - 1))); do order+=("${up[$(((k + r - 1) % ${#up[@]}))]}"); done
    for s in "${order[@]}"; do
      read -r cpu q l <<<"$(fixed_run "$s" "$T/$s/round$r.txt")"
      C[$s]=$cpu
      log "round $r: $s $cpu us/query ($q completed, $l lost)"
    done
    echo "$r | $(for s in "${up[@]}"; do printf '%s ' "${C[$s]}"; done)"
    for i in $(seq 0 $((${#up[@]} - 1))); do # every pair, the earlier server of -s over the later
      for j in $(seq $((i + 1)) $((${#up[@]} - 1))); do
        a=${up[$i]} b=${up[$j]}
        [ "${C[$a]}" = - ] || [ "${C[$b]}" = - ] \
          || awk -v x="${C[$a]}" -v y="${C[$b]}" -v n="$a/$b" 'BEGIN{printf "%s %.4f\n", n, x/y}' >> "$ratios"
      done
    done
    for s in "${up[@]}"; do [ "${C[$s]}" = - ] || echo "cpu:$s ${C[$s]}" >> "$T/cpu.txt"; done
  done
  echo "CPU us/query per server over the rounds, then the per-round ratio of each pair (earlier / later in -s):"
  python3 "$REPO/bench/paired_stats.py" "$T/cpu.txt" "$ratios"
  exit 0
}

bench_server() {
  local s=$1 pid d0 cpu done_q lost
  start_server "$s" || return 0
  pid=${SPID[$s]}

  log "$s: ${DUR}s at -Q $RATE"
  d0=$(sock_drops "$s")
  [[ $s == alm* ]] && thread_ns "$pid" > "$T/$s/threads0.txt"
  read -r cpu done_q lost <<<"$(fixed_run "$s" "$T/$s/fixed.txt")"
  R_DROP[$s]=$(( $(sock_drops "$s") - d0 ))
  [[ $s == alm* ]] && thread_ns "$pid" > "$T/$s/threads1.txt"
  R_SENT[$s]=$(field "$T/$s/fixed.txt" 'Queries sent')
  R_QPS[$s]=$(field "$T/$s/fixed.txt" 'Queries per second')
  R_LOST[$s]=$lost
  R_LAT[$s]=$(sed -n 's/^ *Average Latency (s): *\([0-9.]*\) (min \([0-9.]*\), max \([0-9.]*\)).*/\1 \3/p' \
    "$T/$s/fixed.txt" | awk '{printf "%.0f/%.0f", $1*1e6, $2*1e6}')
  [ "$cpu" = - ] || R_CPU[$s]=$(printf '%.2f' "$cpu")

  if [ $SYSCALLS = 1 ]; then
    log "$s: ${DUR}s at -Q $RATE counting system calls"
    syscall_run "$s" "$pid"
  fi

  if [ "$s" != pdns ]; then   # PowerDNS serves about 2k qps: a 50k run would only measure its backlog
    log "$s: ${DUR}s at -Q $LAT_RATE, every query's latency (dnsperf -v) for p99"
    local st0; st0=$(cpu_ticks)
    timeout 120 $ON_CLIENT_CPU dnsperf -s 127.0.0.1 -p "${PORT[$s]}" -d "$T/queries" -t 2 -b 4096 \
      -c 1 -T 1 -q 1000 -Q "$LAT_RATE" -l "$DUR" -v 2>&1 \
      | awk '/^> /{print $NF > "'"$T/$s"'/lat.txt"; next} {print}' > "$T/$s/lat-summary.txt" || true
    R_P99[$s]=$(sort -g "$T/$s/lat.txt" 2>/dev/null | awk '
      function at(q,  i) { i = int(NR * q); if (i < 1) i = 1; return v[i] * 1e6 }
      { v[NR] = $1 }
      $1 > 0.0001 { slow++ }
      END { if (NR) printf "p50 %.0f us, p99 %.0f us, p99.9 %.0f us, max %.0f us over %d answers (%.2f%% over 100 us)",
                           at(0.5), at(0.99), at(0.999), v[NR] * 1e6, NR, 100 * slow / NR }' || true)
    R_P99[$s]+=", lost $(field "$T/$s/lat-summary.txt" 'Queries lost'); $(steal_since "$st0")"
  fi
  if [[ $s == alm* ]]; then
    local drops
    drops=$(curl -s --max-time 3 "http://127.0.0.1:${ADMIN[$s]}/metrics" | grep -iE '^[a-z_]*(drop)[a-z_]*(\{[^}]*\})? ' || true)
    R_NOTE[$s]="query-log/metrics drop counters: $(tr '\n' ' ' <<<"${drops:-none found}")"
    R_NOTE[$s]+=$'\n'"$s CPU us/query by thread at -Q $RATE: $(join "$T/$s/threads0.txt" "$T/$s/threads1.txt" \
      | awk -v q="${done_q:-1}" '{d = ($3 - $2) / q / 1000; if (d >= 0.01) printf "%s %.2f, ", $1, d}' | sed 's/, $//')"
  fi

  log "$s: peak, ${PEAK_DUR}s unthrottled"
  dnsperf_run "$s" "$T/$s/peak.txt" -c 8 -T 1 -q 1000 -l "$PEAK_DUR"
  R_PEAK[$s]=$(field "$T/$s/peak.txt" 'Queries per second')
  stop_tree "$pid"
}

# ---------------------------------------------------------------- main
for c in $SERVER_CPU ${CLIENT_CPU//,/ }; do
  [ "$c" -lt "$(nproc)" ] || { echo "no CPU $c here (nproc $(nproc)); set the CPUs with -C"; exit 1; }
done
[ $INSTALL = 1 ] && install_tools
command -v dnsperf >/dev/null || { echo "dnsperf is not installed (apt-get install dnsperf)"; exit 1; }
T=$(mktemp -d /tmp/dnsbench.XXXXXX)
trap cleanup EXIT
trap 'exit 130' INT TERM

echo "www.$ZONE A" > "$T/query1"
if [ $MIX = 1 ]; then
  printf 'www.%s A\nwww.%s A\nwww.%s A\nwww.%s A\nwww.%s A\nwww.%s A\n%s SOA\n%s NS\nnope.%s A\nwww.%s AAAA\n' \
    $ZONE $ZONE $ZONE $ZONE $ZONE $ZONE $ZONE $ZONE $ZONE $ZONE > "$T/queries"
else
  cp "$T/query1" "$T/queries"
fi
for _ in $(seq 200); do echo "www.$ZONE A"; done > "$T/dig200"

START_LOAD=$(cut -d' ' -f1-3 /proc/loadavg)
log "$(nproc) cores, $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1), kernel $(uname -r), load $START_LOAD"
IFS=, read -ra LIST <<<"$SERVERS"
[ "$ROUNDS" -gt 0 ] && rounds
for s in "${LIST[@]}"; do
  [ -n "${PORT[$s]:-}" ] || { log "unknown server $s"; continue; }
  bench_server "$s"
done

# ---------------------------------------------------------------- table
echo
echo "dnsperf -Q $RATE for ${DUR}s (CPU per query), then unthrottled -c 8 -q 1000 for ${PEAK_DUR}s (peak)."
echo "us/query: server CPU per completed query; lost: no answer within 2 s; rcvbuf: of those, dropped by the"
echo "kernel at the server's full UDP receive buffer; L1: share of 200 dig answers that were $L1."
echo "Server on CPU $SERVER_CPU, dnsperf on CPU $CLIENT_CPU; load average before $START_LOAD, after $(cut -d' ' -f1-3 /proc/loadavg)."
printf '%-8s %9s %9s %9s %7s %7s %9s %15s %6s %10s\n' server 'us/query' 'qps@Q' sent lost 'rcvbuf' 'peak qps' 'lat avg/max us' 'L1' 'alm/server'
for s in "${LIST[@]}"; do
  [ -n "${PORT[$s]:-}" ] || continue
  if [ -z "${R_CPU[$s]:-}" ]; then printf '%-8s %s\n' "$s" "${R_NOTE[$s]:-no result}"; continue; fi
  ratio=-
  [ -n "${R_CPU[alm]:-}" ] && ratio=$(awk -v a="${R_CPU[alm]}" -v b="${R_CPU[$s]}" 'BEGIN{printf "%.2f", a/b}')
  printf '%-8s %9s %9s %9s %7s %7s %9s %15s %6s %10s\n' "$s" "${R_CPU[$s]}" "${R_QPS[$s]%.*}" "${R_SENT[$s]}" \
    "${R_LOST[$s]}" "${R_DROP[$s]}" "${R_PEAK[$s]%.*}" "${R_LAT[$s]:--}" "${R_SHARE[$s]}" "$ratio"
done
if [ $SYSCALLS = 1 ]; then
  echo "System calls per completed query at -Q $RATE (all, then the counted kinds):"
  for s in "${LIST[@]}"; do [ -n "${R_SYS[$s]:-}" ] && printf '  %-8s %s\n' "$s" "${R_SYS[$s]}"; done
fi
echo "Latency at -Q $LAT_RATE for ${DUR}s (dnsperf -v, every answer):"
for s in "${LIST[@]}"; do [ -n "${R_P99[$s]:-}" ] && printf '  %-8s %s\n' "$s" "${R_P99[$s]}"; done
for s in alm alm0; do
  [ -n "${R_NOTE[$s]:-}" ] && [ -n "${R_CPU[$s]:-}" ] && echo "$s ${R_NOTE[$s]}"
done
exit 0
