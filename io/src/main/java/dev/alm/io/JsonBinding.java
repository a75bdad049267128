package dev.alm.io;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.ObjDoubleConsumer;
import java.util.function.ObjIntConsumer;

/**
 * The fields of one JSON object, declared once: each field's name with how its value is read and
 * set on a target (a configuration builder). The declared names are the object's known fields, so a
 * new setting is one line and cannot be known without being read, nor read without being known.
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

  /** Where a group's values gather: a fresh builder of the record the group makes. */
  @FunctionalInterface
  public interface Start<B, G> {
    G start(B target);
  }

  /** What a group's gathered values make, set on the target; refusals name the field. */
  @FunctionalInterface
  public interface Finish<B, G> {
    void finish(JsonFields f, B target, G gathered) throws InputException;
  }

  /** A check of values read so far, against each other; its refusal names the field it blames. */
  @FunctionalInterface
  public interface Check<B> {
    void check(JsonFields f, B target) throws InputException;
  }

  /** One step of a read: a field, a group of fields that makes one value, or a check. */
  private interface Step<B> {
    void apply(JsonFields f, B target) throws InputException;
  }

  private record Field<B>(String name, Setter<B> setter, Presence presence, String missing)
      implements Step<B> {
    @Override
    public void apply(JsonFields f, B target) throws InputException {
      boolean present = presence == Presence.NULLABLE ? f.node().has(name) : f.has(name);
      if (present) {
        setter.set(f, name, target);
      } else if (presence == Presence.REQUIRED) {
        throw f.error(name, missing);
      }
    }
  }

  /** A field that must be there at this point of the read; it is read in its own turn. */
  private record Requires<B>(String name, String missing) implements Step<B> {
    @Override
    public void apply(JsonFields f, B target) throws InputException {
      if (!f.has(name)) {
        throw f.error(name, missing);
      }
    }
  }

  private record Checked<B>(Check<B> check) implements Step<B> {
    @Override
    public void apply(JsonFields f, B target) throws InputException {
      check.check(f, target);
    }
  }

  private record Group<B, G>(JsonBinding<G> inner, Start<B, G> start, Finish<B, G> finish)
      implements Step<B> {
    @Override
    public void apply(JsonFields f, B target) throws InputException {
      G gathered = start.start(target);
      inner.apply(f, gathered);
      finish.finish(f, target, gathered);
    }
  }

  private final List<Step<B>> steps;
  private final Set<String> names;

  private JsonBinding(List<Step<B>> steps, Set<String> names) {
    this.steps = List.copyOf(steps);
    this.names = Collections.unmodifiableSet(new LinkedHashSet<>(names));
  }

  /** A binding with no field yet; add them with the builder's methods. */
  public static <B> Builder<B> builder() {
    return new Builder<>();
  }

  /** The declared names, in declaration order: the object's known fields. */
  public Set<String> names() {
    return names;
  }

  /** Refuses any field not declared ({@link JsonFields#only}), then sets the present ones. */
  public B read(JsonFields f, B target) throws InputException {
    f.only(names);
    return apply(f, target);
  }

  /**
   * Sets every declared field present in {@code f} on {@code target}, in declaration order, without
   * looking at undeclared fields (for readers that refuse those in words of their own).
   */
  public B apply(JsonFields f, B target) throws InputException {
    for (Step<B> step : steps) {
      step.apply(f, target);
    }
    return target;
  }

  /** Declares the fields of a binding; each name once. */
  public static final class Builder<B> {
    private final List<Step<B>> steps = new ArrayList<>();
    private final Set<String> names = new LinkedHashSet<>();

    private Builder() {}

    /** A field read and set by {@code setter}, when present and not null. */
    public Builder<B> field(String name, Setter<B> setter) {
      return put(name, new Field<>(name, setter, Presence.PRESENT, null));
    }

    /**
     * A field that must be there: when absent or null, the read fails with {@code missing} as the
     * reason (e.g. {@code "required (a list of addresses)"}), in its turn among the fields.
     */
    public Builder<B> required(String name, String missing, Setter<B> setter) {
      return put(name, new Field<>(name, setter, Presence.REQUIRED, missing));
    }

    /**
     * At this point of the read, fails with {@code missing} as the reason when field {@code name}
     * is absent or null; the field itself is declared, and read, by its own method, before or
     * after. For objects whose required fields are all looked for before any field is read.
     */
    public Builder<B> requires(String name, String missing) {
      steps.add(new Requires<>(name, missing));
      return this;
    }

    /**
     * A check at this point of the read, whatever fields are present: of values read so far against
     * each other, or of a default against them.
     */
    public Builder<B> check(Check<B> check) {
      steps.add(new Checked<>(check));
      return this;
    }

    /**
     * A field read and set by {@code setter} whenever present, null included (for settings a file
     * may switch off with {@code null}).
     */
    public Builder<B> nullable(String name, Setter<B> setter) {
      return put(name, new Field<>(name, setter, Presence.NULLABLE, null));
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

    /**
     * Fields of this object that together make one value: at this point of the read, {@code start}
     * gives a fresh builder, {@code inner}'s fields present are set on it in their order, and
     * {@code finish} sets what it makes on the target (also when none of the fields is there). The
     * inner names are this object's fields.
     */
    public <G> Builder<B> group(JsonBinding<G> inner, Start<B, G> start, Finish<B, G> finish) {
      for (String n : inner.names()) {
        declare(n);
      }
      steps.add(new Group<>(inner, start, finish));
      return this;
    }

    /**
     * @throws IllegalArgumentException when a field is {@linkplain #requires required} but not
     *     declared
     */
    public JsonBinding<B> build() {
      for (Step<B> step : steps) {
        if (step instanceof Requires<B> r && !names.contains(r.name())) {
          throw new IllegalArgumentException("field '" + r.name() + "' required but not declared");
        }
      }
      return new JsonBinding<>(steps, names);
    }

    private Builder<B> put(String name, Field<B> field) {
      declare(name);
      steps.add(field);
      return this;
    }

    private void declare(String name) {
      if (!names.add(name)) {
        throw new IllegalArgumentException("field '" + name + "' declared twice");
      }
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
