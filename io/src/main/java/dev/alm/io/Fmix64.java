package dev.alm.io;

/** MurmurHash3's 64-bit finaliser (fmix64): a bijective mix of a long with full avalanche. */
public final class Fmix64 {

  private Fmix64() {}

  /** Every bit of the result depends on every bit of {@code k}. */
  public static long mix(long k) {
    k ^= k >>> 33;
    k *= 0xff51afd7ed558ccdL;
    k ^= k >>> 33;
    k *= 0xc4ceb9fe1a85ec53L;
    k ^= k >>> 33;
    return k;
  }
}
