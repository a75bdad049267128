package dev.alm.lab;

import dev.alm.lab.LabRun.DrillEvent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;

/**
 * A lab run's drills, each started on its own thread when it falls due ({@link DrillRunner}), then,
 * with {@code --refresh-c}, the C handed to the PoPs after it ({@link CRefresh}); what happened is
 * collected for the run's result.
 */
final class LabDrillThreads {
  private final LabNetwork network;
  private final LabTopology t;
  private final long start;
  private final CRefresh refresh;
  private final Consumer<String> log;
  private final List<LabDrill> pending;
  private final List<DrillEvent> events = Collections.synchronizedList(new ArrayList<>());
  private final List<CRefresh.Event> refreshes = Collections.synchronizedList(new ArrayList<>());
  private final List<Thread> threads = new ArrayList<>();

  /**
   * @param start the run's start, epoch milliseconds
   * @param refresh the C hand-over after each drill, or null
   */
  LabDrillThreads(
      LabNetwork network,
      LabTopology t,
      List<LabDrill> drills,
      long start,
      CRefresh refresh,
      Consumer<String> log) {
    this.network = network;
    this.t = t;
    this.start = start;
    this.refresh = refresh;
    this.log = log;
    this.pending = new ArrayList<>(drills);
    pending.sort(Comparator.comparingDouble(LabDrill::atSeconds));
  }

  /** Starts, each at its own time, the drills due by {@code seconds} into the run. */
  void startDue(double seconds) throws InterruptedException {
    while (!pending.isEmpty() && pending.get(0).atSeconds() <= seconds + 1e-9) {
      LabDrill d = pending.remove(0);
      LabRun.sleepUntil(start + (long) (d.atSeconds() * 1000));
      threads.add(startDrill(d));
    }
  }

  /** Waits for the started drills, up to 15 s each. */
  void join() throws InterruptedException {
    for (Thread th : threads) {
      th.join(15_000);
    }
  }

  /** The drills run so far. */
  List<DrillEvent> events() {
    return List.copyOf(events);
  }

  /** The C hand-overs made so far. */
  List<CRefresh.Event> refreshes() {
    return List.copyOf(refreshes);
  }

  private Thread startDrill(LabDrill d) {
    Thread th =
        new Thread(
            () -> {
              events.add(DrillRunner.run(network, t, d, start, log));
              if (refresh != null) {
                refreshes.add(refresh.after(d, d.atSeconds()));
              }
            },
            "alm-lab-drill");
    th.setDaemon(true);
    th.start();
    return th;
  }
}
