package dev.alm.loop.fleet;

import dev.alm.controller.model.CorrelationMatrix;

/**
 * A route change: from {@code atSeconds} on anycast sends PoP i's users to proxy j with probability
 * {@code matrix}[i][j]. The PoPs keep the C they were configured with (their probe plans and price
 * steps use it), as live PoPs do until someone hands them a new one.
 *
 * @param label how the change is named in reports (the file it came from)
 */
public record RouteChange(double atSeconds, CorrelationMatrix matrix, String label) {
  public RouteChange {
    if (!(atSeconds >= 0) || matrix == null) {
      throw new IllegalArgumentException("route change: a time >= 0 and a matrix are required");
    }
    label = label == null ? "" : label;
  }
}
