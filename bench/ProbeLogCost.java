import dev.alm.traces.LineQueue;
import dev.alm.traces.PolledLineLog;
import dev.alm.traces.ProbeLogRecord;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the probe log costs: the caller's time per record offered, the writer thread's CPU per line
 * written at a steady rate, and the writer thread's CPU per second while the log is idle. The probe
 * log is the proxy's: a {@link LineQueue} drained by a {@link PolledLineLog} every 5 ms.
 *
 * <pre>
 *   ./mvnw -q -B -DskipTests package
 *   java -cp app/target/alm.jar bench/ProbeLogCost.java [DIR] [RATE]   # DIR for the scratch file (default /tmp)
 * </pre>
 *
 * Offers RATE records per second (default 20,000) for 6 s (the first 2 s are warm-up), then keeps
 * the log open and idle for 4 s. Deletes its scratch file. Bounded: about 12 s.
 */
public class ProbeLogCost {
  static final String WRITER = "alm-probe-log";

  interface Sink extends AutoCloseable {
    boolean offer(ProbeLogRecord r);

    long written();

    long dropped();
  }

  static Sink open(Path file) throws Exception {
    PolledLineLog log =
        new PolledLineLog(
            PolledLineLog.fileStream(file, false), ProbeLogRecord.HEADER, 5_000_000L, WRITER);
    LineQueue<ProbeLogRecord> q = new LineQueue<>(65536, ProbeLogRecord::appendCsv);
    log.add(q);
    return new Sink() {
      public boolean offer(ProbeLogRecord r) {
        return q.offer(r);
      }

      public long written() {
        return log.written();
      }

      public long dropped() {
        return log.dropped();
      }

      public void close() throws Exception {
        log.close();
      }
    };
  }

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args.length > 0 ? args[0] : "/tmp");
    long rate = args.length > 1 ? Long.parseLong(args[1]) : 20_000;
    Path file = Files.createTempFile(dir, "alm-probe-log-cost", ".csv");
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    try (Sink sink = open(file)) {
      long writer = writerId();
      int perTick = 100;
      long start = System.nanoTime();
      long warmUntil = start + 2_000_000_000L;
      long end = start + 6_000_000_000L;
      long offered = 0;
      long measured = 0;
      long offerNs = 0;
      long cpu0 = -1;
      long written0 = 0;
      while (System.nanoTime() < end) {
        long until = start + (offered + perTick) * 1_000_000_000L / rate;
        while (System.nanoTime() < until) {
          Thread.onSpinWait();
        }
        long now = System.nanoTime();
        if (cpu0 < 0 && now >= warmUntil) {
          cpu0 = mx.getThreadCpuTime(writer);
          written0 = sink.written();
        }
        long t0 = System.nanoTime();
        for (int k = 0; k < perTick; k++) {
          sink.offer(new ProbeLogRecord(System.currentTimeMillis(), "fra", "iad", "lhr"));
        }
        long t1 = System.nanoTime();
        offered += perTick;
        if (cpu0 >= 0) {
          offerNs += t1 - t0;
          measured += perTick;
        }
      }
      Thread.sleep(200); // the last lines reach the file
      long cpu1 = mx.getThreadCpuTime(writer);
      long lines = sink.written() - written0;
      System.out.printf(
          "%,d probes/s: caller %.1f ns per offer; writer %.0f ns of CPU per line (%,d lines,"
              + " %,d dropped)%n",
          rate, (double) offerNs / measured, (double) (cpu1 - cpu0) / lines, lines, sink.dropped());
      Thread.sleep(1_000); // let an idle writer settle
      long idle0 = mx.getThreadCpuTime(writer);
      Thread.sleep(4_000);
      long idle1 = mx.getThreadCpuTime(writer);
      System.out.printf("idle: writer %.1f us of CPU per second%n", (idle1 - idle0) / 4e3);
    } finally {
      Files.deleteIfExists(file);
    }
  }

  private static long writerId() {
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (t.getName().equals(WRITER)) {
        return t.getId();
      }
    }
    throw new IllegalStateException("no thread " + WRITER);
  }
}
