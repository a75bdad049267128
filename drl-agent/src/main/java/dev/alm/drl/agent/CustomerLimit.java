package dev.alm.drl.agent;

import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

/**
 * One customer's global limit L as the agents share it (paper 001 section 2.2: a CDN customer buys
 * one aggregate limit enforced across all sites).
 *
 * @param name the customer's name, as in the proxy's customers config
 * @param limit the global limit in units/s (requests/s or bytes/s), &gt; 0
 */
public record CustomerLimit(String name, double limit) {

  public CustomerLimit {
    if (name == null || name.isEmpty()) {
      throw new IllegalArgumentException("a customer needs a name");
    }
    if (!(limit > 0) || Double.isInfinite(limit)) {
      throw new IllegalArgumentException("customer " + name + ": limit must be > 0: " + limit);
    }
  }

  /** The 4-byte key that names the customer on the wire: CRC-32 of its UTF-8 name. */
  public int key() {
    CRC32 crc = new CRC32();
    crc.update(name.getBytes(StandardCharsets.UTF_8));
    return (int) crc.getValue();
  }
}
