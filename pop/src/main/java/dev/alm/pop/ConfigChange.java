package dev.alm.pop;

import dev.alm.controller.model.Topology;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.net.InetSocketAddress;
import java.util.Objects;
import java.util.Optional;

/**
 * The first field in which two configurations differ, named by its path ({@code dns.listen}, {@code
 * settling.horizon}) with both values: what a reload refuses when the field cannot change without a
 * restart (docs/pop/reload.md, "Reload"). Records are compared component by component, in
 * declaration order; a topology by its nodes and C; anything else by {@code equals}. Pure.
 */
final class ConfigChange {

  /** Values longer than this are cut in the one-line reason. */
  private static final int MAX_VALUE_CHARS = 60;

  private ConfigChange() {}

  /**
   * The first difference between {@code before} and {@code after}, as {@code path (old -> new)}, or
   * empty when they are equal.
   *
   * @param path the path of the two values ("" for the top)
   */
  static Optional<String> first(String path, Object before, Object after) {
    if (before == after) {
      return Optional.empty();
    }
    if (before != null
        && after != null
        && before.getClass() == after.getClass()
        && before.getClass().isRecord()) {
      for (RecordComponent c : before.getClass().getRecordComponents()) {
        Optional<String> d = first(join(path, c.getName()), value(c, before), value(c, after));
        if (d.isPresent()) {
          return d;
        }
      }
      return Optional.empty();
    }
    if (before instanceof Topology a && after instanceof Topology b) {
      if (!a.ids().equals(b.ids())) {
        return Optional.of(path + " (" + show(a.ids()) + " -> " + show(b.ids()) + ")");
      }
      if (!a.nodes().equals(b.nodes())) {
        return Optional.of(
            join(path, "nodes") + " (" + show(a.nodes()) + " -> " + show(b.nodes()) + ")");
      }
      return a.correlation().equals(b.correlation())
          ? Optional.empty()
          : Optional.of(join(path, "correlation"));
    }
    return Objects.equals(before, after)
        ? Optional.empty()
        : Optional.of(path + " (" + show(before) + " -> " + show(after) + ")");
  }

  private static String join(String path, String name) {
    return path.isEmpty() ? name : path + "." + name;
  }

  private static Object value(RecordComponent c, Object record) {
    try {
      return c.getAccessor().invoke(record);
    } catch (IllegalAccessException | InvocationTargetException e) {
      throw new IllegalStateException("record accessor " + c.getName(), e);
    }
  }

  /** A value as the reason shows it: addresses as host:port, long values cut. */
  static String show(Object v) {
    String s =
        v instanceof InetSocketAddress a && a.getAddress() != null
            ? a.getAddress().getHostAddress() + ":" + a.getPort()
            : String.valueOf(v);
    s = s.replace('\n', ' ');
    return s.length() > MAX_VALUE_CHARS ? s.substring(0, MAX_VALUE_CHARS - 3) + "..." : s;
  }
}
