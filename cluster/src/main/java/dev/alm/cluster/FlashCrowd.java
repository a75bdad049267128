package dev.alm.cluster;

/**
 * A flash crowd: PoP {@code pop}'s demand multiplied by {@code factor} from {@code startSeconds}
 * for {@code seconds} into the run.
 */
public record FlashCrowd(String pop, double factor, double startSeconds, double seconds) {

  public FlashCrowd {
    if (pop == null || pop.isEmpty()) {
      throw new IllegalArgumentException("flash crowd: a PoP id is required");
    }
    if (!(factor > 0) || !(startSeconds >= 0) || !(seconds > 0)) {
      throw new IllegalArgumentException(
          "flash crowd: factor > 0, start >= 0 and duration > 0 required");
    }
  }

  /** Parses {@code POP:FACTOR:START:SECONDS}, e.g. {@code b:5:20:30}. */
  public static FlashCrowd parse(String text) {
    String[] p = text.split(":");
    if (p.length != 4) {
      throw new IllegalArgumentException(
          "flash crowd must be POP:FACTOR:START_S:DURATION_S, got '" + text + "'");
    }
    try {
      return new FlashCrowd(
          p[0], Double.parseDouble(p[1]), Double.parseDouble(p[2]), Double.parseDouble(p[3]));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("flash crowd: bad number in '" + text + "'");
    }
  }

  /** The demand multiplier for {@code pop} at {@code t} seconds into the run. */
  public double factor(String id, double t) {
    return id.equals(pop) && t >= startSeconds && t < startSeconds + seconds ? factor : 1;
  }
}
