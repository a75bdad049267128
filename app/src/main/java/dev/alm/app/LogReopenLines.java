package dev.alm.app;

import dev.alm.traces.LogReopen;
import java.util.List;
import java.util.function.Consumer;

/**
 * What {@code alm dns} and {@code alm proxy} say after reopening their logs on SIGUSR1
 * (docs/operations/deploying.md, "Log rotation"): one line per log file that could not be opened
 * again, which keeps the file it had; nothing when every log was reopened.
 */
final class LogReopenLines {
  private LogReopenLines() {}

  /** Says what failed in {@code done}, one line each. */
  static void say(String daemon, List<LogReopen> done, Consumer<String> log) {
    for (LogReopen r : done) {
      if (!r.ok()) {
        log.accept(
            daemon
                + ": log reopen failed: "
                + r.file()
                + ": "
                + r.reason()
                + " (still writing to the file it had)");
      }
    }
  }
}
