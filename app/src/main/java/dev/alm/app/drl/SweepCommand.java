package dev.alm.app.drl;

import dev.alm.ratelimit.gdrl.Demand;
import dev.alm.ratelimit.gdrl.GainBound;
import dev.alm.ratelimit.gdrl.SlotExperiment;
import dev.alm.ratelimit.graph.CommunicationGraph;
import dev.alm.ratelimit.graph.Graphs;
import dev.alm.ratelimit.graph.Laplacian;
import dev.alm.ratelimit.graph.SiamiGraphs;
import dev.alm.ratelimit.laplacian.H2Measure;
import dev.alm.ratelimit.laplacian.OverThrottlingExperiment;
import dev.alm.ratelimit.laplacian.UpdateCycle;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code alm drl sweep}: the experiments of papers 000 and 003 (docs/drl-design/results.md). */
@Command(
    name = "sweep",
    header = "Reproduce the experiments of papers 000 (GDRL) and 003 (Laplacian throttler).",
    mixinStandardHelpOptions = true,
    description = {
      "Experiments in the papers' own models (time in slots or update cycles, not seconds):",
      "  ring      paper 000 III-A: 10-ring, lambda_i = i/11, C = 1.1 Lambda, alpha = 1e-3, eta = 1/4;",
      "            JFI(q(t)) (eq. 16) and when it stays >= 0.99.",
      "  eta       the same ring for a list of gains: where GDRL stops converging.",
      "  dynamic   paper 000 III-B: three-phase demand, tau_0 = 1e4 slots; JFI recovery per phase.",
      "  regular   paper 000 III-C / Fig. 7: random d-regular graphs, N = 10, 100, 1000, d = 2, 4, 8,",
      "            eta = 1/(2d); slots until JFI stays >= 0.99.",
      "  overthrottling  paper 003 Example 2 / Table 4: the 10-node tree against the tree with",
      "            added links, gamma = 0.02, 1,000 clients, 1,000 cycles, over several seeds.",
      "Writes DIR/<experiment>.csv and DIR/<experiment>.png and prints a summary; progress on stderr."
    })
public final class SweepCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(
      names = "--experiment",
      required = true,
      description = "ring, eta, dynamic, regular or overthrottling.")
  String experiment;

  @Option(names = "--out", required = true, description = "Output directory (created).")
  Path out;

  @Option(
      names = "--slots",
      description =
          "Slots per run (ring: 30000; eta: 30000; regular: 200000; dynamic: 4 tau_0 = 40000).")
  Long slots;

  @Option(
      names = "--seeds",
      defaultValue = "10",
      description = "Seeds for overthrottling (1..N). Default: ${DEFAULT-VALUE}.")
  int seeds;

  @Option(
      names = "--seed",
      defaultValue = "1",
      description = "Seed of the arrivals and random graphs. Default: ${DEFAULT-VALUE}.")
  long seed;

  @Option(
      names = "--alpha",
      defaultValue = "0.001",
      description =
          "Low-pass filter parameter alpha of the demand estimates (paper 000: 1e-3)."
              + " Default: ${DEFAULT-VALUE}.")
  double alpha;

  @Option(
      names = "--step-sd",
      defaultValue = "0.05",
      description =
          "overthrottling: each client's random step per cycle, as a fraction of its base rate."
              + " Default: ${DEFAULT-VALUE}.")
  double stepSd;

  @Option(
      names = "--persistence",
      defaultValue = "0.99",
      description =
          "overthrottling: how much of a client's deviation from its base rate survives a cycle."
              + " Default: ${DEFAULT-VALUE}.")
  double persistence;

  @Option(
      names = "--etas",
      split = ",",
      defaultValue = "0.25,0.4,0.45,0.49,0.5,0.51,0.55,0.75",
      description = "Gains for the eta experiment. Default: ${DEFAULT-VALUE}.")
  double[] etas;

  private PrintWriter o;
  private PrintWriter err;

  @Override
  public Integer call() throws Exception {
    o = spec.commandLine().getOut();
    err = spec.commandLine().getErr();
    if (slots != null && slots < 100) {
      throw new ParameterException(spec.commandLine(), "--slots: must be >= 100");
    }
    if (seeds < 1) {
      throw new ParameterException(spec.commandLine(), "--seeds: must be >= 1");
    }
    Files.createDirectories(out);
    switch (experiment) {
      case "ring" -> ring();
      case "eta" -> eta();
      case "dynamic" -> dynamic();
      case "regular" -> regular();
      case "overthrottling" -> overThrottling();
      default ->
          throw new ParameterException(
              spec.commandLine(),
              "--experiment: expected ring, eta, dynamic, regular or overthrottling, got "
                  + experiment);
    }
    o.flush();
    return 0;
  }

  private void ring() throws IOException {
    long n = slots == null ? 30_000 : slots;
    var r =
        SlotExperiment.run(
            SlotExperiment.Config.paper(Graphs.ring(10), Demand.stanojevic(), 0.25, n, seed)
                .withAlpha(alpha));
    writeSeries("ring", List.of("eta=1/4"), List.of(r));
    o.printf(
        Locale.ROOT,
        "ring N=10 eta=0.25: JFI(q) at t=0 %.4f, stays >= 0.99 from slot %d (true q: %d), min JFI"
            + " in the last half %.5f (true q: %.5f, mean %.5f), max |sum C_i - C|/C %.2e%n",
        r.jfi()[0],
        r.settleTime(0.99, 0, n),
        r.settleTimeTrue(0.99, 0, n),
        r.minJfi(n / 2, n),
        r.minJfiTrue(n / 2, n),
        r.meanJfiTrue(n / 2, n),
        r.maxSumError());
  }

  private void eta() throws IOException {
    long n = slots == null ? 30_000 : slots;
    CommunicationGraph g = Graphs.ring(10);
    double lambdaN = Laplacian.of(g).lambdaN();
    o.printf(
        Locale.ROOT,
        "ring N=10: bound (15) eta < %.4g; exact-demand divergence above 2/lambda_n = %.4g%n",
        GainBound.spareBandwidth(g),
        GainBound.linearLimit(lambdaN));
    o.println("eta,diverged,settleSlot,minJfiLastHalf");
    List<String> names = new ArrayList<>();
    List<SlotExperiment.Result> rs = new ArrayList<>();
    try (PrintWriter csv = new PrintWriter(Files.newBufferedWriter(out.resolve("eta.csv")))) {
      csv.println("eta,diverged,settleSlot,minJfiLastHalf");
      for (double eta : etas) {
        err.printf(Locale.ROOT, "eta %.4g...%n", eta);
        var r =
            SlotExperiment.run(
                SlotExperiment.Config.paper(g, Demand.stanojevic(), eta, n, seed).withAlpha(alpha));
        String line =
            String.format(
                Locale.ROOT,
                "%.4g,%s,%d,%.5f",
                eta,
                r.diverged(),
                r.diverged() ? -1 : r.settleTime(0.99, 0, n),
                r.diverged() ? Double.NaN : r.minJfi(n / 2, n));
        csv.println(line);
        o.println(line);
        names.add(String.format(Locale.ROOT, "eta=%.3g", eta));
        rs.add(r);
      }
    }
    SweepPlots.jfi(out, "eta", names, rs, "JFI(q), 10-ring, by gain");
  }

  private void dynamic() throws IOException {
    long tau = 10_000;
    long n = slots == null ? 4 * tau : slots;
    var r =
        SlotExperiment.run(
            SlotExperiment.Config.paper(
                    Graphs.ring(10), Demand.stanojevicDynamic(tau), 0.25, n, seed)
                .withAlpha(alpha));
    writeSeries("dynamic", List.of("three-phase"), List.of(r));
    for (int phase = 0; phase < 4 && phase * tau < n; phase++) {
      long from = phase * tau;
      long to = Math.min(n, (phase + 1) * tau);
      long settled = r.settleTime(0.99, from, to);
      long settledTrue = r.settleTimeTrue(0.99, from, to);
      o.printf(
          Locale.ROOT,
          "phase %d [%d, %d): estimated q: min JFI %.4f, >= 0.99 %s after the change;"
              + " true q: min JFI %.4f, >= 0.99 %s after, mean JFI over the last half %.4f%n",
          phase + 1,
          from,
          to,
          r.minJfi(from, to),
          settled < 0 ? "never" : (settled - from) + " slots",
          r.minJfiTrue(from, to),
          settledTrue < 0 ? "never" : (settledTrue - from) + " slots",
          r.meanJfiTrue((from + to) / 2, to));
    }
  }

  private void regular() throws IOException {
    long n = slots == null ? 200_000 : slots;
    int[] sizes = {10, 100, 1000};
    int[] degrees = {2, 4, 8};
    List<String> names = new ArrayList<>();
    List<SlotExperiment.Result> rs = new ArrayList<>();
    try (PrintWriter csv = new PrintWriter(Files.newBufferedWriter(out.resolve("regular.csv")))) {
      String head = "n,d,eta,lambda2,rate1MinusEtaLambda2,settleSlot,settleSlotTrueQ";
      csv.println(head);
      o.println(head);
      for (int size : sizes) {
        for (int d : degrees) {
          err.printf(Locale.ROOT, "N=%d d=%d...%n", size, d);
          CommunicationGraph g = Graphs.regular(size, d, seed);
          double eta = 1.0 / (2 * d);
          double l2 = Laplacian.of(g).lambda2();
          var r =
              SlotExperiment.run(
                  SlotExperiment.Config.paper(g, Demand.stanojevic(), eta, n, seed)
                      .withAlpha(alpha));
          String line =
              String.format(
                  Locale.ROOT,
                  "%d,%d,%.4g,%.5g,%.6f,%d,%d",
                  size,
                  d,
                  eta,
                  l2,
                  1 - eta * l2,
                  r.settleTime(0.99, 0, n),
                  r.settleTimeTrue(0.99, 0, n));
          csv.println(line);
          o.println(line);
          names.add("N=" + size + " d=" + d);
          rs.add(r);
        }
      }
    }
    SweepPlots.jfi(out, "regular", names, rs, "JFI(q), random d-regular graphs, eta = 1/(2d)");
  }

  private void overThrottling() throws IOException {
    CommunicationGraph tree = SiamiGraphs.tree();
    CommunicationGraph plus = SiamiGraphs.treePlus();
    double sumTree = 0;
    double sumPlus = 0;
    int treeWorse = 0;
    OverThrottlingExperiment.Result first1 = null;
    OverThrottlingExperiment.Result first2 = null;
    try (PrintWriter csv =
        new PrintWriter(Files.newBufferedWriter(out.resolve("overthrottling.csv")))) {
      csv.println("seed,treePercent,treePlusPercent");
      for (int s = 1; s <= seeds; s++) {
        err.printf(Locale.ROOT, "seed %d...%n", s);
        var a = OverThrottlingExperiment.run(config(tree, s));
        var b = OverThrottlingExperiment.run(config(plus, s));
        if (s == 1) {
          first1 = a;
          first2 = b;
        }
        sumTree += a.overThrottlingPercent();
        sumPlus += b.overThrottlingPercent();
        treeWorse += a.overThrottlingPercent() > b.overThrottlingPercent() ? 1 : 0;
        csv.printf(
            Locale.ROOT, "%d,%.4f,%.4f%n", s, a.overThrottlingPercent(), b.overThrottlingPercent());
      }
    }
    Laplacian lt = Laplacian.of(tree);
    Laplacian lp = Laplacian.of(plus);
    o.println("measure,graph1Tree,graph2TreePlus");
    o.printf(
        Locale.ROOT,
        "optimalCycle,%.4f,%.4f%nPsi_cr(0.02),%.4f,%.4f%nPsi_ss(0.02; sigma^2=50),%.4f,%.4f%n",
        UpdateCycle.optimal(lt),
        UpdateCycle.optimal(lp),
        UpdateCycle.convergenceFactor(lt, 0.02),
        UpdateCycle.convergenceFactor(lp, 0.02),
        H2Measure.iid(lt, 0.02, 50),
        H2Measure.iid(lp, 0.02, 50));
    o.printf(
        Locale.ROOT,
        "overThrottlingPercent(mean of %d seeds),%.2f,%.2f%n",
        seeds,
        sumTree / seeds,
        sumPlus / seeds);
    o.printf(Locale.ROOT, "seeds where the tree over-throttles more: %d of %d%n", treeWorse, seeds);
    SweepPlots.overThrottling(out, first1, first2);
  }

  private OverThrottlingExperiment.Config config(CommunicationGraph g, long s) {
    var p = OverThrottlingExperiment.Config.paper(g, s);
    return new OverThrottlingExperiment.Config(
        g,
        p.gamma(),
        p.measure(),
        p.clients(),
        p.cycles(),
        stepSd,
        persistence,
        p.limitOverDemand(),
        s);
  }

  private void writeSeries(String name, List<String> names, List<SlotExperiment.Result> rs)
      throws IOException {
    try (PrintWriter csv = new PrintWriter(Files.newBufferedWriter(out.resolve(name + ".csv")))) {
      csv.println("slot,jfi,jfiTrue");
      var r = rs.get(0);
      for (int k = 0; k < r.times().length; k++) {
        csv.printf(Locale.ROOT, "%d,%.6f,%.6f%n", r.times()[k], r.jfi()[k], r.jfiTrue()[k]);
      }
    }
    SweepPlots.jfi(
        out, name, names, rs, "JFI(q(t)) (paper 000, eq. 16); dashed: true q = lambda - C");
  }
}
