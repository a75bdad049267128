package dev.alm.loop.fleet;

/**
 * A flash crowd: PoP {@code pop}'s demand multiplied by {@code factor} from {@code startSeconds}
 * for {@code seconds} (alm cluster's {@code --flash POP:FACTOR:START:SECONDS}).
 */
public record Flash(String pop, double factor, double startSeconds, double seconds) {
  public Flash {
    if (pop == null || pop.isEmpty()) {
      throw new IllegalArgumentException("flash crowd: a PoP id is required");
    }
    if (!(factor > 0) || !(startSeconds >= 0) || !(seconds > 0)) {
      throw new IllegalArgumentException(
          "flash crowd: factor > 0, start >= 0 and duration > 0 required");
    }
  }

  /** The demand multiplier for PoP {@code id} at {@code t} seconds into the run. */
  public double factor(String id, double t) {
    return id.equals(pop) && t >= startSeconds && t < startSeconds + seconds ? factor : 1;
  }

  /** When it ends, seconds into the run. */
  public double endSeconds() {
    return startSeconds + seconds;
  }
}
