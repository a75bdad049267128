package dev.alm.ratelimit.alloc;

import dev.alm.io.InputException;

/**
 * Builds an {@link Allocator} from a scenario's settings. The simulator's algorithm catalog maps
 * each name of {@code alm drl simulate --algorithm} to one factory; an algorithm plugs in by adding
 * its entry there.
 */
@FunctionalInterface
public interface AllocatorFactory {

  /**
   * The allocator, or an {@link InputException} naming {@code settings.source()}, the field under
   * {@code algorithms.<name>} and the reason when a parameter is bad.
   */
  Allocator<?, ?> create(AllocatorSettings settings) throws InputException;
}
