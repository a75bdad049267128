package dev.alm.io;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The parameters of a builtin reference {@code builtin:NAME?k=v&k2=v2}, with typed reads whose
 * errors name the builtin, the parameter and the reason.
 *
 * @param source the whole reference, as errors print it
 * @param name the builtin's name
 * @param params the parameters in order
 */
public record BuiltinQuery(String source, String name, Map<String, String> params) {

  /** Parses a reference that starts with {@code builtin:}. */
  public static BuiltinQuery parse(String spec) throws InputException {
    String rest = spec.substring("builtin:".length());
    int q = rest.indexOf('?');
    String name = q < 0 ? rest : rest.substring(0, q);
    Map<String, String> params = new LinkedHashMap<>();
    if (q >= 0 && q + 1 < rest.length()) {
      for (String kv : rest.substring(q + 1).split("&")) {
        int eq = kv.indexOf('=');
        if (eq <= 0) {
          throw new InputException(spec, kv, "expected key=value");
        }
        params.put(kv.substring(0, eq), kv.substring(eq + 1));
      }
    }
    return new BuiltinQuery(spec, name, params);
  }

  /** Fails on parameters not in {@code allowed}. */
  public void only(Set<String> allowed) throws InputException {
    for (String k : params.keySet()) {
      if (!allowed.contains(k)) {
        throw new InputException(source, k, "unknown parameter (known: " + allowed + ")");
      }
    }
  }

  /** An integer parameter in [min, max], or the default. */
  public int integer(String key, int dflt, int min, int max) throws InputException {
    return parameter(
        key, dflt, Integer::parseInt, x -> x >= min && x <= max, min, max, "an integer");
  }

  /** A number parameter in [min, max], or the default. */
  public double number(String key, double dflt, double min, double max) throws InputException {
    return parameter(
        key, dflt, Double::parseDouble, x -> x >= min && x <= max, min, max, "a number");
  }

  /** The parameter parsed and {@code inRange} ([min, max]), or the default when not given. */
  private <T> T parameter(
      String key,
      T dflt,
      Function<String, T> parse,
      Predicate<T> inRange,
      Object min,
      Object max,
      String kind)
      throws InputException {
    String v = params.get(key);
    if (v == null) {
      return dflt;
    }
    T x;
    try {
      x = parse.apply(v);
    } catch (NumberFormatException e) {
      throw new InputException(source, key, "expected " + kind + ", got " + v);
    }
    if (!inRange.test(x)) {
      throw new InputException(source, key, "must be in [" + min + ", " + max + "], got " + x);
    }
    return x;
  }
}
