#!/usr/bin/env python3
"""The test suite's time by test class, from the surefire reports of two built checkouts.

Run `./mvnw -B verify` in each checkout (one after the other, on an idle machine), then:

    bench/suite_times.py OLD_CHECKOUT NEW_CHECKOUT

prints the summed time of the test classes both checkouts have, of those only one has, and the
classes whose time changed most.
"""
import glob
import re
import sys


def times(root):
    out = {}
    for f in glob.glob(root + "/*/target/surefire-reports/TEST-*.xml"):
        head = open(f, encoding="utf-8").read(4000)
        suite = re.search(r"<testsuite\b[^>]*>", head, re.S)
        if not suite:
            continue
        name = re.search(r'\bname="([^"]+)"', suite.group(0))
        time = re.search(r'\btime="([0-9.,]+)"', suite.group(0))
        if name and time:
            out[name.group(1)] = float(time.group(1).replace(",", ""))
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: bench/suite_times.py OLD_CHECKOUT NEW_CHECKOUT")
    old, new = times(sys.argv[1]), times(sys.argv[2])
    if not old or not new:
        sys.exit("no surefire reports: run ./mvnw -B verify in both checkouts first")
    both = set(old) & set(new)
    print(f"test classes: {len(old)} old, {len(new)} new, {len(both)} in both")
    print(f"classes in both: {sum(old[k] for k in both):.0f} s old, {sum(new[k] for k in both):.0f} s new")
    print(f"only old: {sum(old[k] for k in set(old) - both):.0f} s in {len(set(old) - both)} classes;"
          f" only new: {sum(new[k] for k in set(new) - both):.0f} s in {len(set(new) - both)} classes")
    moved = sorted(((new[k] - old[k], k) for k in both), reverse=True)
    for d, k in moved[:5] + moved[-5:]:
        print(f"  {d:+7.1f} s  {k} ({old[k]:.1f} -> {new[k]:.1f})")


main()
