package dev.alm.dns;

import dev.alm.fastcontrol.EchoTotals;
import dev.alm.fastcontrol.EchoVerdict;
import dev.alm.fastcontrol.EchoVerifier;
import dev.alm.fastcontrol.ProbeAnswerer;
import dev.alm.fastcontrol.ProbeSigner;
import dev.alm.fastcontrol.RequeryDemand;
import dev.alm.io.Clocks;
import dev.alm.node.ConnectionGuard;
import dev.alm.node.FileDescriptors;
import dev.alm.node.ListenerHealth;
import dev.alm.traces.LogReopen;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * One PoP's authoritative DNS server, assembled and running: the zone, x, the answering function,
 * rate limiting, metrics, the query log and the UDP and TCP listeners. {@link #x()} is what the
 * controller (or the admin API) sets.
 */
public final class DnsNode implements AutoCloseable {

  private volatile DnsConfig config;
  private final RedirectionProbability x;
  private final MicrometerDnsMetrics metrics;
  private final QueryLog log;
  private final AnswerPipeline pipeline;
  private final DnsServer server;
  private final EchoVerifier echoes;
  private final ProbeSigner signer;

  private DnsNode(
      DnsConfig config,
      RedirectionProbability x,
      MicrometerDnsMetrics metrics,
      QueryLog log,
      AnswerPipeline pipeline,
      DnsServer server,
      EchoVerifier echoes,
      ProbeSigner signer) {
    this.config = config;
    this.x = x;
    this.metrics = metrics;
    this.log = log;
    this.pipeline = pipeline;
    this.server = server;
    this.echoes = echoes;
    this.signer = signer;
  }

  /**
   * Builds the zone and starts listening, on the system clocks ({@link Clocks#SYSTEM}).
   *
   * @param registry where metrics go
   * @param probes how beacon queries are answered ({@link ProbeAnswerer#NONE}: always L1)
   * @param threads event-loop threads (each with its own UDP socket under epoll)
   * @throws IOException if the query log cannot be opened
   * @throws DnsConfigException if a static record is bad
   */
  public static DnsNode start(
      DnsConfig config, MeterRegistry registry, ProbeAnswerer probes, int threads)
      throws IOException, InterruptedException {
    return start(config, registry, probes, threads, Clocks.SYSTEM);
  }

  /**
   * Builds the zone and starts listening, on the given clocks.
   *
   * @param registry where metrics go
   * @param probes how beacon queries are answered ({@link ProbeAnswerer#NONE}: always L1)
   * @param threads event-loop threads (each with its own UDP socket under epoll)
   * @param clocks the monotonic and the wall clock
   * @throws IOException if the query log cannot be opened
   * @throws DnsConfigException if a static record is bad
   */
  public static DnsNode start(
      DnsConfig config, MeterRegistry registry, ProbeAnswerer probes, int threads, Clocks clocks)
      throws IOException, InterruptedException {
    return start(config, registry, probes, null, threads, clocks);
  }

  /**
   * Builds the zone and starts listening, on the given clocks, signing the probe targets handed out
   * in answer to beacons (docs/fastcontrol.md).
   *
   * @param signer signs probe targets; null: unsigned targets
   * @see #start(DnsConfig, MeterRegistry, ProbeAnswerer, int, LongSupplier, LongSupplier)
   */
  public static DnsNode start(
      DnsConfig config,
      MeterRegistry registry,
      ProbeAnswerer probes,
      ProbeSigner signer,
      int threads,
      Clocks clocks)
      throws IOException, InterruptedException {
    return start(config, registry, probes, signer, null, threads, clocks);
  }

  /**
   * Builds the zone and starts listening, signing the probe targets handed out and counting the
   * price echoes of its probes (docs/fastcontrol.md, "Price echo").
   *
   * @param signer signs probe targets; null: unsigned targets
   * @param echoes takes price echoes; null: echo names are answered and not counted
   * @see #start(DnsConfig, MeterRegistry, ProbeAnswerer, int, LongSupplier, LongSupplier)
   */
  public static DnsNode start(
      DnsConfig config,
      MeterRegistry registry,
      ProbeAnswerer probes,
      ProbeSigner signer,
      EchoVerifier echoes,
      int threads,
      Clocks clocks)
      throws IOException, InterruptedException {
    ServedZone zone = new ServedZone(config);
    RedirectionProbability x = new RedirectionProbability(config.x());
    MicrometerDnsMetrics metrics = new MicrometerDnsMetrics(registry, config.pop());
    QueryLog log =
        config.queryLog() == null
            ? null
            : QueryLog.open(config.queryLog(), config.pop(), config.queryLogQueue(), clocks);
    QueryAnswerer answerer =
        new QueryAnswerer(
            config, zone, new CdnDraw(config, x), probes, signer, echoes, clocks.millisClock());
    AnswerPipeline pipeline =
        new AnswerPipeline(
            answerer,
            new ResponseRateLimiter(config.rrl()),
            metrics,
            log,
            zone.zone().hashCode(),
            clocks.nanoClock(),
            config.cdnTtl());
    DnsServer server;
    try {
      long fdLimit = FileDescriptors.softLimit();
      int cap = FileDescriptors.capBelowLimit(config.maxTcpConnections(), fdLimit);
      ListenerHealth health =
          new ListenerHealth(
              new ConnectionGuard(
                  cap, Math.min(cap, config.maxTcpConnectionsPerClient()), metrics::tcpRefused),
              fdLimit,
              System::nanoTime);
      health.bind(registry, "alm.dns.tcp", "pop", config.pop());
      server = new DnsServer(config, pipeline, metrics, threads, health);
    } catch (RuntimeException | InterruptedException e) {
      if (log != null) {
        log.close();
      }
      throw e;
    }
    Gauge.builder("alm.dns.x", x, RedirectionProbability::get)
        .description("probability of answering L1")
        .tag("pop", config.pop())
        .register(registry);
    if (log != null) {
      Gauge.builder("alm.dns.log.dropped", log, QueryLog::dropped)
          .description("query log lines dropped")
          .tag("pop", config.pop())
          .register(registry);
    }
    if (echoes != null) {
      for (EchoVerdict v : EchoVerdict.values()) {
        FunctionCounter.builder("alm.dns.echoes", echoes, e -> e.count(v))
            .description("price echo queries by verdict (docs/fastcontrol.md)")
            .tag("pop", config.pop())
            .tag("verdict", v.label())
            .register(registry);
      }
    }
    return new DnsNode(config, x, metrics, log, pipeline, server, echoes, signer);
  }

  /**
   * The signer of this DNS's probe targets, or null when they are unsigned: the PoP publishes the
   * weight signed into every probe through it ({@link ProbeSigner#publishWeight}).
   */
  public ProbeSigner probeSigner() {
    return signer;
  }

  /**
   * Prepares answering with {@code next}'s TTLs (CDN, probe, static and negative:
   * docs/pop/reload.md, "Reload"), everything else as now: the zone and the precomputed answers are
   * built here, where a bad value throws and changes nothing; running the result switches every
   * later answer to them at once, without a query waiting or dropped.
   */
  public synchronized Runnable prepareTtls(DnsConfig next) {
    DnsConfig c =
        config.toBuilder()
            .cdnTtl(next.cdnTtl())
            .probeTtl(next.probeTtl())
            .staticTtl(next.staticTtl())
            .negativeTtl(next.negativeTtl())
            .build();
    QueryAnswerer a = pipeline.answerer().withConfig(c);
    return () -> {
      synchronized (this) {
        pipeline.answerer(a);
        config = c;
      }
    };
  }

  /**
   * Reopens the query log's file after logrotate renamed it (SIGUSR1, a reload): empty without a
   * query log on a file. Answering never waits for it ({@link QueryLog#reopen()}).
   */
  public Optional<LogReopen> reopenLogs() {
    return log == null ? Optional.empty() : log.reopen();
  }

  /** x, the probability of answering L1; set it at any time. */
  public RedirectionProbability x() {
    return x;
  }

  /**
   * Responses so far that answered a CDN name with L1 or L2: the queries that drive HTTP demand,
   * A_i of paper 004 eq. 2 (beacons are counted apart, as probe or beacon answers). Counted by the
   * answering pipeline itself, so it holds with or without metrics.
   */
  public long cdnAnswers() {
    return pipeline.cdnAnswers();
  }

  /**
   * The requests behind the CDN answers measured from the resolvers' re-query gaps
   * (docs/controllers/live-loop.md, "Demand behind the answers"): answers, rated answers and the
   * requests behind those, since start.
   */
  public RequeryDemand.Totals requery() {
    return pipeline.demand();
  }

  /**
   * The price echoes of this PoP's probes counted since start (docs/fastcontrol.md, "Price echo");
   * {@link EchoTotals#NONE} when the node takes none.
   */
  public EchoTotals echoTotals() {
    return echoes == null ? EchoTotals.NONE : echoes.totals();
  }

  /** The echo verifier, or null when the node takes no echoes. */
  public EchoVerifier echoes() {
    return echoes;
  }

  /** The address UDP and TCP are bound to. */
  public InetSocketAddress address() {
    return server.address();
  }

  /** The configuration it runs with. */
  public DnsConfig config() {
    return config;
  }

  /** The status page: x, the mode, counters, log state (docs/dns-node.md). */
  public Map<String, Object> status() {
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("pop", config.pop());
    s.put("zone", config.zone().toString());
    s.put(
        "listen",
        server.address().getAddress().getHostAddress() + ":" + server.address().getPort());
    s.put("transport", server.epoll() ? "epoll" : "nio");
    s.put("x", x.get());
    s.put("mode", config.mode().name().toLowerCase(Locale.ROOT));
    s.put("received", pipeline.received());
    s.putAll(metrics.counts());
    s.put("tcpConnections", server.tcpConnections());
    s.put("tcp", server.health().status());
    s.put("handlerFailures", pipeline.failures());
    Throwable last = pipeline.lastFailure();
    if (last != null) {
      s.put("lastHandlerFailure", last.toString());
    }
    if (echoes != null) {
      Map<String, Object> e = new LinkedHashMap<>();
      for (EchoVerdict v : EchoVerdict.values()) {
        e.put(v.label(), echoes.count(v));
      }
      e.put("byProxy", echoes.byProxy());
      s.put("echoes", e);
    }
    s.put("demand", pipeline.demandStatus());
    s.put("rrl", config.rrl().enabled());
    if (log != null) {
      s.put("queryLog", config.queryLog().toString());
      s.put("logWritten", log.written());
      s.put("logDropped", log.dropped());
    }
    return s;
  }

  /** Stops listening, then flushes the query log. */
  @Override
  public void close() throws IOException {
    server.close();
    if (log != null) {
      log.close();
    }
  }
}
