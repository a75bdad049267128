package dev.alm.correlation;

import dev.alm.io.InputException;
import dev.alm.traces.ProbeLogRecord;
import dev.alm.traces.TraceReader;

/**
 * Samples of C from FastControl probe logs (paper 004 eq. 19-20): a probe handed out by the DNS of
 * PoP {@code origin} and received by the proxy of PoP {@code pop} is one sample of row origin,
 * column pop. The probe's category (the PoP whose price it measures) does not change where anycast
 * routes it, so every category counts.
 */
public final class ProbeEstimator {
  private long probes;

  /** Reads every probe of {@code in} into {@code sink}. */
  public void read(TraceReader<ProbeLogRecord> in, SampleSink sink) throws InputException {
    for (ProbeLogRecord p = in.next(); p != null; p = in.next()) {
      probes++;
      sink.sample(p.epochMillis(), p.origin(), p.pop(), in.source(), in.line());
    }
  }

  /** Probes read so far. */
  public long probes() {
    return probes;
  }
}
