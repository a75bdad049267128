package dev.alm.app;

import dev.alm.io.InputException;
import dev.alm.node.DaemonLifecycle;
import java.time.Duration;
import picocli.CommandLine.Option;

/** A daemon command's {@code --duration}: how long it runs before it stops by itself. */
public final class RunForOption {

  @Option(
      names = "--duration",
      paramLabel = "DURATION",
      description = "Stop after this long (90s, 2m, 500ms, 45). Default: run until interrupted.")
  String duration;

  /**
   * The run time, or null to run until interrupted.
   *
   * @throws InputException when the text is not a duration
   */
  public Duration get() throws InputException {
    return DaemonLifecycle.duration("--duration", duration);
  }
}
