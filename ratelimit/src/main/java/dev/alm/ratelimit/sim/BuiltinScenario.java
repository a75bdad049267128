package dev.alm.ratelimit.sim;

import dev.alm.io.BuiltinQuery;
import dev.alm.io.InputException;

/** A named scenario built from query parameters ({@code builtin:NAME?k=v&...}). */
@FunctionalInterface
public interface BuiltinScenario {

  /** Builds the scenario; bad parameters raise an error naming the builtin and the parameter. */
  Scenario build(BuiltinQuery query) throws InputException;
}
