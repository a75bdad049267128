// The live console of one alm daemon: subscribes to /events (one JSON status per control interval)
// and draws the last ten minutes with uPlot. Memory is bounded: at most MAX points per series.
"use strict";

const MAX = 600;

const KINDS = {
  pop: [
    { title: "x and the headroom guard's bound (while it binds)", series: [["x", "x"], ["guardBound", "guard bound"]], range: [0, 1] },
    { title: "S / T (load over capacity)", series: [["loadRatio", "S/T"]], line: 1 },
    { title: "mu (price)", series: [["mu", "mu"]] },
    { title: "beta ± standard error", series: [["beta", "beta"], ["betaLow", "-se"], ["betaHigh", "+se"]] },
    { title: "A (demand, requests/s)", series: [["A", "A"], ["T", "T (capacity)"]] },
    { title: "shed (requests refused)", series: [["shed", "shed"]] },
  ],
  proxy: [
    { title: "S (load, requests/s) against T and the ceiling", series: [["S", "S"], ["T", "T"], ["ceiling", "ceiling"]] },
    { title: "S / T (load over capacity)", series: [["loadRatio", "S/T"]] },
    { title: "R (probes counted/s)", series: [["R", "R"]] },
    { title: "requests and shed (per interval)", series: [["requestsDelta", "requests"], ["shedDelta", "shed"]] },
  ],
  dns: [
    { title: "x (probability of answering L1)", series: [["x", "x"]], range: [0, 1] },
    { title: "responses (per interval)", series: [["responsesDelta", "responses"]] },
    { title: "rate limiting (per interval)", series: [["rrlDroppedDelta", "dropped"], ["rrlSlippedDelta", "slipped"]] },
  ],
};

// counters turned into per-interval differences
const COUNTERS = ["requests", "shed", "responses", "rrlDropped", "rrlSlipped"];
let previous = {};

function num(v) {
  return typeof v === "number" && isFinite(v) ? v : null;
}

function derive(d) {
  const out = Object.assign({}, d);
  for (const c of COUNTERS) {
    if (typeof d[c] === "number") {
      out[c + "Delta"] = typeof previous[c] === "number" ? d[c] - previous[c] : null;
      previous[c] = d[c];
    }
  }
  out.loadRatio = num(d.S) !== null && num(d.T) ? d.S / d.T : null;
  out.betaLow = num(d.beta) !== null && num(d.betaStdErr) !== null ? d.beta - d.betaStdErr : null;
  out.betaHigh = num(d.beta) !== null && num(d.betaStdErr) !== null ? d.beta + d.betaStdErr : null;
  return out;
}

function almConsole(kind) {
  const panels = KINDS[kind] || KINDS.pop;
  const times = [];
  const columns = {};
  const charts = [];
  let points = 0;
  const chartsEl = document.getElementById("charts");
  for (const p of panels) {
    const div = document.createElement("div");
    div.className = "chart";
    chartsEl.appendChild(div);
    const series = [{}].concat(p.series.map(([, label], i) => ({
      label: label,
      stroke: ["#1f77b4", "#aaa", "#aaa"][i] || "#555",
      dash: p.series[i][0] === "guardBound" ? [4, 3] : undefined,
      width: i === 0 ? 2 : 1,
    })));
    const opts = {
      title: p.title,
      width: 420,
      height: 200,
      series: series,
      scales: p.range ? { y: { range: p.range } } : {},
    };
    for (const [key] of p.series) {
      columns[key] = columns[key] || [];
    }
    charts.push({ panel: p, plot: new uPlot(opts, [[]].concat(p.series.map(() => [])), div) });
  }

  function summary(d) {
    const el = document.getElementById("summary");
    const f = (v, n) => (num(v) === null ? "–" : v.toFixed(n));
    const items = kind !== "pop" ? Object.keys(d)
      .filter((k) => typeof d[k] !== "object" || d[k] === null)
      .slice(0, 14)
      .map((k) => [k, typeof d[k] === "number" ? String(Math.round(d[k] * 1000) / 1000) : String(d[k])]) : [
      ["PoP", d.pop || "?"],
      ["mode", d.mode || "?"],
      ["x", f(d.x, 3)],
      ["guard", num(d.guardBound) === null ? "not binding" : "x ≤ " + f(d.guardBound, 3)],
      ["mu", f(d.mu, 2)],
      ["beta", f(d.beta, 2) + (num(d.betaStdErr) !== null ? " ± " + f(d.betaStdErr, 2) : "")],
      ["S / T", f(derive(d).loadRatio, 2)],
      ["A", f(d.A, 0)],
      ["shed", d.shed === null || d.shed === undefined ? "–" : String(d.shed)],
      ["interval", String(d.intervals)],
    ];
    el.innerHTML = "";
    for (const [k, v] of items) {
      const div = document.createElement("div");
      div.textContent = k;
      const b = document.createElement("b");
      b.textContent = v;
      if ((k === "mode" && v !== "normal") || (k === "guard" && v !== "not binding")) {
        b.className = "fallback";
      }
      div.appendChild(b);
      el.appendChild(div);
    }
    const plan = document.getElementById("plan");
    if (d.probes && typeof d.probes === "object") {
      const t = document.createElement("table");
      const head = t.insertRow();
      const cells = Object.keys(d.probes).filter((k) => typeof d.probes[k] !== "object");
      for (const k of cells) {
        const th = document.createElement("th");
        th.textContent = k;
        head.appendChild(th);
      }
      const row = t.insertRow();
      for (const k of cells) {
        row.insertCell().textContent = String(d.probes[k]);
      }
      plan.innerHTML = "<h2>probe plan</h2>";
      plan.appendChild(t);
    }
  }

  function add(d) {
    const e = derive(d);
    times.push(Date.now() / 1000);
    for (const key of Object.keys(columns)) {
      columns[key].push(num(e[key]));
    }
    if (times.length > MAX) {
      times.shift();
      for (const key of Object.keys(columns)) {
        columns[key].shift();
      }
    }
    points++;
    for (const c of charts) {
      c.plot.setData([times].concat(c.panel.series.map(([key]) => columns[key])));
    }
    summary(d);
  }

  const state = document.getElementById("state");
  const es = new EventSource("/events");
  es.onopen = () => {
    state.textContent = "live";
    state.className = "";
  };
  es.onerror = () => {
    state.textContent = "disconnected, retrying…";
    state.className = "down";
  };
  es.onmessage = (m) => add(JSON.parse(m.data));
  // for tests and operators' scripts: how many updates this page has drawn
  window.almConsolePoints = () => points;
  window.almConsoleLast = () => (times.length ? columns["x"][times.length - 1] : null);
  window.almConsoleSummary = () => document.getElementById("summary").textContent;
}
