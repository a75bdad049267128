package dev.alm.loop.fleet;

/** Every DNS answers with {@code x} from {@code atSeconds} on (until the next pin). */
public record Pin(double atSeconds, double x) {
  public Pin {
    if (!(atSeconds >= 0) || !(x >= 0 && x <= 1)) {
      throw new IllegalArgumentException("pinned x: a time >= 0 and x in [0, 1] required");
    }
  }
}
