#!/bin/bash
# The loop under longer CDN TTLs, in the offline model (alm predict, C withheld, seeds 1-3): each TTL
# with its default interval (half the TTL, at least 1 s) and with 1 s intervals, which alm cluster and
# alm lab refuse for a TTL over 2 s. Prints the overload part and the whole cold start of every run,
# in intervals. docs/pop/configuration.md, "Interval vs TTL".
# usage: bench/model-ttl.sh [TOPOLOGY]   (default builtin:synthetic?n=12; about a minute)
set -euo pipefail
jar=${ALM_JAR:-app/target/alm.jar}  # another build to compare
cd "$(dirname "$0")/.."
t=${1:-builtin:synthetic?n=12}
for ttl in 2 5 10; do
  for interval in default 1s; do
    [[ $ttl == 2 && $interval == 1s ]] && continue
    flags=(--ttl "$ttl")
    seconds=$(( ttl > 2 ? 30 * ttl : 60 ))
    if [[ $interval == 1s ]]; then flags+=(--interval 1s); seconds=60; fi
    runs=$(java -jar "$jar" predict --withhold-c -t "$t" "${flags[@]}" --duration "${seconds}s" \
        --runs 3 2>/dev/null | grep -oE 'overload over from interval [0-9]+, (settled after [0-9]+|did not settle)' \
        | sed -E 's/overload over from interval ([0-9]+), settled after ([0-9]+)/\1 (\2)/; s/overload over from interval ([0-9]+), did not settle/\1 (not settled)/' \
        | paste -sd ',' | sed 's/,/, /g')
    echo "ttl ${ttl}s, interval ${interval}: overload part (whole cold start) by seed: $runs"
  done
done
