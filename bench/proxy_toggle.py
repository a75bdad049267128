#!/usr/bin/env python3
"""The cost of alm proxy's load meter and access log, switched on and off every fraction of a second under one
long, steady wrk load: the fine-grained pairing that bench/proxy-wrk.sh's TOGGLE mode uses.

A run is a sequence of blocks. Each block has four segments of SEGMENT seconds, one per configuration, in an order
shuffled anew for every block: "on" (meter + access log), "meter" (meter only), "off" and "off2" (both off; the
A/A pair). Before each segment the driver switches alm through its admin API (POST /measure, POST /log); at each
segment's start and end it reads alm's request count (GET /status) and the CPU time of alm's threads
(/proc/PID/task/*/schedstat: all threads, the event loops alone, the access-log writer alone). A segment's CPU per
request is its CPU time over the requests alm counted in it; its throughput, those requests over its length.

Slow changes of the machine (another virtual machine on the host, a build) move all four segments of a block
together, so the overheads, paired within a block, cancel most of them:
  CPU per request: x / mean(off, off2) - 1          requests/s: 1 - x / mean(off, off2)
Each overhead is summarised over the blocks by the median of its per-block ratios with a 95% sign-test interval
(order statistics, distribution-free), and by the mean of its per-block differences over the mean of the "off"
segments, with a 95% normal interval (mean +- 1.96 sd / sqrt(n)); the verdict against TARGET percent is "below"
only when the upper ends of both intervals are.

A segment's row: block config seconds requests, then CPU ns of all threads, the event loops, the log writer,
the garbage collector and the JIT.

Usage (normally through bench/proxy-wrk.sh, which starts the servers and wrk):
  proxy_toggle.py --admin 127.0.0.1:18084 --pid PID --seconds 600 [--segment 0.5] [--target 3] [--rows OUT]
  proxy_toggle.py --pool OUT1 OUT2 ...   # the statistics pooled over saved --rows files
Loopback only; stops by itself after --seconds.
"""
import argparse
import glob
import json
import os
import random
import sys
import time
import urllib.request

from paired_stats import mean_interval, sign_interval

CONFIGS = ("on", "meter", "off", "off2")
SWITCH = {"on": (1, 1), "meter": (1, 0), "off": (0, 0), "off2": (0, 0)}


def cpu_ns(pid):
    """CPU ns of the process: all threads, the event loops (alm-proxy-io-*), the access-log writer, the garbage
    collector (HotSpot's VM thread and GC threads), the JIT compilers."""
    total = io = writer = gc = jit = 0
    for task in glob.glob(f"/proc/{pid}/task/*"):
        try:
            with open(task + "/comm") as f:
                comm = f.read().strip()
            with open(task + "/schedstat") as f:
                ns = int(f.read().split()[0])
        except (OSError, ValueError, IndexError):
            continue  # a thread that ended between listing and reading
        total += ns
        if comm.startswith("alm-proxy-io"):
            io += ns
        elif comm.startswith("alm-access-log"):
            writer += ns
        elif comm == "VM Thread" or comm.startswith("GC Thread") or comm.startswith("G1 "):
            gc += ns
        elif comm.startswith("C1 CompilerThre") or comm.startswith("C2 CompilerThre"):
            jit += ns
    return total, io, writer, gc, jit


def post(admin, path):
    req = urllib.request.Request(f"http://{admin}{path}", data=b"", method="POST")
    with urllib.request.urlopen(req, timeout=5) as r:
        r.read()


def requests_counted(admin):
    with urllib.request.urlopen(f"http://{admin}/status", timeout=5) as r:
        return json.load(r)["requests"]


def sample(admin, pid):
    n = requests_counted(admin)
    t = time.monotonic()
    return t, n, cpu_ns(pid)


def run(args):
    rng = random.Random(args.seed)
    rows = []
    deadline = time.monotonic() + args.seconds
    out = open(args.rows, "w", buffering=1) if args.rows else None  # line-buffered: readable while running
    header = "block config seconds requests cpu_ns io_ns writer_ns gc_ns jit_ns"
    if out:
        out.write("# " + header + "\n")
    block = 0
    print(f"blocks of {len(CONFIGS)} segments of {args.segment} s, order shuffled per block; "
          f"{args.seconds:.0f} s in all", flush=True)
    while time.monotonic() + len(CONFIGS) * (args.segment + 0.05) < deadline:
        block += 1
        order = list(CONFIGS)
        rng.shuffle(order)
        for c in order:
            m, log = SWITCH[c]
            post(args.admin, f"/measure?value={m}")
            post(args.admin, f"/log?value={log}")
            t0, n0, c0 = sample(args.admin, args.pid)
            time.sleep(args.segment)
            t1, n1, c1 = sample(args.admin, args.pid)
            row = (block, c, t1 - t0, n1 - n0) + tuple(b - a for a, b in zip(c0, c1))
            rows.append(row)
            if out:
                out.write(" ".join(f"{v:.6f}" if isinstance(v, float) else str(v) for v in row) + "\n")
        if block % 25 == 0:
            print(f"  {block} blocks, {deadline - time.monotonic():.0f} s left", flush=True)
    if out:
        out.close()
    post(args.admin, "/measure?value=1")
    post(args.admin, "/log?value=1")
    return rows


def read_rows(paths):
    rows = []
    for k, p in enumerate(paths):
        with open(p) as f:
            for line_no, line in enumerate(f, 1):
                line = line.strip()
                if not line or line.startswith("#"):
                    continue
                v = line.split()
                if len(v) != 9 or v[1] not in CONFIGS:
                    sys.exit(f"{p}:{line_no}: expected 9 fields 'block config seconds requests cpu_ns io_ns "
                             f"writer_ns gc_ns jit_ns', got: {line}")
                # blocks of different files are different blocks
                rows.append((f"{k}:{v[0]}", v[1], float(v[2])) + tuple(int(x) for x in v[3:]))
    return rows


def report(rows, target):
    blocks = {}
    for b, c, *segment in rows:
        blocks.setdefault(b, {})[c] = tuple(segment)  # seconds, requests, cpu, io, writer, gc, jit
    full = [v for v in blocks.values() if all(c in v and v[c][1] > 0 for c in CONFIGS)]
    if len(full) < 6:
        sys.exit(f"proxy_toggle: {len(full)} complete blocks; at least 6 are needed for an interval")

    def per_request(seg, field):
        return seg[field] / 1e3 / seg[1]  # us per request

    def rate(seg):
        return seg[1] / seg[0]

    series = {}
    for name, cfg in (("meter+log", "on"), ("meter only", "meter")):
        series[f"{name}, CPU per request"] = [
            per_request(b[cfg], 2) / ((per_request(b["off"], 2) + per_request(b["off2"], 2)) / 2) - 1 for b in full]
        series[f"{name}, requests/s"] = [
            1 - rate(b[cfg]) / ((rate(b["off"]) + rate(b["off2"])) / 2) for b in full]
    series["A/A, CPU per request"] = [per_request(b["off2"], 2) / per_request(b["off"], 2) - 1 for b in full]
    series["A/A, requests/s"] = [1 - rate(b["off2"]) / rate(b["off"]) for b in full]

    def mean_of(cfg, f):
        return sum(f(b[cfg]) for b in full) / len(full)

    print(f"{len(full)} blocks of {len(CONFIGS)} segments "
          f"({sum(b['on'][0] for b in full) / len(full):.2f} s each)")
    print("means over blocks | " + " ".join(f"{c}" for c in CONFIGS))
    print("  requests/s       | " + " ".join(f"{mean_of(c, rate):.0f}" for c in CONFIGS))
    print("  CPU us/request   | " + " ".join(f"{mean_of(c, lambda s: per_request(s, 2)):.3f}" for c in CONFIGS))
    print("  event loop       | " + " ".join(f"{mean_of(c, lambda s: per_request(s, 3)):.3f}" for c in CONFIGS))
    print("  log writer       | " + " ".join(f"{mean_of(c, lambda s: per_request(s, 4)):.3f}" for c in CONFIGS))
    print("  GC               | " + " ".join(f"{mean_of(c, lambda s: per_request(s, 5)):.3f}" for c in CONFIGS))
    print("  JIT              | " + " ".join(f"{mean_of(c, lambda s: per_request(s, 6)):.3f}" for c in CONFIGS))
    print("  other threads    | " + " ".join(
        f"{mean_of(c, lambda s: (s[2] - s[3] - s[4] - s[5] - s[6]) / 1e3 / s[1]):.3f}" for c in CONFIGS))
    parts = (("event loop", lambda s: per_request(s, 3)), ("log writer", lambda s: per_request(s, 4)),
             ("GC", lambda s: per_request(s, 5)), ("all threads", lambda s: per_request(s, 2)))
    for name, f in parts:
        d = [f(b["on"]) - (f(b["off"]) + f(b["off2"])) / 2 for b in full]
        m, lo, hi = mean_interval(d)
        print(f"  {name}, on - off: mean {m:+.3f} us/request, 95% interval {lo:+.3f} .. {hi:+.3f}")
    # The cost as a share of the base, two ways. (1) The median of the per-block ratios, with its sign-test
    # interval: robust to the blocks that the host's noise wrecks. (2) The mean of the per-block differences over
    # the mean of the "off" segments, with a normal interval. (A mean of ratios would be biased upwards by the
    # noise of its denominator, which is why the A/A pair would read above zero; it is not used.)
    base = {"CPU per request": (mean_of("off", lambda s: per_request(s, 2))
                                + mean_of("off2", lambda s: per_request(s, 2))) / 2,
            "requests/s": (mean_of("off", rate) + mean_of("off2", rate)) / 2}
    diffs = {}
    for name, cfg in (("meter+log", "on"), ("meter only", "meter")):
        diffs[f"{name}, CPU per request"] = [
            per_request(b[cfg], 2) - (per_request(b["off"], 2) + per_request(b["off2"], 2)) / 2 for b in full]
        diffs[f"{name}, requests/s"] = [(rate(b["off"]) + rate(b["off2"])) / 2 - rate(b[cfg]) for b in full]
    diffs["A/A, CPU per request"] = [per_request(b["off2"], 2) - per_request(b["off"], 2) for b in full]
    diffs["A/A, requests/s"] = [rate(b["off"]) - rate(b["off2"]) for b in full]
    verdicts = []
    for name, vals in series.items():
        pct = [100 * v for v in vals]
        med, slo, shi, cov = sign_interval(pct)
        b = base[name.split(", ", 1)[1]]
        m, mlo, mhi = (100 * v / b for v in mean_interval(diffs[name]))
        print(f"  {name:27s} median of ratios {med:+.2f}%  95% CI {slo:+.2f} .. {shi:+.2f} (sign test, "
              f"{100 * cov:.1f}%);  mean difference {m:+.2f}%  95% CI {mlo:+.2f} .. {mhi:+.2f}")
        if name.startswith("meter+log"):
            verdicts.append((name, shi, mhi))
    for name, shi, mhi in verdicts:
        below = shi < target and mhi < target
        print(f"verdict, {name}: {'below' if below else 'NOT shown below'} the {target:g}% target "
              f"(upper ends of the 95% intervals: median {shi:+.2f}%, mean difference {mhi:+.2f}%)")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--admin", help="alm's admin address, host:port (loopback)")
    p.add_argument("--pid", type=int, help="alm's process id")
    p.add_argument("--seconds", type=float, default=600, help="length of the run (default 600)")
    p.add_argument("--segment", type=float, default=0.5, help="seconds per segment (default 0.5)")
    p.add_argument("--target", type=float, default=3, help="the target, percent (default 3)")
    p.add_argument("--seed", type=int, default=1, help="seed of the block orders (default 1)")
    p.add_argument("--rows", help="also write every segment's figures to this file (for --pool)")
    p.add_argument("--pool", nargs="+", metavar="ROWS", help="only report, pooled over saved --rows files")
    args = p.parse_args()
    if args.pool:
        report(read_rows(args.pool), args.target)
        return
    if not args.admin or not args.pid:
        p.error("--admin and --pid are needed (or --pool)")
    host = args.admin.split(":")[0]
    if not host.startswith("127."):
        p.error(f"--admin must be a loopback address, got {args.admin}")
    if args.segment <= 0 or args.seconds <= 0:
        p.error("--segment and --seconds must be > 0")
    if not os.path.isdir(f"/proc/{args.pid}"):
        p.error(f"no process {args.pid}")
    report(run(args), args.target)


if __name__ == "__main__":
    main()
