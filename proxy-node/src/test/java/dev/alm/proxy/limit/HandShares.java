package dev.alm.proxy.limit;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** A share source set by hand: the DRL agent's seam, with the shares and limits a test puts. */
public final class HandShares implements ShareSource {
  public final Map<String, Double> share = new ConcurrentHashMap<>();
  public final Map<String, Double> limit = new ConcurrentHashMap<>();
  public final Map<String, Long> arrived = new ConcurrentHashMap<>();
  private final String mode;
  private final int peers;

  /**
   * @param mode the agent's mode label for every customer
   * @param peers the peers it hears
   */
  public HandShares(String mode, int peers) {
    this.mode = mode;
    this.peers = peers;
  }

  @Override
  public double share(String c) {
    return share.getOrDefault(c, Double.NaN);
  }

  @Override
  public double limit(String c) {
    return limit.getOrDefault(c, Double.NaN);
  }

  @Override
  public void arrived(String c, long units) {
    arrived.merge(c, units, Long::sum);
  }

  @Override
  public String modeLabel(String c) {
    return mode;
  }

  @Override
  public int peers() {
    return peers;
  }
}
