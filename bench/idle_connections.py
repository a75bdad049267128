#!/usr/bin/env python3
"""Idle-connection exhaustion of a running alm proxy, the attack of docs/operations/limits.md ("Limits and deadlines").

Opens N idle TCP connections (default 25,000) to the proxy from one loopback address, then, while they are
held, times an ordinary request from another address; closes them and times another; prints the proxy's
listener status (connections open, refused by cap, closed at the deadline, accept errors, fd limit).

    bench/idle-connections.sh                 # builds nothing: needs app/target/alm.jar
    N=25000 bench/idle-connections.sh

Holds the connections in as many worker processes as its file-descriptor limit needs.
Loopback only; bounded by N connections and a 60 s timeout per step.
"""
import json
import multiprocessing
import resource
import socket
import sys
import time
import urllib.request


def request(port, source="127.0.0.1"):
    t0 = time.monotonic()
    s = socket.create_connection(("127.0.0.1", port), timeout=60, source_address=(source, 0))
    s.sendall(b"GET /bytes/3 HTTP/1.1\r\nHost: cdn.example\r\nConnection: close\r\n\r\n")
    data = b""
    while True:
        chunk = s.recv(4096)
        if not chunk:
            break
        data += chunk
    s.close()
    return data[9:12].decode(), time.monotonic() - t0


def hold(port, n, ready, release, counts):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    held, failed = [], 0
    for _ in range(n):
        try:
            held.append(socket.create_connection(("127.0.0.1", port), timeout=5, source_address=("127.0.6.1", 0)))
        except OSError:
            failed += 1
    counts.put((len(held), failed))
    ready.set()
    release.wait(120)
    for s in held:
        s.close()


def main():
    port, admin, n = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    per = max(1, hard - 512)
    shares = [min(per, n - i) for i in range(0, n, per)]
    release, counts = multiprocessing.Event(), multiprocessing.Queue()
    workers = []
    t0 = time.monotonic()
    for share in shares:
        ready = multiprocessing.Event()
        w = multiprocessing.Process(target=hold, args=(port, share, ready, release, counts))
        w.start()
        workers.append((w, ready))
    for _, ready in workers:
        ready.wait(120)
    opened = failed = 0
    for _ in workers:
        o, f = counts.get(timeout=10)
        opened, failed = opened + o, failed + f
    print(f"opened {opened} idle connections from 127.0.6.1 in {time.monotonic() - t0:.1f} s "
          f"({failed} failed, {len(workers)} processes)")
    status, took = request(port)
    print(f"while held: a request from 127.0.0.1 got {status} in {took * 1000:.1f} ms")
    release.set()
    for w, _ in workers:
        w.join(60)
    time.sleep(0.5)
    status, took = request(port)
    print(f"after they left: a request got {status} in {took * 1000:.1f} ms")
    with urllib.request.urlopen(f"http://127.0.0.1:{admin}/status", timeout=10) as r:
        listener = json.load(r)["listener"]
    print("listener:", json.dumps(listener))


if __name__ == "__main__":
    main()
