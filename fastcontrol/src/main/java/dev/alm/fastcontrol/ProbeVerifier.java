package dev.alm.fastcontrol;

/**
 * Decides whether a probe request counts toward R_i and so beta_i (paper 004 eq. 20;
 * docs/fastcontrol.md, "Signed probe names"): with authentication on, only a signed probe whose MAC
 * verifies under a key of the ring, whose expiry is within the window (expiry + skew not passed,
 * expiry at most lifetime + skew ahead) and whose nonce was not counted before is {@link
 * ProbeVerdict#COUNTED}; with it off, every well-formed probe counts, as before signing existed.
 * Only probes whose MAC verifies reach the replay table, so a forged flood costs one HMAC each and
 * no memory. Thread-safe; time is an argument.
 */
public final class ProbeVerifier {

  private final ProbeAuthConfig config;
  private final String zone;
  private final RecentNonces replay;
  private final long skewMillis;
  private final long lifetimeMillis;

  public ProbeVerifier(ProbeAuthConfig config, String zone) {
    this.config = config;
    this.zone = ProbeSigner.normalZone(zone);
    this.skewMillis = config.clockSkew().toMillis();
    this.lifetimeMillis = config.lifetime().toMillis();
    this.replay = new RecentNonces(config.maxNonces(), skewMillis);
  }

  /** The verdict on one probe request arriving at {@code nowMillis} (epoch ms). */
  public ProbeVerdict check(ProbeTarget target, long nowMillis) {
    if (target instanceof ProbeTarget.Malformed) {
      return ProbeVerdict.MALFORMED;
    }
    if (!config.enabled()) {
      return ProbeVerdict.COUNTED;
    }
    if (!(target instanceof ProbeTarget.Signed s)) {
      return ProbeVerdict.UNSIGNED;
    }
    ProbeToken t = s.token();
    ProbeName n = s.name();
    if (!config.keys().verify(t.macInput(zone, n.category(), n.origin()), t.mac())) {
      return ProbeVerdict.BAD_MAC;
    }
    long expiryMillis = t.expirySeconds() * 1000;
    if (nowMillis > expiryMillis + skewMillis
        || expiryMillis > nowMillis + lifetimeMillis + skewMillis) {
      return ProbeVerdict.EXPIRED;
    }
    return switch (replay.add(t.nonce(), t.expirySeconds(), nowMillis)) {
      case FIRST -> ProbeVerdict.COUNTED;
      case REPLAYED -> ProbeVerdict.REPLAYED;
      case FULL -> ProbeVerdict.NONCE_TABLE_FULL;
    };
  }

  /** Nonces held for replay detection now. */
  public int noncesHeld() {
    return replay.size();
  }

  public ProbeAuthConfig config() {
    return config;
  }
}
