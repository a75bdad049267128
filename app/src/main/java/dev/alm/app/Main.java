package dev.alm.app;

import picocli.CommandLine;

/** Entry point of the {@code alm} command. */
public final class Main {

  private Main() {}

  public static void main(String[] args) {
    System.exit(run(args));
  }

  /**
   * Runs the command line and returns its exit code (0 success, 1 bad input or failure, 2 usage
   * error).
   */
  public static int run(String... args) {
    return configure(new CommandLine(new AlmCommand())).execute(args);
  }

  /** Sets help width and the handler that turns expected failures into one line and exit code 1. */
  static CommandLine configure(CommandLine cl) {
    cl.setUsageHelpWidth(110);
    cl.setExecutionExceptionHandler(
        (ex, cmd, parse) -> {
          String msg =
              ex instanceof UserError || ex instanceof dev.alm.io.InputException
                  ? ex.getMessage()
                  : ex.toString();
          cmd.getErr().println(cmd.getCommandSpec().qualifiedName() + ": " + msg);
          return 1;
        });
    return cl;
  }
}
