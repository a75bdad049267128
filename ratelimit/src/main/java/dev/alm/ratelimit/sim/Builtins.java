package dev.alm.ratelimit.sim;

import dev.alm.io.BuiltinQuery;
import dev.alm.io.InputException;
import dev.alm.ratelimit.gdrl.StanojevicScenarios;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The registry of builtin scenarios, {@code builtin:NAME?k=v}. {@link #standard()} holds paper
 * 001's set-ups ({@link RaghavanScenarios}); other papers' set-ups add one {@link #with} line each
 * there.
 */
public final class Builtins {
  private final Map<String, BuiltinScenario> byName;

  private Builtins(Map<String, BuiltinScenario> byName) {
    this.byName = Collections.unmodifiableMap(byName);
  }

  /** An empty registry. */
  public static Builtins empty() {
    return new Builtins(new LinkedHashMap<>());
  }

  /** Every builtin alm ships. */
  public static Builtins standard() {
    return empty()
        .with("raghavan-baseline", RaghavanScenarios::baseline)
        .with("raghavan-shift", RaghavanScenarios::shift)
        .with("raghavan-scaling", RaghavanScenarios::scaling)
        .with("stanojevic-ring", StanojevicScenarios::ring)
        .with("stanojevic-dynamic", StanojevicScenarios::dynamic)
        .with("stanojevic-regular", StanojevicScenarios::regular);
  }

  /** This registry plus one builtin. */
  public Builtins with(String name, BuiltinScenario builtin) {
    Map<String, BuiltinScenario> m = new LinkedHashMap<>(byName);
    if (m.put(name, builtin) != null) {
      throw new IllegalArgumentException("builtin defined twice: " + name);
    }
    return new Builtins(m);
  }

  /** The names, in registration order. */
  public Set<String> names() {
    return byName.keySet();
  }

  /** Builds {@code builtin:NAME?k=v&...}. */
  public Scenario resolve(String spec) throws InputException {
    BuiltinQuery q = BuiltinQuery.parse(spec);
    BuiltinScenario b = byName.get(q.name());
    if (b == null) {
      throw new InputException(
          spec, "", "unknown builtin (known: " + String.join(", ", names()) + ")");
    }
    return b.build(q);
  }
}
