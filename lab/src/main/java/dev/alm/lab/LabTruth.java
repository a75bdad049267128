package dev.alm.lab;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * What the run hands every process once the ground truth is measured: the true C and A (in load
 * units, PoPs in topology order) that the PoPs' probe plans use, and the run's start and end on the
 * wall clock, so that every PoP's intervals and every user start together.
 *
 * @param c C_ij: the share of the demand whose resolver's DNS catchment is PoP i that reaches PoP j
 *     by HTTP (a row without demand is the unit row)
 * @param demand A_i, load units
 * @param startEpochMillis when users start and the PoPs' first interval begins
 * @param endEpochMillis when users stop
 * @param requestsPerQuery per PoP, the users' requests per CDN query its DNS receives (each cache
 *     of an eyeball network asks once per TTL: r TTL + 1 requests per query at r requests/s per
 *     cache), by which the PoP turns its query count into A_i
 */
public record LabTruth(
    double[][] c,
    double[] demand,
    long startEpochMillis,
    long endEpochMillis,
    double[] requestsPerQuery) {

  public static Path file(Path out) {
    return out.resolve("run").resolve("truth.json");
  }

  /** Written to a temporary file then moved, so that readers never see half of it. */
  public void write(Path out) throws IOException {
    Path f = file(out);
    Path tmp = f.resolveSibling("truth.json.tmp");
    new ObjectMapper().writeValue(tmp.toFile(), this);
    Files.move(tmp, f, StandardCopyOption.ATOMIC_MOVE);
  }

  /** Waits up to {@code timeoutMillis} for the file; null if it did not come. */
  public static LabTruth await(Path out, long timeoutMillis)
      throws IOException, InterruptedException {
    long deadline = System.currentTimeMillis() + timeoutMillis;
    Path f = file(out);
    while (System.currentTimeMillis() < deadline) {
      if (Files.exists(f)) {
        return new ObjectMapper().readValue(f.toFile(), LabTruth.class);
      }
      Thread.sleep(50);
    }
    return null;
  }
}
