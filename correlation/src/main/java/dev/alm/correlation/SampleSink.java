package dev.alm.correlation;

import dev.alm.io.InputException;

/**
 * Where estimators send samples of C: one user answered by DNS at {@code from} whose request
 * reached {@code to}.
 */
@FunctionalInterface
public interface SampleSink {

  /**
   * One sample of row {@code from}, column {@code to} (paper 004 eq. 1).
   *
   * @param epochMillis when it was taken (the DNS side's time)
   * @param source the file of the line that completed the sample, for reports
   * @param line that line's number
   * @throws InputException in strict mode, if a label is not a known PoP id
   */
  void sample(long epochMillis, String from, String to, String source, long line)
      throws InputException;
}
