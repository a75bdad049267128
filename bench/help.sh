# Sourced by a bench script right after its `set -euo pipefail`: with -h or --help as the script's
# first argument, prints the script's opening comment block (the help) and exits.
case "${1:-}" in
  -h|--help)
    sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
    exit 0
    ;;
esac
