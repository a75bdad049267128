"""An alm topology file (docs/file-formats.md) from an alm lab run, for alm predict --lab.

usage: lab_topology.py RUN_DIR OUT.json [LOAD_UNIT]   (LOAD_UNIT: the run's --load-unit, default 50)

C and A are the run's true ones (summary.json, lab.trueC and lab.trueA), T each proxy's capacity in
samples.csv over the load unit; eta 1, gamma 10, d 0.5 (the lab topologies' defaults). A PoP without DNS
users gets the unit row.
"""
import csv, json, sys
run, out, unit = sys.argv[1], sys.argv[2], float(sys.argv[3]) if len(sys.argv) > 3 else 50.0
s = json.load(open(f'{run}/summary.json'))
C, A = s['lab']['trueC'], s['lab']['trueA']
pops = sorted(C.keys())
T = {}
for r in csv.DictReader(open(f'{run}/samples.csv')):
    T.setdefault(r['pop'], float(r['T']))
nodes = [{"id": p, "capacity": round(T[p] / unit, 4), "demand": round(A[p], 4), "eta": 1.0, "gamma": 10.0, "d": 0.5} for p in pops]
corr = [[C[p].get(q, 0.0) for q in pops] for p in pops]
for i, p in enumerate(pops):
    if sum(corr[i]) <= 0:
        corr[i] = [1.0 if j == i else 0.0 for j in range(len(pops))]
json.dump({"nodes": nodes, "correlation": corr}, open(out, 'w'))
