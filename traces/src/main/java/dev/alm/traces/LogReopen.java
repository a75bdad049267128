package dev.alm.traces;

import java.nio.file.Path;
import java.util.Locale;

/**
 * What reopening one log file did ({@link PolledLineLog#reopen()}): after logrotate renamed the
 * file, the log writes to a new file of the same name from its next pass on; when the new file
 * cannot be opened, the log keeps writing to the one it has (docs/operations/deploying.md, "Log
 * rotation").
 *
 * @param file the log's file
 * @param outcome what the reopen did
 * @param reason why it failed, one line ("" when reopened)
 */
public record LogReopen(Path file, Outcome outcome, String reason) {

  /** What a reopen did. */
  public enum Outcome {
    /** The log writes to a file opened anew under its name. */
    REOPENED,
    /** The file could not be opened: the log keeps the file it had. */
    FAILED;

    /** The metric tag and log word. */
    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  public LogReopen {
    if (file == null || outcome == null || reason == null) {
      throw new IllegalArgumentException("file, outcome and reason are required");
    }
  }

  static LogReopen reopened(Path file) {
    return new LogReopen(file, Outcome.REOPENED, "");
  }

  static LogReopen failed(Path file, String reason) {
    return new LogReopen(file, Outcome.FAILED, reason.replace('\n', ' '));
  }

  /** Whether the log now writes to a file opened anew. */
  public boolean ok() {
    return outcome == Outcome.REOPENED;
  }
}
