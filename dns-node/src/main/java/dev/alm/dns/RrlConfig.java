package dev.alm.dns;

/**
 * Response-rate limiting settings (as in Knot's and NSD's RRL): each (source prefix, response) pair
 * has a token bucket of {@code responsesPerSecond} with depth {@code burst}; a UDP response that
 * finds its bucket empty is dropped, except that every {@code slip}-th drop goes out truncated (TC
 * set, no records), so a real client retries over TCP. {@code slip = 0} never slips, {@code slip =
 * 1} truncates every limited response.
 *
 * @param enabled whether UDP responses are rate limited at all
 * @param responsesPerSecond the sustained rate of identical responses a prefix may receive
 * @param burst the bucket depth, in responses
 * @param slip every how many limited responses one goes out truncated (0: never)
 * @param ipv4Prefix the IPv4 prefix length that forms a source
 * @param ipv6Prefix the IPv6 prefix length that forms a source
 * @param tableSize the number of buckets (a power of two); colliding keys share a bucket
 */
public record RrlConfig(
    boolean enabled,
    double responsesPerSecond,
    double burst,
    int slip,
    int ipv4Prefix,
    int ipv6Prefix,
    int tableSize) {

  /**
   * Safe limits: 200 identical responses per second per /24 or /56, burst 400, slip 2 (NSD's
   * defaults).
   */
  public static final RrlConfig DEFAULTS = new RrlConfig(true, 200, 400, 2, 24, 56, 1 << 16);

  /** Rate limiting off. */
  public static final RrlConfig OFF = new RrlConfig(false, 200, 400, 2, 24, 56, 1 << 16);

  public RrlConfig {
    if (!(responsesPerSecond > 0) || Double.isInfinite(responsesPerSecond)) {
      throw new IllegalArgumentException(
          "rrl.responsesPerSecond must be a positive number, got " + responsesPerSecond);
    }
    if (!(burst >= 1) || Double.isInfinite(burst)) {
      throw new IllegalArgumentException("rrl.burst must be >= 1, got " + burst);
    }
    if (slip < 0 || slip > 10) {
      throw new IllegalArgumentException("rrl.slip must be in 0..10, got " + slip);
    }
    if (ipv4Prefix < 8 || ipv4Prefix > 32) {
      throw new IllegalArgumentException("rrl.ipv4Prefix must be in 8..32, got " + ipv4Prefix);
    }
    if (ipv6Prefix < 16 || ipv6Prefix > 128) {
      throw new IllegalArgumentException("rrl.ipv6Prefix must be in 16..128, got " + ipv6Prefix);
    }
    if (tableSize < 16 || Integer.bitCount(tableSize) != 1) {
      throw new IllegalArgumentException(
          "rrl.tableSize must be a power of two >= 16, got " + tableSize);
    }
  }

  /** A copy with rate limiting switched on or off. */
  public RrlConfig withEnabled(boolean on) {
    return new RrlConfig(on, responsesPerSecond, burst, slip, ipv4Prefix, ipv6Prefix, tableSize);
  }
}
