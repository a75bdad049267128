#!/bin/bash
# The JSON readers of two builds (the daemon configurations: pop.json, the DNS's, the proxy's) on the
# same mutated files, seeded from bench/config-diff/*.json: every outcome, the configuration read or
# the refusal's line, must be the same. Prints one line per seed file: same N (of them read: M), differ K.
# usage: bench/config-readers-diff.sh OLD.jar [NEW.jar (default app/target/alm.jar)] [N per seed (2000)]
set -euo pipefail
cd "$(dirname "$0")/.."
old=${1:?usage: bench/config-readers-diff.sh OLD.jar [NEW.jar] [N]}; new=${2:-app/target/alm.jar}; n=${3:-2000}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cp bench/config-diff/dns.json "$dir/dns.json"
cp bench/config-diff/proxy-min.json "$dir/proxy.json"
head -c 32 /dev/urandom | base64 > "$dir/probe.key"; chmod 600 "$dir/probe.key"
run() { java bench/config-diff/ConfigReadersDiff.java "$old" "$new" "$1" "bench/config-diff/$2" "$n" \
  "$dir/dns.json" "$dir/proxy.json" "$dir/probe.key" 2>&1 | grep -v '^SLF4J\|^Note:'; }
run DNS dns.json
run PROXY proxy.json
run PROXY proxy-min.json
run POP pop.json
run POP pop-min.json
