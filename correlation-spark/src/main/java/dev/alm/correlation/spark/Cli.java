package dev.alm.correlation.spark;

import dev.alm.io.InputException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;

/**
 * The command-line conventions of {@code ./alm-spark}, as {@code alm}'s: a bad option or value is
 * one line on stderr and exit code 2; bad input or an I/O failure is one line and exit code 1; a
 * bug keeps its stack trace.
 */
final class Cli {
  private Cli() {}

  /** Runs {@code command} on {@code args} with the standard streams; returns the exit code. */
  static int run(Object command, String... args) {
    return run(
        command,
        new PrintWriter(System.out, true, StandardCharsets.UTF_8),
        new PrintWriter(System.err, true, StandardCharsets.UTF_8),
        args);
  }

  /** Runs {@code command} on {@code args}; returns the exit code. */
  static int run(Object command, PrintWriter out, PrintWriter err, String... args) {
    CommandLine cl = new CommandLine(command);
    cl.setOut(out);
    cl.setErr(err);
    cl.setUsageHelpWidth(110);
    cl.setParameterExceptionHandler(
        (ex, a) -> {
          CommandLine c = ex.getCommandLine();
          c.getErr()
              .println(
                  c.getCommandSpec().name()
                      + ": "
                      + ex.getMessage()
                      + " (--help lists the options)");
          return 2;
        });
    cl.setExecutionExceptionHandler(
        (ex, c, parse) -> {
          if (!(ex instanceof InputException
              || ex instanceof IOException
              || ex instanceof IllegalArgumentException)) {
            throw ex;
          }
          c.getErr().println(c.getCommandSpec().name() + ": " + ex.getMessage());
          return 1;
        });
    return cl.execute(args);
  }
}
