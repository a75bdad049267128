package dev.alm.node;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.EnumMap;
import java.util.Map;

/** Counters of refused admin requests, one per reason. */
final class AdminRefusals {
  private final Map<AdminAccess.Verdict, Counter> byVerdict =
      new EnumMap<>(AdminAccess.Verdict.class);

  AdminRefusals(MeterRegistry registry) {
    for (AdminAccess.Verdict v : AdminAccess.Verdict.values()) {
      if (v != AdminAccess.Verdict.ALLOW) {
        byVerdict.put(
            v,
            Counter.builder("alm.admin.refused")
                .description("Admin requests refused, by reason")
                .tag("reason", v.label())
                .register(registry));
      }
    }
  }

  void count(AdminAccess.Verdict v) {
    byVerdict.get(v).increment();
  }
}
