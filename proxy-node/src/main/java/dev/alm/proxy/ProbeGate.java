package dev.alm.proxy;

import dev.alm.fastcontrol.ClientAllowance;
import dev.alm.fastcontrol.ProbeAuthConfig;
import dev.alm.fastcontrol.ProbeTarget;
import dev.alm.fastcontrol.ProbeVerdict;
import dev.alm.fastcontrol.ProbeVerifier;
import dev.alm.io.Clocks;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Decides which probe requests the proxy counts (paper 004 section III-F; docs/fastcontrol.md): the
 * {@link ProbeVerifier} (MAC, expiry with the clock-skew allowance, replay), then the per-address
 * allowance ({@link ClientAllowance}). Counts every refusal by reason. Thread-safe.
 */
final class ProbeGate {

  private final ProbeVerifier verifier;
  private final ClientAllowance perClient;
  private final Clocks clocks;
  private final EnumMap<ProbeVerdict, LongAdder> verdicts = new EnumMap<>(ProbeVerdict.class);

  ProbeGate(ProbeAuthConfig config, String zone, Clocks clocks) {
    this.verifier = new ProbeVerifier(config, zone);
    this.perClient =
        new ClientAllowance(config.clientRate(), config.clientBurst(), clocks.nanoClock());
    this.clocks = clocks;
    for (ProbeVerdict v : ProbeVerdict.values()) {
      verdicts.put(v, new LongAdder());
    }
  }

  /** The verdict on one probe request from {@code client}; counted by verdict. */
  ProbeVerdict admit(ProbeTarget target, String client) {
    ProbeVerdict v = verifier.check(target, clocks.millis());
    if (v == ProbeVerdict.COUNTED && !perClient.tryTake(client)) {
      v = ProbeVerdict.OVER_CLIENT_CAP;
    }
    verdicts.get(v).increment();
    return v;
  }

  /** Probe requests refused for {@code reason} since start. */
  long refused(ProbeVerdict reason) {
    return verdicts.get(reason).sum();
  }

  /** Refusals since start by reason label (every reason, zeros included). */
  Map<String, Long> refusedByReason() {
    Map<String, Long> m = new LinkedHashMap<>();
    for (ProbeVerdict v : ProbeVerdict.values()) {
      if (v != ProbeVerdict.COUNTED) {
        m.put(v.label(), verdicts.get(v).sum());
      }
    }
    return m;
  }

  boolean enabled() {
    return verifier.config().enabled();
  }

  int noncesHeld() {
    return verifier.noncesHeld();
  }
}
