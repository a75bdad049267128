package dev.alm.loop.fleet;

/**
 * One eyeball network of {@code alm lab} in the {@link FleetModel}: its users send {@code demand}
 * load units of requests through resolver caches of their own (as many as the model's {@code
 * resolvers}, all asking from one address, {@code resolver}), whose queries PoP {@code dns}'s DNS
 * answers; anycast takes every request they send to L1 to the one proxy {@code http} (an eyeball
 * network is one BGP catchment, not a draw per request). Its FastControl beacons join the beacons
 * of PoP {@code dns}'s users.
 *
 * @param id the network's name (e1, e2, ...)
 * @param dns the PoP whose DNS answers the network's resolver (its DNS catchment)
 * @param http the PoP whose proxy gets the network's L1 requests (its HTTP catchment)
 * @param demand the network's requests, load units
 * @param resolver the address its caches ask from: the network's own, or a public resolver's that
 *     forwards the queries of several networks
 * @param beacons its users' FastControl beacons per second
 * @param lag the users' warm-up: their request lane fell behind its schedule by up to this many
 *     seconds, 0 for none ({@code alm predict --lab} measures it from the run's access logs)
 * @param lagAt the due time of the request that was that late, seconds after the start: the lane
 *     sends the requests due up to then stretched over {@code lagAt + lag} seconds, and the ones
 *     due after, up to {@code lagAt + lag}, at that instant, as one burst ({@link #sentAt})
 */
public record Eyeball(
    String id,
    String dns,
    String http,
    double demand,
    String resolver,
    double beacons,
    double lag,
    double lagAt) {

  /** A network whose users keep their schedule from the start. */
  public Eyeball(
      String id, String dns, String http, double demand, String resolver, double beacons) {
    this(id, dns, http, demand, resolver, beacons, 0, 0);
  }

  public Eyeball {
    if (!(lag >= 0) || !(lagAt >= 0) || !Double.isFinite(lag) || !Double.isFinite(lagAt)) {
      throw new IllegalArgumentException("eyeball network " + id + ": lag and lagAt >= 0 required");
    }
    if (id == null || dns == null || http == null || resolver == null) {
      throw new IllegalArgumentException("eyeball network: id, dns, http and resolver required");
    }
    if (!(demand > 0) || !Double.isFinite(demand) || !(beacons >= 0) || !Double.isFinite(beacons)) {
      throw new IllegalArgumentException(
          "eyeball network " + id + ": demand > 0 and beacons >= 0 required");
    }
  }

  /**
   * When the users send the request due at {@code due} seconds: the lane, slowed while the
   * processes warm up, reaches the request due at {@code lagAt} only {@code lag} seconds late, at
   * {@code lagAt + lag}; the requests due before are stretched evenly over that time, those due
   * between {@code lagAt} and {@code lagAt + lag} go out together at {@code lagAt + lag} (the lane
   * sends its backlog), and later ones on time.
   */
  public double sentAt(double due) {
    if (!(lag > 0) || due >= lagAt + lag) {
      return due;
    }
    if (due <= lagAt && lagAt > 0) {
      return due * (lagAt + lag) / lagAt;
    }
    return lagAt + lag;
  }
}
