package dev.alm.io;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.ObjDoubleConsumer;
import java.util.function.ObjIntConsumer;

/**
 * The fields of one JSON object, declared once: each field's name with how its value is read and
 * set on a target (a configuration builder). The declared names are the object's known fields, so
 * a new setting is one line and cannot be known without being read, nor read without being known.
 *
 * <p>Fields are set in declaration order, each only when present; a field's own checks (its type,
 * its range, the builder's refusal) report against the field, as the reads of {@link JsonFields}
 * do. A binding is immutable and shared.
 *
 * @param <B> what the values are set on
 */
public final class JsonBinding<B> {

  /** Reads field {@code field} of {@code f} and sets it on {@code target}. */
  @FunctionalInterface
  public interface Setter<B> {
    void set(JsonFields f, String field, B target) throws InputException;
  }

  /** Reads one field's value. */
  @FunctionalInterface
  public interface Read<T> {
    T read(JsonFields f, String field) throws InputException;
  }

  /** How a field is taken: when present and not null, whenever present, or always (required). */
  private enum Presence {
    PRESENT,
    NULLABLE,
    REQUIRED
  }

  private record Entry<B>(Setter<B> setter, Presence presence, String missing) {}

  private final Map<String, Entry<B>> fields;

  private JsonBinding(Map<String, Entry<B>> fields) {
    this.fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
  }

  /** A binding with no field yet; add them with the builder's methods. */
  public static <B> Builder<B> builder() {
    return new Builder<>();
  }

  /** The declared names, in declaration order: the object's known fields. */
  public Set<String> names() {
    return Collections.unmodifiableSet(new LinkedHashSet<>(fields.keySet()));
  }

  /** Refuses any field not declared ({@link JsonFields#only}), then sets the present ones. */
  public B read(JsonFields f, B target) throws InputException {
    f.only(fields.keySet());
    return apply(f, target);
  }

  /**
   * Sets every declared field present in {@code f} on {@code target}, in declaration order, without
   * looking at undeclared fields (for readers that refuse those in words of their own).
   */
  public B apply(JsonFields f, B target) throws InputException {
    for (Map.Entry<String, Entry<B>> e : fields.entrySet()) {
      String name = e.getKey();
      Entry<B> entry = e.getValue();
      boolean present =
          entry.presence() == Presence.NULLABLE ? f.node().has(name) : f.has(name);
      if (present) {
        entry.setter().set(f, name, target);
      } else if (entry.presence() == Presence.REQUIRED) {
        throw f.error(name, entry.missing());
      }
    }
    return target;
  }

  /** Declares the fields of a binding; each name once. */
  public static final class Builder<B> {
    private final Map<String, Entry<B>> fields = new LinkedHashMap<>();

    private Builder() {}

    /** A field read and set by {@code setter}, when present and not null. */
    public Builder<B> field(String name, Setter<B> setter) {
      return put(name, new Entry<>(setter, Presence.PRESENT, null));
    }

    /**
     * A field that must be there: when absent or null, the read fails with {@code missing} as the
     * reason (e.g. {@code "required (a list of addresses)"}), in its turn among the fields.
     */
    public Builder<B> required(String name, String missing, Setter<B> setter) {
      return put(name, new Entry<>(setter, Presence.REQUIRED, missing));
    }

    /**
     * A field read and set by {@code setter} whenever present, null included (for settings a file
     * may switch off with {@code null}).
     */
    public Builder<B> nullable(String name, Setter<B> setter) {
      return put(name, new Entry<>(setter, Presence.NULLABLE, null));
    }

    /** A field whose value {@code read} reads and {@code set} sets. */
    public <T> Builder<B> value(String name, Read<T> read, BiConsumer<B, T> set) {
      return field(name, (f, n, b) -> set.accept(b, read.read(f, n)));
    }

    /** A string field ({@link JsonFields#text(String)}). */
    public Builder<B> text(String name, BiConsumer<B, String> set) {
      return value(name, JsonFields::text, set);
    }

    /** A number field ({@link JsonFields#number(String)}). */
    public Builder<B> number(String name, ObjDoubleConsumer<B> set) {
      return field(name, (f, n, b) -> set.accept(b, f.number(n)));
    }

    /** An integer field that must fit an int ({@link JsonFields#integer(String)}). */
    public Builder<B> integer(String name, ObjIntConsumer<B> set) {
      return field(name, (f, n, b) -> set.accept(b, intValue(f, n)));
    }

    /** A true-or-false field ({@link JsonFields#bool(String)}). */
    public Builder<B> bool(String name, BiConsumer<B, Boolean> set) {
      return value(name, JsonFields::bool, set);
    }

    /** A nested object read with its own binding onto the same target. */
    public Builder<B> object(String name, JsonBinding<B> inner) {
      return field(name, (f, n, b) -> inner.read(f.object(n), b));
    }

    public JsonBinding<B> build() {
      return new JsonBinding<>(fields);
    }

    private Builder<B> put(String name, Entry<B> entry) {
      if (fields.putIfAbsent(name, entry) != null) {
        throw new IllegalArgumentException("field '" + name + "' declared twice");
      }
      return this;
    }
  }

  /**
   * An integer field read as {@link JsonFields#integer(String)} does, narrowed to an int the way
   * the readers always did ({@code (int)}).
   */
  private static int intValue(JsonFields f, String name) throws InputException {
    return (int) f.integer(name);
  }
}
