package dev.alm.pop;

import dev.alm.loop.SavedState;
import java.io.IOException;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Whether a starting PoP resumes from its state file (docs/operations/probes.md, "State files"): a
 * half-written file left beside it is removed, and a missing, unreadable, foreign (another PoP,
 * algorithm or format), out-of-bounds or stale state is not restored; each outcome is one log line.
 */
final class StateRestore {
  private StateRestore() {}

  /**
   * The fresh persisted state to resume from, or empty (no file, a bad one, a stale one: said in
   * the log).
   */
  static Optional<SavedState> restorable(
      PopConfig config, StateFile file, long nowMillis, Consumer<String> log) {
    if (file == null) {
      return Optional.empty();
    }
    try {
      if (StateFile.removeLeftover(file.path())) {
        log.accept(
            "pop " + config.id() + ": removed a half-written state file beside " + file.path());
      }
    } catch (IOException e) {
      log.accept(
          "pop " + config.id() + ": cannot remove a half-written state file: " + e.getMessage());
    }
    String[] problem = new String[1];
    Optional<SavedState> saved = file.read(problem);
    if (problem[0] != null) {
      log.accept(
          "pop "
              + config.id()
              + ": state not restored ("
              + problem[0]
              + "): starting at x = "
              + config.loop().startX());
      return Optional.empty();
    }
    if (saved.isEmpty()) {
      log.accept(
          "pop " + config.id() + ": no state file yet: starting at x = " + config.loop().startX());
      return Optional.empty();
    }
    SavedState s = saved.get();
    String refused = StateFile.refusal(s, config.id(), config.loop().algorithm().label());
    if (refused != null) {
      log.accept(
          "pop "
              + config.id()
              + ": state "
              + file.path()
              + " refused ("
              + refused
              + "): starting at x = "
              + config.loop().startX());
      return Optional.empty();
    }
    double age = (nowMillis - s.savedAtMillis()) / 1000.0;
    if (!s.freshAt(nowMillis, config.loop().stateMaxAge().toMillis())) {
      log.accept(
          "pop "
              + config.id()
              + ": state "
              + file.path()
              + " is "
              + age
              + " s old: starting at x = "
              + config.loop().startX());
      return Optional.empty();
    }
    log.accept(
        "pop "
            + config.id()
            + ": restored x = "
            + s.x()
            + ", mu = "
            + s.mu()
            + " from "
            + file.path()
            + " ("
            + age
            + " s old)");
    return saved;
  }
}
