package dev.alm.loop.fleet;

import java.util.List;

/**
 * What a model run's operator scheduled ({@link FleetModelConfig}): x pinned at a PoP's DNS from a
 * time on ({@link Pin}), and flash crowds that multiply a PoP's demand ({@link Flash}). Pure.
 */
final class ModelSchedule {
  private ModelSchedule() {}

  /**
   * The x a DNS answers with at {@code t} (model nanoseconds): the last pin by then, else {@code
   * published}.
   */
  static double x(List<Pin> pins, long t, double published) {
    for (int k = pins.size() - 1; k >= 0; k--) {
      if (FleetModel.nanos(pins.get(k).atSeconds()) <= t) {
        return pins.get(k).x();
      }
    }
    return published;
  }

  /**
   * PoP {@code pop}'s demand {@code base} (requests/s) at {@code t} with the flash crowds' factors.
   */
  static double demand(List<Flash> flashes, String pop, long t, double base) {
    double r = base;
    for (Flash f : flashes) {
      r *= f.factor(pop, t / 1e9);
    }
    return r;
  }
}
