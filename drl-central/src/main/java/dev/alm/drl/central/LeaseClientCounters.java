package dev.alm.drl.central;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * What a {@link TokenLeaseClient} counts besides its decisions: requests sent, grants taken (late
 * ones too), tokens leased and voided unspent, grants refused by reason. Thread-safe.
 */
final class LeaseClientCounters {
  final LongAdder requestsSent = new LongAdder();
  final LongAdder grantsReceived = new LongAdder();
  final LongAdder tokensLeased = new LongAdder();
  final LongAdder tokensVoided = new LongAdder();
  final LongAdder lateGrants = new LongAdder();
  private final Map<LeaseRefusal, LongAdder> refused = new EnumMap<>(LeaseRefusal.class);

  LeaseClientCounters() {
    for (LeaseRefusal x : LeaseRefusal.values()) {
      refused.put(x, new LongAdder());
    }
  }

  /** Counts a grant refused for {@code reason}. */
  void refuse(LeaseRefusal reason) {
    refused.get(reason).increment();
  }

  /** Grants refused for {@code reason}. */
  long refused(LeaseRefusal reason) {
    return refused.get(reason).sum();
  }

  /** The refusals by reason, in lower case, every reason listed. */
  Map<String, Long> refusedByReason() {
    Map<String, Long> r = new LinkedHashMap<>();
    for (LeaseRefusal x : LeaseRefusal.values()) {
      r.put(x.name().toLowerCase(Locale.ROOT), refused(x));
    }
    return r;
  }

  /**
   * Registers {@code PREFIX_requests_total}, {@code _grants_total}, {@code _tokens_leased_total},
   * {@code _tokens_voided_total} and {@code _refused_total{reason}}.
   */
  void bindTo(MeterRegistry registry, String p) {
    FunctionCounter.builder(p + "_requests", requestsSent, LongAdder::sum).register(registry);
    FunctionCounter.builder(p + "_grants", grantsReceived, LongAdder::sum).register(registry);
    FunctionCounter.builder(p + "_tokens_leased", tokensLeased, LongAdder::sum).register(registry);
    FunctionCounter.builder(p + "_tokens_voided", tokensVoided, LongAdder::sum).register(registry);
    for (LeaseRefusal r : LeaseRefusal.values()) {
      FunctionCounter.builder(p + "_refused", refused.get(r), LongAdder::sum)
          .tag("reason", r.name().toLowerCase(Locale.ROOT))
          .register(registry);
    }
  }
}
