// The fleet console: every PoP on one screen. Subscribes to /events, where the console server
// publishes {"pops": {id: status, ...}, "correlation": {...} or null, "marks": [...], "summary": ...}
// once per interval, and draws the last ten minutes (at most MAX points per PoP).
"use strict";

const FLEET_MAX = 600;
const COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"];

function fnum(v) {
  return typeof v === "number" && isFinite(v) ? v : null;
}

function almFleet() {
  const times = [];
  const ids = [];
  const data = { x: {}, ratio: {}, mu: {} };
  const panels = [
    { key: "x", title: "x_i: probability of answering L1", range: [0, 1] },
    { key: "ratio", title: "S_i / T_i (1 = capacity)", capacity: true },
    { key: "mu", title: "mu_i: prices" },
  ];
  let plots = [];
  let updates = 0;
  let marks = [];

  function rebuild() {
    const el = document.getElementById("charts");
    el.innerHTML = "";
    plots = panels.map((p) => {
      const div = document.createElement("div");
      div.className = "chart";
      el.appendChild(div);
      const series = [{}].concat(ids.map((id, i) => ({ label: id, stroke: COLORS[i % COLORS.length], width: 2 })));
      if (p.capacity) {
        series.push({ label: "capacity", stroke: "#000", dash: [6, 4], width: 1 });
      }
      const opts = {
        title: p.title, width: 620, height: 240, series: series,
        scales: p.range ? { y: { range: p.range } } : {},
        hooks: { draw: [(u) => drawMarks(u)] },
      };
      return { panel: p, plot: new uPlot(opts, columns(p), div) };
    });
  }

  function columns(p) {
    const cols = [times].concat(ids.map((id) => data[p.key][id]));
    if (p.capacity) {
      cols.push(times.map(() => 1));
    }
    return cols;
  }

  function drawMarks(u) {
    const ctx = u.ctx;
    ctx.save();
    ctx.strokeStyle = "#b00";
    ctx.fillStyle = "#b00";
    ctx.font = "11px sans-serif";
    for (const m of marks) {
      const x = u.valToPos(m.t, "x", true);
      if (x < u.bbox.left || x > u.bbox.left + u.bbox.width) continue;
      ctx.beginPath();
      ctx.moveTo(x, u.bbox.top);
      ctx.lineTo(x, u.bbox.top + u.bbox.height);
      ctx.stroke();
      ctx.fillText(m.label, x + 3, u.bbox.top + 12);
    }
    ctx.restore();
  }

  function heatmap(c) {
    const el = document.getElementById("matrix");
    el.innerHTML = "<h2>correlation matrix C</h2>";
    if (!c || !c.ids) {
      const p = document.createElement("p");
      p.textContent = "C is not available from the PoPs' /status (alm cluster shows its topology's C).";
      el.appendChild(p);
      return;
    }
    const t = document.createElement("table");
    const head = t.insertRow();
    head.appendChild(document.createElement("th"));
    for (const id of c.ids) {
      const th = document.createElement("th");
      th.textContent = id;
      head.appendChild(th);
    }
    c.rows.forEach((row, i) => {
      const r = t.insertRow();
      const th = document.createElement("th");
      th.textContent = c.ids[i];
      r.appendChild(th);
      for (const v of row) {
        const td = r.insertCell();
        td.textContent = v.toFixed(2);
        const a = Math.max(0, Math.min(1, v));
        td.style.background = "rgba(31,119,180," + a.toFixed(2) + ")";
        td.style.color = a > 0.5 ? "#fff" : "#222";
      }
    });
    el.appendChild(t);
  }

  function summary(doc) {
    const el = document.getElementById("summary");
    el.innerHTML = "";
    let guarded = 0;
    for (const id of ids) {
      const d = doc.pops[id] || {};
      const div = document.createElement("div");
      const ratio = fnum(d.S) !== null && fnum(d.T) ? (d.S / d.T).toFixed(2) : "–";
      div.textContent = id + (d.mode && d.mode !== "normal" ? " (" + d.mode + ")" : "");
      const b = document.createElement("b");
      b.textContent = "x " + (fnum(d.x) === null ? "–" : d.x.toFixed(3)) + "  S/T " + ratio;
      div.appendChild(b);
      if (fnum(d.guardBound) !== null) {
        guarded++;
        const g = document.createElement("b");
        g.className = "fallback";
        g.textContent = "guard: x ≤ " + d.guardBound.toFixed(3);
        div.appendChild(g);
      }
      el.appendChild(div);
    }
    const g = document.createElement("div");
    g.textContent = "headroom guard";
    const gb = document.createElement("b");
    gb.textContent = guarded === 0 ? "binding nowhere" : "binding at " + guarded + " of " + ids.length + " PoPs";
    g.appendChild(gb);
    el.appendChild(g);
    if (doc.summary) {
      const div = document.createElement("div");
      div.textContent = "run summary";
      const b = document.createElement("b");
      b.textContent = doc.summary;
      div.appendChild(b);
      el.appendChild(div);
    }
  }

  function add(doc) {
    const now = Date.now() / 1000;
    const seen = Object.keys(doc.pops).sort();
    let changed = false;
    for (const id of seen) {
      if (!ids.includes(id)) {
        ids.push(id);
        for (const k of Object.keys(data)) data[k][id] = times.map(() => null);
        changed = true;
      }
    }
    times.push(now);
    for (const id of ids) {
      const d = doc.pops[id] || {};
      data.x[id].push(fnum(d.x));
      data.ratio[id].push(fnum(d.S) !== null && fnum(d.T) ? d.S / d.T : null);
      data.mu[id].push(fnum(d.mu));
    }
    if (times.length > FLEET_MAX) {
      times.shift();
      for (const k of Object.keys(data)) for (const id of ids) data[k][id].shift();
    }
    marks = (doc.marks || []).map((m) => ({ t: m.atEpochSeconds, label: m.label }));
    if (changed || plots.length === 0) {
      rebuild();
      heatmap(doc.correlation);
    } else {
      for (const p of plots) p.plot.setData(columns(p.panel));
    }
    summary(doc);
    updates++;
  }

  const state = document.getElementById("state");
  const es = new EventSource("/events");
  es.onopen = () => { state.textContent = "live"; state.className = ""; };
  es.onerror = () => { state.textContent = "disconnected, retrying…"; state.className = "down"; };
  es.onmessage = (m) => add(JSON.parse(m.data));
  window.almConsolePoints = () => updates;
  window.almFleetPops = () => ids.slice();
  window.almFleetSummary = () => document.getElementById("summary").textContent;
}
