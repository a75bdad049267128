package dev.alm.node;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/** The admin endpoints the admin server's tests start with: a value x to read and to set. */
final class XEndpoints {
  private XEndpoints() {}

  /** {@code /status} shows {@code x}, {@code POST /x?value=V} sets it (V in [0, 1]). */
  static AdminEndpoints.Builder of(AtomicReference<Double> x, PrometheusMeterRegistry registry) {
    return AdminEndpoints.builder()
        .status(() -> Map.of("x", x.get()))
        .metrics(registry)
        .write(
            "/x",
            v -> {
              if (v < 0 || v > 1) {
                throw new IllegalArgumentException("x must be in [0, 1], got " + v);
              }
              x.set(v);
              return AdminEndpoints.json(Map.of("x", v));
            });
  }
}
