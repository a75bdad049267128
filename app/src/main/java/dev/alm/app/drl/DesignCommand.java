package dev.alm.app.drl;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.alm.io.InputException;
import dev.alm.ratelimit.graph.CommunicationGraph;
import dev.alm.ratelimit.graph.Edge;
import dev.alm.ratelimit.graph.GraphSource;
import dev.alm.ratelimit.laplacian.GraphDesign;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code alm drl design}: spectral design numbers of a communication graph
 * (docs/drl-design/graphs.md).
 */
@Command(
    name = "design",
    header = "Design a communication graph for GDRL and the Laplacian throttler (papers 000, 003).",
    mixinStandardHelpOptions = true,
    description = {
      "For a communication graph: the Laplacian eigenvalues; GDRL's gain bound eta < 1/(2 d_max)",
      "(paper 000, eq. 15) and the gain 2/lambda_n above which it diverges with exact demands; the",
      "optimal update cycle 2/(lambda_2 + lambda_n) (paper 003, Theorem 2); at the cycle --gamma,",
      "the convergence factor Phi_cr = max |1 - gamma lambda_i| (< 1 converges; smaller is faster),",
      "the best uniform link weight and per-link weights (problem 32, projected subgradient; graphs",
      "up to 60 nodes), and the H2 measure Phi_ss (Theorem 1) for demand changes with covariance",
      "gamma sigma^2 I (eq. 24; also from the Lyapunov solver up to 200 nodes).",
      "Graph files: CSV 'a,b[,weight]' with a header or JSON {\"nodes\": n, \"edges\": [[a,b,w],...]};",
      "see docs/drl-design.md."
    })
public final class DesignCommand implements Callable<Integer> {

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  @Spec CommandSpec spec;

  @Option(
      names = "--graph",
      required = true,
      paramLabel = "FILE|builtin:...",
      description =
          "The graph: a .csv or .json file, or builtin:ring?n=N, builtin:complete?n=N,"
              + " builtin:star?n=N, builtin:path?n=N, builtin:regular?n=N&d=D[&seed=S],"
              + " builtin:siami-tree, builtin:siami-tree-plus.")
  String graph;

  @Option(
      names = "--gamma",
      defaultValue = "1.0",
      description =
          "Update cycle gamma (dimensionless gain per update) for Phi_cr, the weights and"
              + " Phi_ss. Default: ${DEFAULT-VALUE} (paper 003, Table 2).")
  double gamma;

  @Option(
      names = "--sigma2",
      defaultValue = "1.0",
      description =
          "Variance sigma^2 of the per-cycle demand change (eq. 24), in (units/cycle)^2."
              + " Default: ${DEFAULT-VALUE}.")
  double sigma2;

  @Option(
      names = "--iterations",
      defaultValue = "3000",
      description = "Subgradient steps for per-link weights. Default: ${DEFAULT-VALUE}.")
  int iterations;

  @Option(names = "--json", description = "Print the report as JSON.")
  boolean json;

  @Override
  public Integer call() throws Exception {
    if (!(gamma > 0) || Double.isInfinite(gamma)) {
      throw new ParameterException(spec.commandLine(), "--gamma: must be > 0, got " + gamma);
    }
    if (!(sigma2 >= 0) || Double.isInfinite(sigma2)) {
      throw new ParameterException(spec.commandLine(), "--sigma2: must be >= 0, got " + sigma2);
    }
    if (iterations < 0) {
      throw new ParameterException(spec.commandLine(), "--iterations: must be >= 0");
    }
    CommunicationGraph g;
    try {
      g = GraphSource.load(graph);
    } catch (InputException e) {
      throw e;
    }
    if (g.size() > 2000) {
      throw new InputException(graph, "", "at most 2000 nodes (dense eigen decomposition)");
    }
    if (g.size() > 100) {
      spec.commandLine().getErr().printf("eigen decomposition of %d nodes...%n", g.size());
    }
    GraphDesign d = GraphDesign.of(g, gamma, sigma2, iterations);
    PrintWriter o = spec.commandLine().getOut();
    if (json) {
      o.println(JSON.writeValueAsString(asMap(graph, g, d)));
    } else {
      print(graph, g, d, o);
    }
    o.flush();
    return 0;
  }

  static Map<String, Object> asMap(String name, CommunicationGraph g, GraphDesign d) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("graph", name);
    m.put("nodes", d.nodes());
    m.put("links", d.links());
    m.put("minDegree", d.minDegree());
    m.put("maxDegree", d.maxDegree());
    m.put("eigenvalues", finite(d.eigenvalues()));
    m.put("gdrlGainBound", finite(d.gdrlGainBound()));
    m.put("gdrlDivergenceGain", finite(d.gdrlDivergenceGain()));
    m.put("optimalCycle", finite(d.optimalCycle()));
    m.put("optimalCycleFactor", finite(d.optimalCycleFactor()));
    m.put("gamma", d.gamma());
    m.put("factorAtGamma", finite(d.factorAtGamma()));
    m.put("uniformWeight", finite(d.uniformWeight()));
    m.put("uniformFactor", finite(d.uniformFactor()));
    if (d.edgeWeights() != null) {
      List<Map<String, Object>> links = new ArrayList<>();
      for (int k = 0; k < d.edgeWeights().length; k++) {
        Edge e = g.edges().get(k);
        Map<String, Object> l = new LinkedHashMap<>();
        l.put("a", e.a());
        l.put("b", e.b());
        l.put("weight", d.edgeWeights()[k]);
        links.add(l);
      }
      m.put("edgeWeights", links);
      m.put("edgeFactor", finite(d.edgeFactor()));
    }
    m.put("sigma2", d.sigma2());
    m.put("h2", finite(d.h2()));
    m.put("h2Lyapunov", finite(d.h2Lyapunov()));
    return m;
  }

  private static Double finite(double v) {
    return Double.isFinite(v) ? v : null;
  }

  private static List<Double> finite(double[] v) {
    List<Double> l = new ArrayList<>();
    for (double x : v) {
      l.add(finite(x));
    }
    return l;
  }

  static void print(String name, CommunicationGraph g, GraphDesign d, PrintWriter o) {
    o.printf(
        Locale.ROOT,
        "Graph %s: %d nodes, %d links, degree %d..%d%s%n",
        name,
        d.nodes(),
        d.links(),
        d.minDegree(),
        d.maxDegree(),
        g.unweighted() ? "" : " (weighted)");
    o.println("Laplacian eigenvalues: " + eigen(d.eigenvalues()));
    o.printf(
        Locale.ROOT,
        "GDRL (paper 000): gain bound (15) eta < 1/(2 d_max) = %.6g; with exact demands it"
            + " diverges above 2/lambda_n = %.6g%n",
        d.gdrlGainBound(),
        d.gdrlDivergenceGain());
    o.printf(
        Locale.ROOT,
        "Optimal update cycle (paper 003, Theorem 2): 2/(lambda_2 + lambda_n) = %.6g,"
            + " Phi_cr = %.6g%n",
        d.optimalCycle(),
        d.optimalCycleFactor());
    o.printf(
        Locale.ROOT,
        "At gamma = %.6g: Phi_cr = %.6g%s%n",
        d.gamma(),
        d.factorAtGamma(),
        d.factorAtGamma() < 1 ? "" : " (>= 1: does not converge)");
    o.printf(
        Locale.ROOT,
        "  optimal uniform link weight: %.6g (Phi_cr = %.6g)%n",
        d.uniformWeight(),
        d.uniformFactor());
    if (d.edgeWeights() != null) {
      o.printf(Locale.ROOT, "  optimal per-link weights (Phi_cr = %.6g):%n", d.edgeFactor());
      for (int k = 0; k < d.edgeWeights().length; k++) {
        Edge e = g.edges().get(k);
        o.printf(Locale.ROOT, "    %d-%d  %.6g%n", e.a(), e.b(), d.edgeWeights()[k]);
      }
    } else {
      o.printf(
          Locale.ROOT,
          "  per-link weights: not computed above %d nodes%n",
          GraphDesign.MAX_NODES_FOR_PER_LINK);
    }
    o.printf(
        Locale.ROOT,
        "  H2 measure Phi_ss (Theorem 1, Cov = gamma sigma^2 I, sigma^2 = %.6g): %s%s%n",
        d.sigma2(),
        number(d.h2()),
        Double.isNaN(d.h2Lyapunov()) ? "" : " (Lyapunov solver: " + number(d.h2Lyapunov()) + ")");
  }

  private static String number(double v) {
    return Double.isFinite(v) ? String.format(Locale.ROOT, "%.6g", v) : "infinite";
  }

  private static String eigen(double[] ev) {
    StringBuilder b = new StringBuilder();
    int n = ev.length;
    for (int i = 0; i < n; i++) {
      if (n > 12 && i == 6) {
        b.append(" ... (").append(n - 12).append(" more)");
        i = n - 6;
      }
      b.append(i == 0 ? "" : " ")
          .append(String.format(Locale.ROOT, "%.6g", Math.abs(ev[i]) < 1e-12 ? 0.0 : ev[i]));
    }
    return b.toString();
  }
}
