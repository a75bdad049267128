package dev.alm.traces.synthetic;

import dev.alm.controller.io.MatrixCsv;
import dev.alm.io.AtomicFiles;
import dev.alm.traces.AccessLogRecord;
import dev.alm.traces.AnswerKind;
import dev.alm.traces.BeaconName;
import dev.alm.traces.DemandRecord;
import dev.alm.traces.PairedObservation;
import dev.alm.traces.ProbeLogRecord;
import dev.alm.traces.QueryLogRecord;
import dev.alm.traces.RecordWriter;
import dev.alm.traces.TraceFormats;
import dev.alm.traces.TraceWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import java.util.function.LongConsumer;

/**
 * Writes synthetic traces of a {@link SyntheticWorld}: the true C, the DNS query log and HTTP
 * access log (beacons and ordinary traffic), the probe log, paired observations and a demand series
 * with a flash crowd (docs/trace-formats.md). Every file is written whole or not at all. Each trace
 * draws from its own random stream derived from the seed, so changing the size of one trace leaves
 * the others as they were.
 */
public final class SyntheticTraces {
  /** The service of paired observations taken as the DNS layer. */
  public static final String DNS_SERVICE = "dns-anycast";

  /** The service of paired observations taken as the HTTP layer. */
  public static final String HTTP_SERVICE = "http-anycast";

  /** The flash crowd at the first PoP: from this fraction of the trace's span ... */
  public static final double FLASH_FROM = 0.5;

  /** ... to this one. */
  public static final double FLASH_TO = 0.6;

  /** The files written, and what is in them. */
  public record Written(
      Path truth,
      Path pops,
      Path dns,
      Path http,
      Path probes,
      Path paired,
      Path demand,
      long dnsLines,
      long httpLines,
      long beacons,
      long probeLines,
      long pairedLines,
      long demandLines,
      long spanMillis) {}

  /** How often generation reports progress: every 65,536 DNS lines. */
  public static final long PROGRESS_LINES = 1 << 16;

  private record HttpEvent(long t, AccessLogRecord record) {}

  private final SyntheticConfig config;
  private final SyntheticWorld world;

  public SyntheticTraces(SyntheticConfig config) {
    this.config = config;
    this.world = new SyntheticWorld(config);
  }

  public SyntheticWorld world() {
    return world;
  }

  /** How long the DNS trace lasts at the configured query rate. */
  public long spanMillis() {
    return Math.max(1, Math.round(config.queries() / config.queryRate() * 1000));
  }

  /** Writes every file into {@code dir} ({@code .csv.gz} if {@code gzip}). */
  public Written writeAll(Path dir, boolean gzip) throws IOException {
    return writeAll(dir, TraceLayout.files(gzip), null);
  }

  /**
   * Writes every file into {@code dir} in {@code layout}: the DNS and HTTP logs, the probe log and
   * the paired observations as files or partitioned directories in the layout's format; the true C,
   * the PoPs and the demand series (small) as CSV files ({@code .csv.gz} if the layout's format is
   * gzip CSV).
   *
   * @param progress told the DNS lines written every {@link #PROGRESS_LINES}; may be {@code null}
   */
  public Written writeAll(Path dir, TraceLayout layout, LongConsumer progress) throws IOException {
    Files.createDirectories(dir);
    Path truth = dir.resolve("C_true.csv");
    Path pops = dir.resolve("pops.csv");
    writeTruth(truth);
    writePops(pops);
    long[] dh;
    try (RecordWriter<QueryLogRecord> dns =
            layout.open(dir, "dns", TraceFormats.QUERY_LOG, QueryLogRecord::epochMillis);
        RecordWriter<AccessLogRecord> http =
            layout.open(dir, "http", TraceFormats.ACCESS_LOG, AccessLogRecord::epochMillis)) {
      dh = writeDnsHttp(dns, http, progress);
    }
    long probes;
    try (RecordWriter<ProbeLogRecord> w =
        layout.open(dir, "probes", TraceFormats.PROBE_LOG, ProbeLogRecord::epochMillis)) {
      probes = writeProbes(w);
    }
    long paired;
    try (RecordWriter<PairedObservation> w =
        layout.open(dir, "paired", TraceFormats.PAIRED, PairedObservation::epochMillis)) {
      paired = writePaired(w);
    }
    Path demandFile =
        dir.resolve("demand" + (layout.parts().extension().endsWith(".gz") ? ".csv.gz" : ".csv"));
    long demand = writeDemand(demandFile);
    return new Written(
        truth,
        pops,
        layout.path(dir, "dns"),
        layout.path(dir, "http"),
        layout.path(dir, "probes"),
        layout.path(dir, "paired"),
        demandFile,
        dh[0],
        dh[1],
        dh[2],
        probes,
        paired,
        demand,
        spanMillis());
  }

  /** The true C as a matrix CSV. */
  public void writeTruth(Path file) throws IOException {
    AtomicFiles.write(file, w -> MatrixCsv.write(world.truth(), w));
  }

  /** PoP ids with their coordinates and share of DNS queries: {@code id,lat,lon,dns_share}. */
  public void writePops(Path file) throws IOException {
    AtomicFiles.write(
        file,
        w -> {
          w.write("id,lat,lon,dns_share\n");
          for (int i = 0; i < world.ids().size(); i++) {
            double[] p = world.place(i);
            w.write(world.ids().get(i) + "," + p[0] + "," + p[1] + "," + world.dnsShare(i) + "\n");
          }
        });
  }

  /**
   * The DNS query log and the HTTP access log: {@code queries} DNS lines in time order, a share of
   * them beacons (answered with L1), the rest ordinary names answered with L1 with probability x;
   * every L1 answer but a lost share of beacons is followed 5-400 ms later by an HTTP request at
   * the proxy the group's catchment draws.
   *
   * @return {DNS lines, HTTP lines, beacons answered}
   */
  public long[] writeDnsHttp(Path dnsFile, Path httpFile) throws IOException {
    try (TraceWriter<QueryLogRecord> dns = TraceWriter.create(dnsFile, TraceFormats.QUERY_LOG);
        TraceWriter<AccessLogRecord> http = TraceWriter.create(httpFile, TraceFormats.ACCESS_LOG)) {
      return writeDnsHttp(dns, http, null);
    }
  }

  /**
   * The DNS query log and the HTTP access log into {@code dns} and {@code http} (committed at the
   * end), in constant memory: only the HTTP requests of the last 400 ms wait.
   *
   * @param progress told the DNS lines written every {@link #PROGRESS_LINES}; may be {@code null}
   * @return {DNS lines, HTTP lines, beacons answered}
   */
  public long[] writeDnsHttp(
      RecordWriter<QueryLogRecord> dns, RecordWriter<AccessLogRecord> http, LongConsumer progress)
      throws IOException {
    SplittableRandom rnd = new SplittableRandom(config.seed() * 31 + 1);
    String zone =
        config.zone().endsWith(".")
            ? config.zone().substring(0, config.zone().length() - 1)
            : config.zone();
    String www = "www." + zone;
    PriorityQueue<HttpEvent> pending = new PriorityQueue<>((a, b) -> Long.compare(a.t(), b.t()));
    long beacons = 0;
    double t = config.startMillis();
    double meanGap = 1000.0 / config.queryRate();
    for (long k = 0; k < config.queries(); k++) {
      t += -Math.log(1 - rnd.nextDouble()) * meanGap;
      long now = (long) t;
      while (!pending.isEmpty() && pending.peek().t() <= now) {
        http.write(pending.poll().record());
      }
      int g = world.drawGroup(rnd);
      String pop = world.ids().get(world.dnsPop(g));
      String resolver =
          world.farResolver(g) ? "9.9.9." + (world.dnsPop(g) + 1) : address("10", g, 53);
      String client = address("100", g, 1 + rnd.nextInt(250));
      String ecs = world.farResolver(g) ? address("100", g, 0) + "/24" : "";
      boolean beacon = rnd.nextDouble() < config.beaconShare();
      String host = beacon ? BeaconName.host(k, zone) : www;
      AnswerKind answer =
          beacon || rnd.nextDouble() < config.l1Share() ? AnswerKind.L1 : AnswerKind.L2;
      dns.write(new QueryLogRecord(now, pop, resolver, ecs, host + ".", "A", "NOERROR", answer));
      if (progress != null && (k + 1) % PROGRESS_LINES == 0) {
        progress.accept(k + 1);
      }
      if (beacon) {
        beacons++;
      }
      boolean lost = beacon && rnd.nextDouble() < config.beaconLoss();
      if (answer == AnswerKind.L1 && !lost) {
        long at = now + 5 + rnd.nextInt(396);
        String proxy = world.ids().get(world.drawProxy(g, rnd));
        pending.add(
            new HttpEvent(
                at,
                new AccessLogRecord(
                    at,
                    proxy,
                    client,
                    host,
                    beacon ? "/beacon.gif" : "/index.html",
                    200,
                    beacon ? 43 : 5120 + rnd.nextInt(2048),
                    200 + rnd.nextInt(5000),
                    "",
                    "")));
      }
    }
    while (!pending.isEmpty()) {
      http.write(pending.poll().record());
    }
    dns.commit();
    http.commit();
    return new long[] {dns.written(), http.written(), beacons};
  }

  /** {@code probes} probe log lines spread evenly over the trace's span. */
  public long writeProbes(Path file) throws IOException {
    try (TraceWriter<ProbeLogRecord> w = TraceWriter.create(file, TraceFormats.PROBE_LOG)) {
      return writeProbes(w);
    }
  }

  /** {@code probes} probe log lines into {@code w} (committed at the end). */
  public long writeProbes(RecordWriter<ProbeLogRecord> w) throws IOException {
    SplittableRandom rnd = new SplittableRandom(config.seed() * 31 + 2);
    double step = (double) spanMillis() / Math.max(1, config.probes());
    for (long k = 0; k < config.probes(); k++) {
      int g = world.drawGroup(rnd);
      String category = world.ids().get(rnd.nextInt(world.ids().size()));
      w.write(
          new ProbeLogRecord(
              config.startMillis() + (long) (k * step),
              category,
              world.ids().get(world.dnsPop(g)),
              world.ids().get(world.drawProxy(g, rnd))));
    }
    w.commit();
    return w.written();
  }

  /**
   * One measurement window: every vantage point (a user of a drawn group) seen on both services.
   */
  public long writePaired(Path file) throws IOException {
    try (TraceWriter<PairedObservation> w = TraceWriter.create(file, TraceFormats.PAIRED)) {
      return writePaired(w);
    }
  }

  /** The paired observations into {@code w} (committed at the end). */
  public long writePaired(RecordWriter<PairedObservation> w) throws IOException {
    SplittableRandom rnd = new SplittableRandom(config.seed() * 31 + 3);
    for (long v = 0; v < config.vantages(); v++) {
      int g = world.drawGroup(rnd);
      String id = Long.toString(v + 1);
      w.write(
          new PairedObservation(
              config.startMillis(), id, DNS_SERVICE, world.ids().get(world.dnsPop(g))));
      w.write(
          new PairedObservation(
              config.startMillis(), id, HTTP_SERVICE, world.ids().get(world.drawProxy(g, rnd))));
    }
    w.commit();
    return w.written();
  }

  /**
   * The demand A_i of every PoP, queries per second, each {@code demandStepSeconds} (or a twentieth
   * of the span, if shorter, so the flash crowd always shows) over the trace's span: the PoP's
   * share of the query rate, times {@code flashFactor} at the first PoP from {@link #FLASH_FROM} to
   * {@link #FLASH_TO} of the span (a flash crowd).
   */
  public long writeDemand(Path file) throws IOException {
    long span = spanMillis();
    long step = Math.max(1, Math.min(Math.round(config.demandStepSeconds() * 1000), span / 20));
    try (TraceWriter<DemandRecord> w = TraceWriter.create(file, TraceFormats.DEMAND)) {
      for (long t = 0; t <= span; t += step) {
        boolean flash = t >= FLASH_FROM * span && t < FLASH_TO * span;
        for (int i = 0; i < world.ids().size(); i++) {
          double a =
              config.queryRate() * world.dnsShare(i) * (flash && i == 0 ? config.flashFactor() : 1);
          w.write(new DemandRecord(config.startMillis() + t, world.ids().get(i), a));
        }
      }
      w.commit();
      return w.written();
    }
  }

  private static String address(String first, int group, int host) {
    return first + "." + (group >> 8 & 0xff) + "." + (group & 0xff) + "." + host;
  }
}
