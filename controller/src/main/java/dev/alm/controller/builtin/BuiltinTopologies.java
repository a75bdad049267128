package dev.alm.controller.builtin;

import dev.alm.controller.model.CorrelationMatrix;
import dev.alm.controller.model.Node;
import dev.alm.controller.model.Topology;
import dev.alm.io.BuiltinQuery;
import dev.alm.io.InputException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.math3.random.Well19937c;

/**
 * Topologies built into alm, usable wherever a topology file is:
 *
 * <ul>
 *   <li>{@code builtin:paper-fig2}: the two nodes of paper 004 section III-B / Fig. 2, C = [[0.1,
 *       0.9], [0.5, 0.5]], A = (1, 1), T = (0.7, 0.7), eta = 1, gamma = 10, d = 0.5.
 *   <li>{@code builtin:paper-sec5[?load=L&seed=S]}: one draw of the 48-node setup of section V
 *       ({@link PaperSection5}); defaults load=1, seed=1.
 *   <li>{@code builtin:synthetic?n=N[&load=L&seed=S]}: the same parameters on N nodes with a
 *       synthetic matrix of seed S ({@link SyntheticCorrelation}); defaults n=100, load=1, seed=1.
 * </ul>
 */
public final class BuiltinTopologies {

  public static final String PREFIX = "builtin:";
  public static final List<String> NAMES = List.of("paper-fig2", "paper-sec5", "synthetic");

  private BuiltinTopologies() {}

  /** Whether {@code spec} names a builtin rather than a file. */
  public static boolean isBuiltin(String spec) {
    return spec.startsWith(PREFIX);
  }

  /** The section III-B two-node topology. */
  public static Topology paperFig2() {
    CorrelationMatrix c =
        CorrelationMatrix.of(List.of("a", "b"), new double[][] {{0.1, 0.9}, {0.5, 0.5}});
    return new Topology(
        List.of(new Node("a", 0.7, 1.0, 1.0, 10.0, 0.5), new Node("b", 0.7, 1.0, 1.0, 10.0, 0.5)),
        c);
  }

  /** Resolves {@code builtin:NAME[?k=v&...]}. */
  public static Topology resolve(String spec) throws InputException {
    BuiltinQuery query = BuiltinQuery.parse(spec);
    String name = query.name();
    Map<String, String> params = query.params();
    switch (name) {
      case "paper-fig2":
        allow(spec, params, Set.of());
        return paperFig2();
      case "paper-sec5":
        {
          allow(spec, params, Set.of("load", "seed"));
          double load = number(spec, params, "load", 1.0);
          long seed = (long) number(spec, params, "seed", 1);
          return PaperSection5.standard().draw(load, new Well19937c(seed));
        }
      case "synthetic":
        {
          allow(spec, params, Set.of("n", "load", "seed"));
          int n = (int) number(spec, params, "n", 100);
          double load = number(spec, params, "load", 1.0);
          long seed = (long) number(spec, params, "seed", 1);
          if (n < 2 || n > 20_000) {
            throw new InputException(spec, "n", "must be between 2 and 20000, got " + n);
          }
          return new PaperSection5(SyntheticCorrelation.generate(n, seed))
              .draw(load, new Well19937c(seed));
        }
      default:
        throw new InputException(
            spec, "", "unknown builtin topology '" + name + "'; known: " + NAMES);
    }
  }

  private static void allow(String spec, Map<String, String> params, Set<String> allowed)
      throws InputException {
    for (String k : params.keySet()) {
      if (!allowed.contains(k)) {
        throw new InputException(spec, k, "unknown parameter; allowed: " + allowed);
      }
    }
  }

  private static double number(String spec, Map<String, String> params, String key, double dflt)
      throws InputException {
    String v = params.get(key);
    if (v == null) {
      return dflt;
    }
    try {
      double d = Double.parseDouble(v);
      if (!Double.isFinite(d) || d < 0) {
        throw new NumberFormatException();
      }
      return d;
    } catch (NumberFormatException e) {
      throw new InputException(spec, key, "expected a finite number >= 0, got '" + v + "'");
    }
  }
}
