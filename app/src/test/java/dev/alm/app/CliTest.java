package dev.alm.app;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** Runs {@code alm} in process, as {@link Main} does, with standard output and error captured. */
public abstract class CliTest {
  protected final StringWriter out = new StringWriter();
  protected final StringWriter err = new StringWriter();

  /** Runs one command line and returns its exit code. */
  protected int alm(String... args) {
    CommandLine cl = new CommandLine(new AlmCommand());
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return Main.configure(cl).execute(args);
  }
}
