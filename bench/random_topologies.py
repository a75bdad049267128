"""Random topologies in alm's topology JSON (docs/file-formats.md), for the offline model.

usage: random_topologies.py FIRST_SEED END_SEED OUT_DIR   (writes OUT_DIR/tSEED.json)

Each is drawn from its seed: 3-10 PoPs; capacities 0.07-2 load units (10-300 requests/s at the
default load unit of 150); demand 0.1-1.5 load units per PoP scaled so that the total is 1.2-3
times the total capacity (the datacenter takes the rest), a quarter of the PoPs at most without
DNS users; rows of C: 15% with C_ii = 0 (every user lands on one or two other proxies), 35% mostly
home with some users spilling to one or two others, the rest all home.
"""
import json, random, sys, os
def topo(seed):
    r = random.Random(seed)
    n = r.randint(3, 10)
    ids = ["n%d" % i for i in range(n)]
    cap = [round(r.choice([0.1, 0.2, 0.3, 0.5, 0.8, 1.0, 1.5]) * r.uniform(0.7, 1.3), 3) for _ in range(n)]
    dem = [round(r.uniform(0.1, 1.5), 3) for _ in range(n)]
    for i in r.sample(range(n), r.randint(0, max(0, n // 4))):
        dem[i] = 0.0
    tot = sum(cap); load = sum(dem)
    f = r.uniform(1.2, 3.0) * tot / max(load, 1e-9)
    dem = [round(d * f, 3) for d in dem]
    C = []
    for i in range(n):
        row = [0.0] * n
        kind = r.random()
        if kind < 0.15:   # C_ii = 0: all users land elsewhere
            others = [j for j in range(n) if j != i]
            for j in r.sample(others, min(len(others), r.randint(1, 2))):
                row[j] = r.random()
        elif kind < 0.5:  # mostly home, some spill to 1-2 neighbours
            row[i] = r.uniform(0.4, 0.95)
            others = [j for j in range(n) if j != i]
            for j in r.sample(others, min(len(others), r.randint(1, 2))):
                row[j] = r.uniform(0.05, 0.6)
        else:
            row[i] = 1.0
        s = sum(row)
        C.append([round(v / s, 4) for v in row])
        # fix rounding
        d = 1 - sum(C[-1]); k = max(range(n), key=lambda j: C[-1][j]); C[-1][k] = round(C[-1][k] + d, 4)
    nodes = [{"id": ids[i], "capacity": cap[i], "demand": dem[i], "eta": 1.0, "gamma": 10.0, "d": 0.5} for i in range(n)]
    return {"nodes": nodes, "correlation": C}
out = sys.argv[3]
os.makedirs(out, exist_ok=True)
for s in range(int(sys.argv[1]), int(sys.argv[2])):
    with open(os.path.join(out, "t%d.json" % s), "w") as f:
        json.dump(topo(s), f)
