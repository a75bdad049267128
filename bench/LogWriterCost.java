import dev.alm.traces.AccessLogRecord;
import dev.alm.traces.CsvBytes;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.locks.LockSupport;

/**
 * What a log writer thread pays per line, in parts: encoding an access-log line to bytes, writing the bytes to a
 * file (per line, and per write call), and waking up (the CPU a thread spends per timed sleep). One thread, pinned
 * by the caller if wanted; lines are produced at a fixed rate so the file system sees what a busy proxy gives it.
 *
 * <pre>
 *   ./mvnw -q -B -DskipTests package
 *   java -cp app/target/alm.jar bench/LogWriterCost.java [DIR] [RATE]   # DIR for the scratch file (default /tmp)
 * </pre>
 * Prints, for passes of 1,000, 5,000 and 20,000 lines (20 ms, 50 ms and 200 ms at 100k lines/s), the encoding and
 * write costs per line, then the CPU per wake-up of a thread sleeping 10 ms and 50 ms at a time
 * (/proc/thread-self/schedstat). Deletes its scratch file. Bounded: about 40 s.
 */
public class LogWriterCost {
    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args.length > 0 ? args[0] : "/tmp");
        long rate = args.length > 1 ? Long.parseLong(args[1]) : 100_000;
        byte[] popClientHost = AccessLogRecord.encodePopClientHost("0", "127.0.0.1", "127.0.0.1:18081");
        Path file = Files.createTempFile(dir, "alm-log-writer-cost", ".csv");
        try (OutputStream out = Files.newOutputStream(file)) {
            System.out.printf("lines at %,d/s to %s%n", rate, file);
            for (int perPass : new int[] {1_000, 5_000, 20_000}) {
                CsvBytes lines = new CsvBytes(4 << 20);
                long encodeNs = 0;
                long writeNs = 0;
                long measuredLines = 0;
                long calls = 0;
                long bytes = 0;
                long produced = 0;
                long start = System.nanoTime();
                long warmUntil = start + 2_000_000_000L;
                long end = start + 8_000_000_000L;
                while (System.nanoTime() < end) {
                    long until = start + (produced + perPass) * 1_000_000_000L / rate;
                    while (System.nanoTime() < until) {
                        Thread.onSpinWait();
                    }
                    long t0 = System.nanoTime();
                    long ms = System.currentTimeMillis();
                    for (int k = 0; k < perPass; k++) {
                        AccessLogRecord.appendCsv(lines, ms, popClientHost, "/", 200, 1024, 35, "", "");
                    }
                    long t1 = System.nanoTime();
                    int len = lines.length();
                    lines.writeTo(out);
                    long t2 = System.nanoTime();
                    produced += perPass;
                    if (t0 >= warmUntil) {
                        encodeNs += t1 - t0;
                        writeNs += t2 - t1;
                        measuredLines += perPass;
                        calls++;
                        bytes += len;
                    }
                }
                System.out.printf("passes of %,6d lines (%,d bytes): encode %.1f ns/line, write %.1f ns/line"
                        + " (%.1f us per write call)%n", perPass, bytes / Math.max(1, calls),
                        (double) encodeNs / measuredLines, (double) writeNs / measuredLines,
                        writeNs / 1e3 / Math.max(1, calls));
            }
        } finally {
            Files.deleteIfExists(file);
        }
        for (long periodMs : new long[] {10, 50}) {
            System.out.printf("a thread sleeping %d ms at a time: %.1f us of CPU per wake-up%n", periodMs,
                    wakeUpCost(periodMs * 1_000_000L, 3_000_000_000L));
        }
    }

    /** CPU ns per wake-up of a thread that parks for {@code periodNanos} at a time, over {@code forNanos}. */
    private static double wakeUpCost(long periodNanos, long forNanos) throws Exception {
        double[] result = new double[1];
        Thread t = new Thread(() -> {
            try {
                long[] s0 = schedstat();
                long end = System.nanoTime() + forNanos;
                while (System.nanoTime() < end) {
                    LockSupport.parkNanos(periodNanos);
                }
                long[] s1 = schedstat();
                result[0] = (s1[0] - s0[0]) / 1e3 / Math.max(1, s1[1] - s0[1]);
            } catch (Exception e) {
                result[0] = Double.NaN;
            }
        });
        t.start();
        t.join();
        return result[0];
    }

    /** This thread's CPU ns and times scheduled in. */
    private static long[] schedstat() throws Exception {
        String[] f = Files.readString(Path.of("/proc/thread-self/schedstat")).trim().split(" ");
        return new long[] {Long.parseLong(f[0]), Long.parseLong(f[2])};
    }
}
