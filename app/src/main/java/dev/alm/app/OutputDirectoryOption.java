package dev.alm.app;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The required {@code -o/--out} output directory of the offline commands. */
public final class OutputDirectoryOption {

  @Option(
      names = {"-o", "--out"},
      required = true,
      description = "Output directory.")
  Path out;

  /** Creates the output directory (and parents) and returns it; a failure is a user error. */
  public Path create() {
    return Outputs.directory(out);
  }
}
