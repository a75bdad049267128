package dev.alm.dns;

import java.util.Arrays;

/**
 * Response-rate limiting for UDP, as Knot and NSD do it: a token bucket per (source prefix,
 * response) pair in a fixed-size table (colliding pairs share a slot; a slot taken over by a new
 * pair starts full). Identical responses to one prefix beyond {@link
 * RrlConfig#responsesPerSecond()} (after a burst) are dropped, except that every {@link
 * RrlConfig#slip()}-th drop slips out truncated. Pure logic: time is an argument. Thread-safe
 * through striped locks, so the table does not grow with the number of sources.
 */
public final class ResponseRateLimiter {
  private static final int STRIPES = 64;

  private final RrlConfig config;
  private final int mask;
  private final long[] keys;
  private final double[] tokens;
  private final long[] last;
  private final int[] drops;
  private final Object[] locks = new Object[STRIPES];
  private final double perNano;

  public ResponseRateLimiter(RrlConfig config) {
    this.config = config;
    this.mask = config.tableSize() - 1;
    this.keys = new long[config.tableSize()];
    this.tokens = new double[config.tableSize()];
    this.last = new long[config.tableSize()];
    this.drops = new int[config.tableSize()];
    this.perNano = config.responsesPerSecond() / 1e9;
    for (int i = 0; i < STRIPES; i++) {
      locks[i] = new Object();
    }
  }

  /**
   * Whether responses are limited at all (when not, {@link #check} always says {@link
   * RrlAction#SEND}).
   */
  public boolean enabled() {
    return config.enabled();
  }

  /**
   * Decides one response.
   *
   * @param source the client's address bytes (4 or 16)
   * @param response a hash that is equal for identical responses (see {@link #responseKey})
   * @param nowNanos a monotonic clock reading
   */
  public RrlAction check(byte[] source, long response, long nowNanos) {
    if (!config.enabled()) {
      return RrlAction.SEND;
    }
    long key = StickyHash.mix(prefixHash(source) * 31 + response) | 1L;
    int slot = (int) (key ^ (key >>> 32)) & mask;
    synchronized (locks[slot & (STRIPES - 1)]) {
      if (keys[slot] != key) {
        keys[slot] = key;
        tokens[slot] = config.burst();
        last[slot] = nowNanos;
        drops[slot] = 0;
      } else {
        long dt = Math.max(0, nowNanos - last[slot]);
        tokens[slot] = Math.min(config.burst(), tokens[slot] + dt * perNano);
        last[slot] = nowNanos;
      }
      if (tokens[slot] >= 1.0) {
        tokens[slot] -= 1.0;
        return RrlAction.SEND;
      }
      int n = ++drops[slot];
      return config.slip() > 0 && n % config.slip() == 0 ? RrlAction.SLIP : RrlAction.DROP;
    }
  }

  /**
   * The key under which responses count as identical: NXDOMAIN answers count per zone (so random
   * names do not escape the limit), everything else per name, type and rcode.
   */
  public static long responseKey(Outcome o, long zoneHash) {
    if (o.rcode() == org.xbill.DNS.Rcode.NXDOMAIN || o.qname() == null) {
      return StickyHash.mix(zoneHash * 31 + o.rcode());
    }
    return StickyHash.mix(((long) o.qname().hashCode() * 31 + o.qtype()) * 31 + o.rcode());
  }

  private long prefixHash(byte[] a) {
    int bits = a.length == 4 ? config.ipv4Prefix() : config.ipv6Prefix();
    long h = a.length;
    for (int i = 0; i * 8 < bits; i++) {
      int keep = Math.min(8, bits - i * 8);
      h = h * 257 + (a[i] & (0xFF << (8 - keep)) & 0xFF);
    }
    return h;
  }

  /**
   * A truncated copy of a response: header (TC set, counts but the question zeroed) and the
   * question.
   */
  public static byte[] truncated(byte[] response) {
    int end = questionEnd(response);
    byte[] t = Arrays.copyOf(response, end);
    t[2] |= 0x02;
    for (int i = 6; i < 12; i++) {
      t[i] = 0;
    }
    return t;
  }

  private static int questionEnd(byte[] m) {
    int qd = ((m[4] & 0xFF) << 8) | (m[5] & 0xFF);
    int p = 12;
    for (int q = 0; q < qd; q++) {
      while (p < m.length) {
        int len = m[p] & 0xFF;
        if (len == 0) {
          p++;
          break;
        }
        if ((len & 0xC0) == 0xC0) {
          p += 2;
          break;
        }
        p += 1 + len;
      }
      p += 4;
    }
    return Math.min(p, m.length);
  }
}
