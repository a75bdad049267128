package dev.alm.dns;

import java.nio.charset.StandardCharsets;

/**
 * The sticky answer mode's draw: a salted 64-bit hash of a client subnet mapped to a uniform u in
 * [0, 1). A subnet is answered L1 when u &lt; x, so raising x only adds subnets (those with x_old
 * &lt;= u &lt; x_new) and lowering it only removes them: a resolver keeps its answer while x is
 * steady.
 */
public final class StickyHash {
  private final long seed;

  public StickyHash(String salt) {
    long h = 0x9E3779B97F4A7C15L;
    for (byte b : salt.getBytes(StandardCharsets.UTF_8)) {
      h = mix(h ^ b);
    }
    this.seed = h;
  }

  /** u in [0, 1) for the first {@code prefixBits} bits of {@code address} (4 or 16 bytes). */
  public double draw(byte[] address, int prefixBits) {
    int bits = Math.min(prefixBits, address.length * 8);
    long h = seed ^ (address.length * 131L + bits);
    long word = 0;
    int inWord = 0;
    for (int i = 0; i * 8 < bits; i++) {
      int keep = Math.min(8, bits - i * 8);
      int b = address[i] & (0xFF << (8 - keep)) & 0xFF;
      word = (word << 8) | b;
      if (++inWord == 8) {
        h = mix(h ^ word);
        word = 0;
        inWord = 0;
      }
    }
    h = mix(h ^ word ^ ((long) inWord << 56));
    return (h >>> 11) * 0x1.0p-53;
  }

  /** The finaliser of MurmurHash3 (fmix64): a bijective mix with full avalanche. */
  static long mix(long k) {
    return dev.alm.io.Fmix64.mix(k);
  }
}
