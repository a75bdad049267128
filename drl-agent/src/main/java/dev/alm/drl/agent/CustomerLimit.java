package dev.alm.drl.agent;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.CRC32;

/**
 * One customer's global limit L as the agents share it (paper 001 section 2.2: a CDN customer buys
 * one aggregate limit enforced across all sites), and the allocation algorithm that shares it.
 *
 * @param name the customer's name, as in the proxy's customers config
 * @param limit the global limit in units/s (requests/s or bytes/s), &gt; 0
 * @param algorithm one of {@link #ALGORITHMS}, the {@code Allocator} every PoP runs for this
 *     customer (the same at every PoP)
 */
public record CustomerLimit(String name, double limit, String algorithm) {

  /**
   * The algorithms a customer may pick: the demand-proportional share, GRD, FPS, GTB (paper 001),
   * CTB (a central bucket), GDRL (paper 000) and the Laplacian throttler (paper 003).
   */
  public static final List<String> ALGORITHMS =
      List.of("share", "grd", "fps", "gtb", "ctb", "gdrl", "dst");

  /** The algorithm of a customer that names none (docs/ratelimit/agent.md says why). */
  public static final String DEFAULT_ALGORITHM = "share";

  public CustomerLimit {
    if (name == null || name.isEmpty()) {
      throw new IllegalArgumentException("a customer needs a name");
    }
    if (!(limit > 0) || Double.isInfinite(limit)) {
      throw new IllegalArgumentException("customer " + name + ": limit must be > 0: " + limit);
    }
    if (algorithm == null) {
      algorithm = DEFAULT_ALGORITHM;
    }
    if (!ALGORITHMS.contains(algorithm)) {
      throw new IllegalArgumentException(
          "customer "
              + name
              + ": algorithm must be one of "
              + String.join("|", ALGORITHMS)
              + ", got '"
              + algorithm
              + "'");
    }
  }

  /** A customer shared by the default algorithm. */
  public CustomerLimit(String name, double limit) {
    this(name, limit, DEFAULT_ALGORITHM);
  }

  /** The 4-byte key that names the customer on the wire: CRC-32 of its UTF-8 name. */
  public int key() {
    CRC32 crc = new CRC32();
    crc.update(name.getBytes(StandardCharsets.UTF_8));
    return (int) crc.getValue();
  }
}
