"""Random lab topologies in alm lab's topology JSON (docs/lab/topology-format.md), for runs on
networks no one tuned the controller on.

usage: random_lab_topologies.py FIRST_SEED END_SEED OUT_DIR   (writes OUT_DIR/labSEED.json)

Each is drawn from its seed: 2-3 transits in a full peering mesh (10-60 ms apart), 0-2 access
networks buying transit from one or two of them, 3-5 PoPs (capacity 0.3-1.5 load units) each
buying transit from one or two routers, 3-6 eyeball networks (demand scaled so the total is
1.2-2 times the PoPs' capacity) behind a random router, half of them resolving through a public
resolver behind a random transit when there is one (80% of the topologies: a DNS catchment far
from the users' HTTP catchment), the datacenter behind a random transit. Which PoP's DNS and proxy each eyeball network
reaches is up to BGP: C_ii = 0, C_ij = 0 < C_ji and PoPs without DNS users come as routing makes them.
"""
import json, os, random, sys


def topo(seed):
    r = random.Random(seed)
    transits = ["t%d" % (k + 1) for k in range(r.randint(2, 3))]
    access = ["i%d" % (k + 1) for k in range(r.randint(0, 2))]
    routers, links = [], []
    for k, t in enumerate(transits):
        routers.append({"id": t, "as": 64510 + 10 * k, "peers": transits[k + 1:]})
        for u in transits[k + 1:]:
            links.append({"a": t, "b": u, "delayMs": r.choice([10, 20, 40, 60])})
    for k, i in enumerate(access):
        providers = r.sample(transits, r.randint(1, 2))
        routers.append({"id": i, "as": 64541 + k, "providers": providers})
        for p in providers:
            links.append({"a": i, "b": p, "delayMs": r.randint(2, 8)})
    below = transits + access
    pops = []
    for k in range(r.randint(3, 5)):
        providers = r.sample(below, min(len(below), r.randint(1, 2)))
        p = "p%d" % (k + 1)
        pops.append({"id": p, "as": 64601 + k,
                     "capacity": round(r.uniform(0.3, 1.5), 2), "providers": providers})
        for u in providers:
            links.append({"a": p, "b": u, "delayMs": r.randint(1, 4)})
    resolvers = []
    if r.random() < 0.8:
        resolvers.append({"id": "g1", "upstream": r.choice(transits), "delayMs": 2})
    eyeballs = []
    for k in range(r.randint(3, 6)):
        public = resolvers and r.random() < 1 / 2
        eyeballs.append({"id": "e%d" % (k + 1), "demand": r.uniform(0.2, 1.0),
                         "resolver": "g1" if public else "on-net",
                         "upstream": r.choice(below), "delayMs": r.randint(1, 3)})
    scale = r.uniform(1.2, 2.0) * sum(p["capacity"] for p in pops) / sum(e["demand"] for e in eyeballs)
    for e in eyeballs:
        e["demand"] = round(e["demand"] * scale, 2)
    return {
        "description": "Random lab topology, seed %d (bench/random_lab_topologies.py)." % seed,
        "routers": routers, "pops": pops, "links": links, "resolvers": resolvers,
        "eyeballs": eyeballs,
        "datacenter": {"upstream": r.choice(transits), "delayMs": 10},
    }


if __name__ == "__main__":
    first, end, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    os.makedirs(out, exist_ok=True)
    for s in range(first, end):
        with open(os.path.join(out, "lab%d.json" % s), "w") as f:
            json.dump(topo(s), f, indent=1)
