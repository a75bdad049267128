package dev.alm.app;

import dev.alm.io.InputException;
import java.util.logging.Level;
import java.util.logging.Logger;
import picocli.CommandLine;

/** Entry point of the {@code alm} command. */
public final class Main {

  private Main() {}

  /** Held so that the levels set on them stay (loggers are weakly referenced). */
  private static final Logger SCALECUBE = Logger.getLogger("io.scalecube");

  private static final Logger REACTOR = Logger.getLogger("reactor");

  public static void main(String[] args) {
    System.exit(run(args));
  }

  /**
   * Runs the command line and returns its exit code (0 success, 1 bad input or failure, 2 usage
   * error).
   */
  public static int run(String... args) {
    // ScaleCube (SWIM) and Reactor log every start and member at INFO; keep their warnings only
    SCALECUBE.setLevel(Level.WARNING);
    REACTOR.setLevel(Level.WARNING);
    return configure(new CommandLine(new AlmCommand())).execute(args);
  }

  /** Sets help width and the handler that turns expected failures into one line and exit code 1. */
  static CommandLine configure(CommandLine cl) {
    cl.setUsageHelpWidth(110);
    cl.setExecutionExceptionHandler(
        (ex, cmd, parse) -> {
          String msg =
              ex instanceof UserError || ex instanceof InputException
                  ? ex.getMessage()
                  : ex.toString();
          cmd.getErr().println(cmd.getCommandSpec().qualifiedName() + ": " + msg);
          return 1;
        });
    return cl;
  }
}
