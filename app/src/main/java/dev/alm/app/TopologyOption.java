package dev.alm.app;

import dev.alm.controller.builtin.BuiltinTopologies;
import dev.alm.controller.io.TopologyJson;
import dev.alm.controller.model.Topology;
import dev.alm.io.InputException;
import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The {@code --topology} and {@code --normalize} options shared by the offline commands. */
public final class TopologyOption {

  @Option(
      names = {"-t", "--topology"},
      paramLabel = "T",
      description =
          "Topology JSON file, or builtin:paper-fig2, builtin:paper-sec5[?load=L&seed=S], "
              + "builtin:synthetic?n=N[&load=L&seed=S]. alm compare defaults to builtin:paper-sec5.")
  String spec;

  @Option(
      names = "--normalize",
      description =
          "Rescale matrix rows that do not sum to 1 (each one is reported) instead of rejecting the file.")
  boolean normalize;

  /** Loads the topology, printing any notes (normalised rows) to {@code err}. */
  public Topology load(PrintWriter err) throws InputException {
    if (spec == null) {
      throw new UserError("--topology is required");
    }
    if (BuiltinTopologies.isBuiltin(spec)) {
      return BuiltinTopologies.resolve(spec);
    }
    TopologyJson.Result r = TopologyJson.read(Path.of(spec), normalize);
    r.notes().forEach(n -> err.println("note: " + n));
    return r.topology();
  }
}
