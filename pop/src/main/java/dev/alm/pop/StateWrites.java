package dev.alm.pop;

import dev.alm.loop.SavedState;
import java.io.IOException;
import java.util.function.Consumer;

/**
 * Each control interval's state written to the PoP's {@link StateFile}: a failing write is said in
 * one line when it starts failing, not every interval, and its reason is kept for {@code /status}
 * until a write succeeds (docs/operations/probes.md, "State files").
 */
final class StateWrites {
  private final StateFile file;
  private final Consumer<String> log;
  private String problem;

  /**
   * @param file the state file, or null when the PoP keeps none
   * @param log where the first failure of a run of failures goes
   */
  StateWrites(StateFile file, Consumer<String> log) {
    this.file = file;
    this.log = log;
  }

  /** Whether the PoP keeps a state file. */
  boolean enabled() {
    return file != null;
  }

  /** Writes {@code s} for PoP {@code pop}, remembering a failure instead of throwing it. */
  void write(String pop, SavedState s) {
    try {
      file.write(s);
      problem = null;
    } catch (IOException e) {
      if (problem == null) {
        log.accept("pop " + pop + ": cannot persist state: " + e);
      }
      problem = e.toString();
    }
  }

  /** The state file's path, or null. */
  String path() {
    return file == null ? null : file.path().toString();
  }

  /** Why the last write failed, or null when it succeeded (or none was made). */
  String problem() {
    return problem;
  }
}
