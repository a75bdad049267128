package dev.alm.drl.central;

/**
 * How many refused datagrams the token server verifies before it drops a source's datagrams
 * unverified ({@link SourceBudget}).
 *
 * @param perAddressRate refusals per second one source address may cost, sustained
 * @param perAddressBurst refusals one source address may cost at once
 * @param addresses source addresses tracked (a power of two); the table is fixed in size
 * @param sharedRate refusals per second all addresses not yet tracked may cost together
 * @param sharedBurst refusals those addresses may cost together at once
 */
public record RefusalBudget(
    double perAddressRate,
    double perAddressBurst,
    int addresses,
    double sharedRate,
    double sharedBurst) {

  /**
   * The defaults: 20 refusals/s per address (burst 100), 4,096 addresses, 2,000/s (burst 2,000) for
   * new addresses together. A PoP with the fleet key costs no refusal; a verification costs about a
   * microsecond, so the defaults bound the server's work on forgeries to a few percent of one core.
   */
  public static final RefusalBudget DEFAULTS = new RefusalBudget(20, 100, 4096, 2000, 2000);

  public RefusalBudget {
    if (!(perAddressRate > 0) || !(perAddressBurst >= 1) || perAddressBurst > 1e9) {
      throw new IllegalArgumentException(
          "per-address refusal rate must be > 0 and burst in [1, 1e9]: "
              + perAddressRate
              + ", "
              + perAddressBurst);
    }
    if (!(sharedRate > 0) || !(sharedBurst >= 1) || sharedBurst > 1e9) {
      throw new IllegalArgumentException(
          "shared refusal rate must be > 0 and burst in [1, 1e9]: "
              + sharedRate
              + ", "
              + sharedBurst);
    }
    if (addresses < 16 || addresses > (1 << 20) || Integer.bitCount(addresses) != 1) {
      throw new IllegalArgumentException(
          "addresses tracked must be a power of two from 16 to 1048576: " + addresses);
    }
  }
}
