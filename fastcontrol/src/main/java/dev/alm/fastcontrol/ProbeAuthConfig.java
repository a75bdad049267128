package dev.alm.fastcontrol;

import dev.alm.io.KeyRing;
import java.time.Duration;
import java.util.Optional;

/**
 * How the FastControl probes behind beta (paper 004 eq. 19-20) are authenticated
 * (docs/fastcontrol.md, "Signed probe names"). Immutable; a bad value fails with {@code field:
 * reason}.
 *
 * @param keys the fleet's probe key ring (current key signs, current or previous verifies), or null
 *     for authentication off: probes are then handed out unsigned and every well-formed probe
 *     counts
 * @param lifetime how long a handed-out probe stays countable (its expiry is now + lifetime)
 * @param clockSkew the largest difference between two PoPs' wall clocks that is tolerated: a probe
 *     counts until expiry + skew, and an expiry more than lifetime + skew ahead is refused
 * @param maxNonces the most nonces remembered for replay detection; when full, verified probes are
 *     refused (fail closed) until older nonces expire
 * @param clientRate probes per second one client address may have counted, sustained
 * @param clientBurst probes one client address may have counted at once
 * @param echoPrefixRate price echoes one resolver prefix (IPv4 /24, IPv6 /56) may have counted per
 *     second, sustained (docs/fastcontrol.md, "Price echo")
 * @param echoPrefixBurst price echoes one resolver prefix may have counted at once
 * @param unsignedAllowed whether the operator chose to run without a key ({@code "probeAuth":
 *     "off"}, {@code --insecure-probes}): a daemon started from the command line refuses to start
 *     without a key unless this is set ({@link #requireKeyOrOptOut})
 */
public record ProbeAuthConfig(
    KeyRing keys,
    Duration lifetime,
    Duration clockSkew,
    int maxNonces,
    double clientRate,
    double clientBurst,
    double echoPrefixRate,
    double echoPrefixBurst,
    boolean unsignedAllowed) {

  public static final Duration DEFAULT_LIFETIME = Duration.ofSeconds(10);
  public static final Duration DEFAULT_CLOCK_SKEW = Duration.ofSeconds(5);
  public static final int DEFAULT_MAX_NONCES = 1 << 20;
  public static final double DEFAULT_CLIENT_RATE = 20;
  public static final double DEFAULT_CLIENT_BURST = 40;

  /**
   * Echoes per second one resolver prefix may have counted: a large resolver's worth of users'
   * beacons, far below what an attacker needs to outweigh a PoP's users.
   */
  public static final double DEFAULT_ECHO_PREFIX_RATE = 50;

  public static final double DEFAULT_ECHO_PREFIX_BURST = 100;

  public ProbeAuthConfig {
    if (lifetime == null || lifetime.toMillis() < 1000 || lifetime.toSeconds() > 3600) {
      throw new IllegalArgumentException(
          "probeLifetimeSeconds: must be in [1, 3600] s, got " + lifetime);
    }
    if (clockSkew == null || clockSkew.isNegative() || clockSkew.toSeconds() > 600) {
      throw new IllegalArgumentException(
          "probeClockSkewSeconds: must be in [0, 600] s, got " + clockSkew);
    }
    if (maxNonces < 1 || maxNonces > 1 << 26) {
      throw new IllegalArgumentException(
          "probeMaxNonces: must be in [1, " + (1 << 26) + "], got " + maxNonces);
    }
    if (!(clientRate > 0) || !Double.isFinite(clientRate) || clientRate > 1e7) {
      throw new IllegalArgumentException(
          "probeClientRate: must be in (0, 1e7] probes/s, got " + clientRate);
    }
    if (!(clientBurst >= 1) || !Double.isFinite(clientBurst) || clientBurst > 1e8) {
      throw new IllegalArgumentException(
          "probeClientBurst: must be in [1, 1e8] probes, got " + clientBurst);
    }
    if (!(echoPrefixRate > 0) || !Double.isFinite(echoPrefixRate) || echoPrefixRate > 1e7) {
      throw new IllegalArgumentException(
          "probeEchoPrefixRate: must be in (0, 1e7] echoes/s, got " + echoPrefixRate);
    }
    if (!(echoPrefixBurst >= 1) || !Double.isFinite(echoPrefixBurst) || echoPrefixBurst > 1e8) {
      throw new IllegalArgumentException(
          "probeEchoPrefixBurst: must be in [1, 1e8] echoes, got " + echoPrefixBurst);
    }
  }

  /** Authentication off, the other settings at their defaults. */
  public static ProbeAuthConfig off() {
    return of(null);
  }

  /** Authentication with {@code keys} (null: off), the other settings at their defaults. */
  public static ProbeAuthConfig of(KeyRing keys) {
    return builder().keys(keys).build();
  }

  /** A builder holding the named defaults, authentication off. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding these settings. */
  public Builder toBuilder() {
    return new Builder()
        .keys(keys)
        .window(lifetime, clockSkew, maxNonces)
        .clientLimit(clientRate, clientBurst)
        .echoPrefixLimit(echoPrefixRate, echoPrefixBurst)
        .unsignedAllowed(unsignedAllowed);
  }

  /** Whether probes are signed and verified. */
  public boolean enabled() {
    return keys != null;
  }

  public ProbeAuthConfig withKeys(KeyRing k) {
    return toBuilder().keys(k).build();
  }

  public ProbeAuthConfig withClientLimit(double rate, double burst) {
    return toBuilder().clientLimit(rate, burst).build();
  }

  public ProbeAuthConfig withWindow(Duration life, Duration skew, int nonces) {
    return toBuilder().window(life, skew, nonces).build();
  }

  /** The same settings, with running without a key chosen explicitly or not. */
  public ProbeAuthConfig withUnsignedAllowed(boolean allowed) {
    return toBuilder().unsignedAllowed(allowed).build();
  }

  /** The same settings with another allowance of price echoes per resolver prefix. */
  public ProbeAuthConfig withEchoPrefixLimit(double rate, double burst) {
    return toBuilder().echoPrefixLimit(rate, burst).build();
  }

  /**
   * The secure default of a daemon started by an operator: a key, or the explicit choice to run
   * without one. Without a key anyone who reaches the proxy can count forged FastControl probes and
   * steer beta, so forgetting the key must not start a PoP.
   *
   * @param optOut how to run without a key anyway, for the message
   * @return a one-line reason when neither holds, else empty
   */
  public Optional<String> requireKeyOrOptOut(String optOut) {
    if (enabled() || unsignedAllowed) {
      return Optional.empty();
    }
    return Optional.of(
        "required: without the fleet's probe key anyone can forge FastControl probes and"
            + " steer beta (create one: head -c 32 /dev/urandom | base64 > probe.key; chmod 600"
            + " probe.key), or run without it with "
            + optOut);
  }

  /**
   * How long a verified nonce must be remembered at most: lifetime + 2 x skew (a probe may arrive
   * up to lifetime + skew before its expiry and counts until expiry + skew).
   */
  public Duration replayWindow() {
    return lifetime.plus(clockSkew).plus(clockSkew);
  }

  /**
   * Settings of a {@link ProbeAuthConfig}, each at its named default until set; {@link #build()}
   * checks them (the record's constructor).
   */
  public static final class Builder {
    private KeyRing keys;
    private Duration lifetime = DEFAULT_LIFETIME;
    private Duration clockSkew = DEFAULT_CLOCK_SKEW;
    private int maxNonces = DEFAULT_MAX_NONCES;
    private double clientRate = DEFAULT_CLIENT_RATE;
    private double clientBurst = DEFAULT_CLIENT_BURST;
    private double echoPrefixRate = DEFAULT_ECHO_PREFIX_RATE;
    private double echoPrefixBurst = DEFAULT_ECHO_PREFIX_BURST;
    private boolean unsignedAllowed;

    private Builder() {}

    /** The fleet's probe key ring; null: authentication off. */
    public Builder keys(KeyRing v) {
      keys = v;
      return this;
    }

    /** A probe's lifetime, the tolerated clock skew and the nonces remembered. */
    public Builder window(Duration life, Duration skew, int nonces) {
      lifetime = life;
      clockSkew = skew;
      maxNonces = nonces;
      return this;
    }

    /** Probes one client address may have counted: per second, and at once. */
    public Builder clientLimit(double rate, double burst) {
      clientRate = rate;
      clientBurst = burst;
      return this;
    }

    /** Price echoes one resolver prefix may have counted: per second, and at once. */
    public Builder echoPrefixLimit(double rate, double burst) {
      echoPrefixRate = rate;
      echoPrefixBurst = burst;
      return this;
    }

    public Builder lifetime(Duration v) {
      lifetime = v;
      return this;
    }

    public Builder clockSkew(Duration v) {
      clockSkew = v;
      return this;
    }

    public Builder maxNonces(int v) {
      maxNonces = v;
      return this;
    }

    public Builder clientRate(double v) {
      clientRate = v;
      return this;
    }

    public Builder clientBurst(double v) {
      clientBurst = v;
      return this;
    }

    public Builder echoPrefixRate(double v) {
      echoPrefixRate = v;
      return this;
    }

    public Builder echoPrefixBurst(double v) {
      echoPrefixBurst = v;
      return this;
    }

    /** Whether the operator chose to run without a key (so far). */
    public boolean unsignedAllowed() {
      return unsignedAllowed;
    }

    /** Whether the operator chose to run without a key. */
    public Builder unsignedAllowed(boolean v) {
      unsignedAllowed = v;
      return this;
    }

    /** The settings, checked; IllegalArgumentException names the refused field. */
    public ProbeAuthConfig build() {
      return new ProbeAuthConfig(
          keys,
          lifetime,
          clockSkew,
          maxNonces,
          clientRate,
          clientBurst,
          echoPrefixRate,
          echoPrefixBurst,
          unsignedAllowed);
    }
  }
}
