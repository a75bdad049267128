#!/usr/bin/env python3
"""Medians with distribution-free 95% intervals, for the benchmarks' paired figures.

As a command: reads lines "NAME VALUE" from standard input (or the files given) and prints, for each NAME in order
of first appearance, the number of values, their median with its 95% sign-test interval (the order statistics
x(k) .. x(n+1-k), exact coverage printed) and their mean with a 95% normal interval (mean +- 1.96 sd / sqrt(n)).
  printf 'ratio 1.10\nratio 0.97\n...' | bench/paired_stats.py
"""
import fileinput
import math
import sys


def sign_interval(values):
    """Median and its 95% distribution-free interval x(k)..x(n+1-k); None when n < 6."""
    xs = sorted(values)
    n = len(xs)
    med = (xs[(n - 1) // 2] + xs[n // 2]) / 2
    if n < 6:
        return med, None, None, None
    # the largest k with P(Binomial(n, 1/2) <= k - 1) <= 0.025 (terms in log space: 0.5 ** n underflows past n ~ 1070)
    cdf, k = 0.0, 0
    for i in range(n + 1):
        term = math.exp(math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1) - n * math.log(2))
        if cdf + term > 0.025:
            k = i
            break
        cdf += term
    k = max(k, 1)
    coverage = 1 - 2 * cdf
    return med, xs[k - 1], xs[n - k], coverage


def mean_interval(values):
    n = len(values)
    m = sum(values) / n
    if n < 2:
        return m, None, None
    sd = math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1))
    h = 1.96 * sd / math.sqrt(n)
    return m, m - h, m + h


def main():
    if len(sys.argv) > 1 and sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return
    series = {}
    for line in fileinput.input():
        parts = line.split()
        if not parts or parts[0].startswith("#"):
            continue
        if len(parts) != 2:
            sys.exit(f"{fileinput.filename()}:{fileinput.filelineno()}: expected 'NAME VALUE', got: {line.strip()}")
        try:
            series.setdefault(parts[0], []).append(float(parts[1]))
        except ValueError:
            sys.exit(f"{fileinput.filename()}:{fileinput.filelineno()}: not a number: {parts[1]}")
    for name, values in series.items():
        med, lo, hi, cov = sign_interval(values)
        m, mlo, mhi = mean_interval(values)
        ci = f"95% CI {lo:.3f} .. {hi:.3f} (sign test, {100 * cov:.1f}%)" if lo is not None else "(n < 6: no interval)"
        mci = f"95% CI {mlo:.3f} .. {mhi:.3f}" if mlo is not None else ""
        print(f"{name}: n {len(values)}, median {med:.3f} {ci}; mean {m:.3f} {mci}")


if __name__ == "__main__":
    main()
