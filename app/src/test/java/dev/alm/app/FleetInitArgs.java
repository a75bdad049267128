package dev.alm.app;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The command line of {@code alm fleet init} for PoPs a, b and c. */
final class FleetInitArgs {
  private FleetInitArgs() {}

  /** {@code fleet init --pops a,b,c OPTIONS... --out OUT}. */
  static String[] abc(Path out, String... options) {
    List<String> args = new ArrayList<>(List.of("fleet", "init", "--pops", "a,b,c"));
    args.addAll(List.of(options));
    args.addAll(List.of("--out", out.toString()));
    return args.toArray(String[]::new);
  }
}
