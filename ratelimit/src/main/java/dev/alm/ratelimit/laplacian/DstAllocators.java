package dev.alm.ratelimit.laplacian;

import com.fasterxml.jackson.databind.JsonNode;
import dev.alm.io.InputException;
import dev.alm.ratelimit.alloc.AllocatorSettings;
import dev.alm.ratelimit.gdrl.ConsensusAllocator;
import java.util.Iterator;
import java.util.Set;

/**
 * Builds paper 003's Laplacian throttler as an allocator ({@code --algorithm dst}): {@code
 * algorithms.dst.gamma} (the update cycle, default 0.02 as in Example 2; stable below 2/lambda_n,
 * fastest at 2/(lambda_2 + lambda_n), see {@code alm drl design}), {@code algorithms.dst.measure}
 * ({@code throttled-amount} (Case I, default), {@code throttled-ratio}, {@code log-ratio}, {@code
 * allowed}) and {@code algorithms.dst.smooth} (false by default: p uses each interval's request
 * rate r_i(k) as the paper does; true applies the scenario's EWMA first). Link weights w_ij come
 * from the scenario's graph. Case IV's freezing rule needs the neighbours' states and is only in
 * {@link LaplacianThrottler}; here {@code allowed} moves limit without it.
 */
public final class DstAllocators {

  /** Default update cycle: paper 003's Example 2. */
  public static final double DEFAULT_GAMMA = 0.02;

  private DstAllocators() {}

  /** The allocator for these settings. */
  public static ConsensusAllocator create(AllocatorSettings s) throws InputException {
    JsonNode p = s.parameters();
    Set<String> names = Set.of("gamma", "measure", "smooth");
    for (Iterator<String> it = p.fieldNames(); it.hasNext(); ) {
      String f = it.next();
      if (!names.contains(f)) {
        throw new InputException(
            s.source(), "algorithms.dst." + f, "unknown field (known: " + names + ")");
      }
    }
    double gamma = DEFAULT_GAMMA;
    if (p.has("gamma")) {
      JsonNode v = p.get("gamma");
      if (!v.isNumber() || !(v.asDouble() > 0) || Double.isInfinite(v.asDouble())) {
        throw new InputException(s.source(), "algorithms.dst.gamma", "expected a number > 0");
      }
      gamma = v.asDouble();
    }
    NodalMeasure m = NodalMeasure.THROTTLED_AMOUNT;
    if (p.has("measure")) {
      m = p.get("measure").isTextual() ? NodalMeasure.byLabel(p.get("measure").asText()) : null;
      if (m == null) {
        throw new InputException(
            s.source(),
            "algorithms.dst.measure",
            "expected throttled-amount, throttled-ratio, log-ratio or allowed");
      }
    }
    boolean smooth = false;
    if (p.has("smooth")) {
      if (!p.get("smooth").isBoolean()) {
        throw new InputException(s.source(), "algorithms.dst.smooth", "expected true or false");
      }
      smooth = p.get("smooth").asBoolean();
    }
    NodalMeasure measure = m;
    return new ConsensusAllocator("dst", measure::p, gamma, true, smooth ? s.ewma() : 0.0);
  }
}
