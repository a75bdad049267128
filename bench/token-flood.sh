#!/usr/bin/env bash
# Real lease asks at a token server under a flood of forged requests, all on loopback: `alm drl token-flood`
# (docs/ratelimit/central.md, "A flood of forged requests"). Needs app/target/alm.jar
# (./mvnw -B -q -DskipTests package). Arguments go to the command, e.g. --addresses 1,50,200 --seconds 5.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "net.core.rmem_max $(cat /proc/sys/net/core/rmem_max 2>/dev/null || echo '?'), $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"
exec java -jar app/target/alm.jar drl token-flood "$@"
