import dev.alm.drl.agent.ScenarioPops;
import dev.alm.ratelimit.alloc.Enforcement;
import dev.alm.ratelimit.sim.Scenario;
import dev.alm.ratelimit.sim.ScenarioReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Replays the per-limiter limits of a simulated run ({@code alm drl agents --scenario}'s
 * ALG/simulated.csv) into the live runs' PoPs ({@code ScenarioPops}) without agents, and prints
 * limiter 0's and 1's arrival rate, limit and served rate each second up to 20 s (kB/s): whether the
 * live data path meets the same limits as the simulator's. Usage: {@code java -cp app/target/alm.jar
 * bench/ScenarioReplay.java SCENARIO SIMULATED_CSV}.
 */
public class ScenarioReplay {
  public static void main(String[] a) throws Exception {
    Scenario sc = ScenarioReader.read(a[0]);
    List<String> lines = Files.readAllLines(Path.of(a[1]));
    Map<Double, double[]> limits = new TreeMap<>();
    for (String l : lines.subList(1, lines.size())) {
      String[] f = l.split(",", -1);
      double t = Double.parseDouble(f[0]);
      limits.computeIfAbsent(t, k -> new double[sc.limiters()])[Integer.parseInt(f[1])] =
          f[3].isEmpty() ? Double.NaN : Double.parseDouble(f[3]);
    }
    List<double[]> rows = new ArrayList<>();
    ScenarioPops pops =
        new ScenarioPops(
            sc,
            (t, demand, limit, drop, served) ->
                rows.add(new double[] {t, demand[0], limit[0], served[0], demand[1], limit[1]}));
    for (Map.Entry<Double, double[]> e : limits.entrySet()) {
      pops.advance(e.getKey());
      for (int i = 0; i < sc.limiters(); i++) {
        pops.enforce(i, new Enforcement.LocalLimit(e.getValue()[i], sc.bucketDepth()));
      }
    }
    for (double[] r : rows) {
      if (Math.abs(r[0] - Math.round(r[0])) < 1e-6 && r[0] <= 20) {
        System.out.printf(
            "%.0f dem0 %.0f lim0 %.0f srv0 %.0f dem1 %.0f lim1 %.0f%n",
            r[0], r[1] / 1e3, r[2] / 1e3, r[3] / 1e3, r[4] / 1e3, r[5] / 1e3);
      }
    }
  }
}
