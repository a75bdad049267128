package dev.alm.app.drl;

import dev.alm.app.UserError;
import dev.alm.io.InputException;
import dev.alm.ratelimit.alloc.Allocator;
import dev.alm.ratelimit.alloc.AllocatorFactory;
import dev.alm.ratelimit.sim.AlgorithmCatalog;
import dev.alm.ratelimit.sim.Scenario;
import java.io.PrintWriter;
import java.util.Optional;

/** Shared by {@code alm drl simulate} and {@code compare}: algorithm names to allocators. */
final class DrlRuns {

  /** The exit code and message for an algorithm that is named but not plugged in yet. */
  static final int NOT_AVAILABLE = 2;

  private DrlRuns() {}

  /** The catalog the commands use. */
  static AlgorithmCatalog catalog() {
    return AlgorithmCatalog.standard();
  }

  /** Fails with a usage-style message for unknown names. */
  static void checkName(String name, String flag) {
    if (!AlgorithmCatalog.PLANNED.contains(name) && catalog().find(name).isEmpty()) {
      throw new UserError(
          flag
              + ": unknown algorithm "
              + name
              + " (known: "
              + String.join("|", AlgorithmCatalog.PLANNED)
              + ")");
    }
  }

  /** The allocator for a name, or empty when it is planned but not available yet. */
  static Optional<Allocator<?, ?>> allocator(String name, Scenario sc) throws InputException {
    Optional<AllocatorFactory> f = catalog().find(name);
    if (f.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(f.get().create(AlgorithmCatalog.settings(sc, name)));
  }

  /**
   * The allocator for a name; when it is planned but not available yet, says so on {@code err} as
   * "{@code who}: {@code flag} NAME is not available yet" and returns empty (the caller exits with
   * {@link #NOT_AVAILABLE}).
   */
  static Optional<Allocator<?, ?>> availableOrSay(
      String name, Scenario sc, PrintWriter err, String who, String flag) throws InputException {
    Optional<Allocator<?, ?>> alloc = allocator(name, sc);
    if (alloc.isEmpty()) {
      err.println(who + ": " + flag + " " + name + " is not available yet");
      err.flush();
    }
    return alloc;
  }

  /**
   * The scenario run {@code f} times faster (option {@code --faster}; 1 leaves it as it is).
   *
   * @throws UserError when the scenario cannot be sped up (TCP flows) or f is not positive
   */
  static Scenario faster(Scenario sc, double f) {
    if (f == 1) {
      return sc;
    }
    try {
      return sc.faster(f);
    } catch (IllegalArgumentException e) {
      throw new UserError("--faster: " + e.getMessage());
    }
  }

  /** Wall seconds since {@code startNanos} (a System.nanoTime reading). */
  static double secondsSince(long startNanos) {
    return (System.nanoTime() - startNanos) / 1e9;
  }
}
