package dev.alm.ratelimit.keys;

/**
 * What goes wrong at PoP 0 in a keyed run (docs/ratelimit/keys.md, "Quotas"): it restarts at {@code
 * restartAt} seconds, keeping the counts its state file held (written every {@code saveMillis}),
 * and it is cut off from every other PoP from {@code partitionAt} for {@code partitionSeconds} (its
 * reports and grants, both ways, lost).
 *
 * @param restartAt when PoP 0 restarts, seconds; negative for never
 * @param saveMillis how often PoP 0 writes its state file
 * @param partitionAt when PoP 0 is cut off, seconds; negative for never
 * @param partitionSeconds for how long
 */
public record KeyedFaults(
    double restartAt, long saveMillis, double partitionAt, double partitionSeconds) {

  /** How often a PoP writes its keys' state file by default: every 5 s. */
  public static final long DEFAULT_SAVE_MILLIS = 5_000;

  /** Nothing goes wrong. */
  public static final KeyedFaults NONE = new KeyedFaults(-1, DEFAULT_SAVE_MILLIS, -1, 0);

  /** Validates. */
  public KeyedFaults {
    if (saveMillis < 1) {
      throw new IllegalArgumentException("saveMillis: at least 1, got " + saveMillis);
    }
    if (!(partitionSeconds >= 0)) {
      throw new IllegalArgumentException("partitionSeconds: at least 0, got " + partitionSeconds);
    }
  }

  public KeyedFaults withRestartAt(double seconds) {
    return new KeyedFaults(seconds, saveMillis, partitionAt, partitionSeconds);
  }

  public KeyedFaults withPartitionAt(double seconds) {
    return new KeyedFaults(restartAt, saveMillis, seconds, partitionSeconds);
  }

  public KeyedFaults withPartitionSeconds(double seconds) {
    return new KeyedFaults(restartAt, saveMillis, partitionAt, seconds);
  }

  /** Whether PoP 0 is cut off at {@code millis} into the run. */
  public boolean cutOff(long millis) {
    return partitionAt >= 0
        && millis >= partitionAt * 1000
        && millis < (partitionAt + partitionSeconds) * 1000;
  }
}
