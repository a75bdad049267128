package dev.alm.ratelimit.gdrl;

import com.fasterxml.jackson.databind.JsonNode;
import dev.alm.io.InputException;
import dev.alm.ratelimit.alloc.AllocatorSettings;
import java.util.Iterator;
import java.util.Set;

/**
 * Builds the GDRL allocator ({@code --algorithm gdrl}) from a scenario's settings: {@code
 * algorithms.gdrl.eta} (the gain, default 1/4 as in paper 000 section III-A; stay below the bound
 * (9), 1/(2 d_max) for spare bandwidth) and {@code algorithms.gdrl.indicator} ({@code
 * spare-bandwidth} (14), default; {@code throttled-ratio}; {@code mean-response-time}). The demand
 * estimate uses the scenario's EWMA (alpha = 1 - ewma).
 */
public final class GdrlAllocators {

  /** Default gain: paper 000's eta = 1/4 for its ring. */
  public static final double DEFAULT_ETA = 0.25;

  private GdrlAllocators() {}

  /** The allocator for these settings. */
  public static ConsensusAllocator create(AllocatorSettings s) throws InputException {
    JsonNode p = s.parameters();
    known(s, p, "gdrl", Set.of("eta", "indicator"));
    double eta = positive(s, p, "gdrl", "eta", DEFAULT_ETA);
    PerformanceIndicator f = Indicators.SPARE_BANDWIDTH;
    if (p.has("indicator")) {
      f = p.get("indicator").isTextual() ? Indicators.byName(p.get("indicator").asText()) : null;
      if (f == null) {
        throw new InputException(
            s.source(),
            "algorithms.gdrl.indicator",
            "expected spare-bandwidth, throttled-ratio or mean-response-time");
      }
    }
    PerformanceIndicator chosen = f;
    return new ConsensusAllocator("gdrl", chosen::q, eta, false, s.ewma());
  }

  static void known(AllocatorSettings s, JsonNode p, String algo, Set<String> names)
      throws InputException {
    for (Iterator<String> it = p.fieldNames(); it.hasNext(); ) {
      String f = it.next();
      if (!names.contains(f)) {
        throw new InputException(
            s.source(), "algorithms." + algo + "." + f, "unknown field (known: " + names + ")");
      }
    }
  }

  static double positive(AllocatorSettings s, JsonNode p, String algo, String field, double dflt)
      throws InputException {
    if (!p.has(field)) {
      return dflt;
    }
    JsonNode v = p.get(field);
    if (!v.isNumber() || !(v.asDouble() > 0) || Double.isInfinite(v.asDouble())) {
      throw new InputException(
          s.source(), "algorithms." + algo + "." + field, "expected a number > 0, got " + v);
    }
    return v.asDouble();
  }
}
