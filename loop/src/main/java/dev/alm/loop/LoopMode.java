package dev.alm.loop;

/**
 * Whether the loop runs its algorithm or a fallback, and why, with the count of probe-silent
 * intervals that decides the dual's fallback to greedy.
 *
 * @param mode normal or fallback
 * @param reason why the loop is in fallback ("" in normal mode)
 * @param quiet consecutive intervals without any probe at the proxy while probes were expected
 */
public record LoopMode(Mode mode, String reason, int quiet) {

  /** Normal, nothing silent. */
  public static final LoopMode NORMAL = new LoopMode(Mode.NORMAL, "", 0);

  public LoopMode {
    if (mode == null || reason == null) {
      throw new IllegalArgumentException("mode and reason are required");
    }
  }

  /** Normal mode after {@code quiet} silent intervals. */
  public static LoopMode normal(int quiet) {
    return new LoopMode(Mode.NORMAL, "", quiet);
  }

  /** A fallback, with its reason. */
  public static LoopMode fallback(String reason, int quiet) {
    return new LoopMode(Mode.FALLBACK, reason, quiet);
  }

  /** The same mode with another silent count. */
  public LoopMode withQuiet(int v) {
    return new LoopMode(mode, reason, v);
  }
}
