package dev.alm.proxy;

import dev.alm.io.Clocks;
import dev.alm.traces.AccessLogRecord;
import dev.alm.traces.LineQueue;
import dev.alm.traces.LogReopen;
import dev.alm.traces.PolledLineLog;
import dev.alm.traces.ProbeLogRecord;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The proxy's two logs (docs/proxy-node.md): the access log, one line per response in a ring per
 * event loop ({@link AccessLogRing}), and the probe log, one line per counted probe; each drained
 * to its file by its own timer-driven writer ({@link PolledLineLog}). Either may be absent. Access
 * logging can be switched off and on at run time, to measure its cost.
 */
final class ProxyLogs implements AutoCloseable {

  /** How often the access log's writer collects the lines of the event loops. */
  static final long ACCESS_LOG_PERIOD_NANOS = 20_000_000L;

  /** How often the probe log's writer collects the probes queued. */
  static final long PROBE_LOG_PERIOD_NANOS = 5_000_000L;

  private final PolledLineLog accessLog;

  /** Each event loop's access lines, waiting for the writer ({@code logQueue} per loop). */
  private final ThreadLocal<AccessLogRing> accessRing;

  private final PolledLineLog probeLog;

  /** The probes waiting for the probe log's writer; null without a probe log. */
  private final LineQueue<ProbeLogRecord> probeLines;

  /** Whether responses are logged (switched by {@code POST /log}). */
  private volatile boolean logging;

  private ProxyLogs(PolledLineLog accessLog, PolledLineLog probeLog, int logQueue, Clocks clocks) {
    this.accessLog = accessLog;
    this.logging = accessLog != null;
    this.accessRing =
        ThreadLocal.withInitial(
            () -> {
              AccessLogRing ring = new AccessLogRing(logQueue, clocks);
              accessLog.add(ring);
              return ring;
            });
    this.probeLog = probeLog;
    if (probeLog != null) {
      this.probeLines = new LineQueue<>(logQueue, ProbeLogRecord::appendCsv);
      probeLog.add(probeLines);
    } else {
      this.probeLines = null;
    }
  }

  /** Opens the configured logs, appending; none open if one fails. */
  static ProxyLogs open(ProxyConfig config, Clocks clocks) throws IOException {
    PolledLineLog access = null;
    PolledLineLog probe = null;
    try {
      if (config.accessLog() != null) {
        access =
            PolledLineLog.open(
                config.accessLog(),
                false,
                AccessLogRecord.HEADER,
                ACCESS_LOG_PERIOD_NANOS,
                "alm-access-log");
      }
      if (config.probeLog() != null) {
        probe =
            PolledLineLog.open(
                config.probeLog(),
                false,
                ProbeLogRecord.HEADER,
                PROBE_LOG_PERIOD_NANOS,
                "alm-probe-log");
      }
    } catch (IOException e) {
      if (access != null) {
        access.close();
      }
      throw e;
    }
    return new ProxyLogs(access, probe, config.logQueue(), clocks);
  }

  boolean logsAccess() {
    return logging;
  }

  /**
   * @throws IllegalArgumentException when switching on without an access log
   */
  void setLogging(boolean on) {
    if (on && accessLog == null) {
      throw new IllegalArgumentException("no access log was configured");
    }
    logging = on;
  }

  /**
   * The calling thread's access-log ring (one per event loop, created on first use).
   *
   * @throws IllegalStateException without an access log
   */
  AccessLogRing accessRing() {
    if (accessLog == null) {
      throw new IllegalStateException("no access log was configured");
    }
    return accessRing.get();
  }

  /** Queues a counted probe's line, if there is a probe log. */
  void probe(ProbeLogRecord line) {
    if (probeLines != null) {
      probeLines.offer(line);
    }
  }

  /** Whether there is a probe log (else {@link #probe} drops its lines). */
  boolean logsProbes() {
    return probeLines != null;
  }

  long accessDropped() {
    return accessLog == null ? 0 : accessLog.dropped();
  }

  long probeDropped() {
    return probeLog == null ? 0 : probeLog.dropped();
  }

  /** The {@code logs} part of {@code /status}. */
  Map<String, Object> status() {
    Map<String, Object> logs = new LinkedHashMap<>();
    logs.put("accessWritten", accessLog == null ? 0 : accessLog.written());
    logs.put("accessDropped", accessDropped());
    logs.put("probeWritten", probeLog == null ? 0 : probeLog.written());
    logs.put("probeDropped", probeDropped());
    return logs;
  }

  /** Writes what the logs hold and closes them, both even if one fails. */
  @Override
  public void close() throws IOException {
    IOException first = null;
    try {
      if (accessLog != null) {
        accessLog.close();
      }
    } catch (IOException e) {
      first = e;
    }
    try {
      if (probeLog != null) {
        probeLog.close();
      }
    } catch (IOException e) {
      first = first == null ? e : first;
    }
    if (first != null) {
      throw first;
    }
  }

  /**
   * Reopens the access and probe logs' files after logrotate renamed them, one result per open log;
   * the event loops never wait for it ({@link PolledLineLog#reopen()}).
   */
  List<LogReopen> reopen() {
    List<LogReopen> r = new ArrayList<>(2);
    for (PolledLineLog l : new PolledLineLog[] {accessLog, probeLog}) {
      if (l != null) {
        r.add(l.reopen());
      }
    }
    return r;
  }
}
