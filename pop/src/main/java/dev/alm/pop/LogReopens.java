package dev.alm.pop;

import dev.alm.traces.LogReopen;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Reopening a PoP's log files for logrotate (SIGUSR1 and every reload;
 * docs/operations/deploying.md, "Log rotation"): each log's outcome is counted in {@code
 * alm_pop_log_reopens_total{outcome}}, and a failure is one log line naming the file; the log keeps
 * the file it had.
 */
final class LogReopens {
  private final String id;
  private final Consumer<String> log;
  private final Map<LogReopen.Outcome, Counter> counted = new EnumMap<>(LogReopen.Outcome.class);

  LogReopens(String id, MeterRegistry registry, Consumer<String> log) {
    this.id = id;
    this.log = log;
    for (LogReopen.Outcome o : LogReopen.Outcome.values()) {
      counted.put(
          o,
          Counter.builder("alm.pop.log.reopens")
              .description("log files reopened (SIGUSR1, reload) by outcome")
              .tag("pop", id)
              .tag("outcome", o.label())
              .register(registry));
    }
  }

  /** Counts each log's reopen and says what failed; returns {@code done}. */
  List<LogReopen> count(List<LogReopen> done) {
    for (LogReopen r : done) {
      counted.get(r.outcome()).increment();
      if (!r.ok()) {
        log.accept(
            "pop "
                + id
                + ": log reopen failed: "
                + r.file()
                + ": "
                + r.reason()
                + " (still writing to the file it had)");
      }
    }
    return done;
  }
}
