package dev.alm.node;

import dev.alm.io.InputException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * A daemon's settings from the command line, one way for every command: the JSON configuration file
 * when {@code --config} is given (else the defaults), then each flag given on top. One error
 * format, one line: a file's problem is {@code FILE:FIELD: reason} (the reader's {@link
 * InputException}), a flag's is {@code --FLAG: reason}.
 *
 * @param <B> what the settings are collected on (a builder)
 */
public final class ConfigFlags<B> {

  /** Reads a configuration file onto a new builder. */
  @FunctionalInterface
  public interface Reader<B> {
    B read(Path file) throws InputException;
  }

  /** Parses a flag's text; throws {@link IllegalArgumentException} with the reason. */
  @FunctionalInterface
  public interface Parser<V> {
    V parse(String text);
  }

  /** Applies a value; may throw {@link IllegalArgumentException} with the reason. */
  @FunctionalInterface
  public interface Setter<B, V> {
    void set(B builder, V value) throws InputException;
  }

  private final Path file;
  private final B builder;

  private ConfigFlags(Path file, B builder) {
    this.file = file;
    this.builder = builder;
  }

  /**
   * The file read by {@code reader} when {@code file} is given, else {@code defaults}.
   *
   * @throws InputException naming the file, the field and the reason
   */
  public static <B> ConfigFlags<B> read(Path file, Reader<B> reader, Supplier<B> defaults)
      throws InputException {
    return new ConfigFlags<>(file, file == null ? defaults.get() : reader.read(file));
  }

  /**
   * Flags over settings already read and checked (errors then name the flag, and the final check
   * names the {@code command line}).
   */
  public static <B> ConfigFlags<B> over(B builder) {
    return new ConfigFlags<>(null, builder);
  }

  /** What the settings came from, as errors name it: the file, or {@code command line}. */
  public String source() {
    return file == null ? "command line" : file.toString();
  }

  /** The settings so far. */
  public B builder() {
    return builder;
  }

  /**
   * Applies a flag's value when it was given (not null).
   *
   * @throws InputException {@code --FLAG: reason} when the value is refused
   */
  public <V> ConfigFlags<B> flag(String flag, V value, Setter<B, V> set) throws InputException {
    if (value != null) {
      try {
        set.set(builder, value);
      } catch (IllegalArgumentException e) {
        throw flagError(flag, e.getMessage());
      }
    }
    return this;
  }

  /**
   * Parses a flag's text and applies it, when it was given.
   *
   * @throws InputException {@code --FLAG: reason} when the text does not parse or is refused
   */
  public <V> ConfigFlags<B> flag(String flag, String text, Parser<V> parse, Setter<B, V> set)
      throws InputException {
    if (text != null) {
      flag(flag, parse(flag, text, parse), set);
    }
    return this;
  }

  /** Applies a switch (a flag without a value) when it was given. */
  public ConfigFlags<B> flag(String flag, boolean given, Setter<B, Boolean> set)
      throws InputException {
    return flag(flag, given ? Boolean.TRUE : null, set);
  }

  /**
   * Refuses, when a file is read, flags whose settings only the file may give: {@code
   * inFileOnly("--zone", zone, "--l1", l1)} fails if the file was given and any value is not null.
   *
   * @throws InputException {@code --zone: with --config, set --zone and --l1 in the file}, naming
   *     the first flag given
   */
  public ConfigFlags<B> inFileOnly(Object... flagsAndValues) throws InputException {
    if (flagsAndValues.length == 0 || flagsAndValues.length % 2 != 0) {
      throw new IllegalArgumentException("expected pairs of flag and value");
    }
    List<String> flags = new ArrayList<>();
    String given = null;
    for (int i = 0; i < flagsAndValues.length; i += 2) {
      flags.add((String) flagsAndValues[i]);
      if (given == null && flagsAndValues[i + 1] != null) {
        given = (String) flagsAndValues[i];
      }
    }
    if (file != null && given != null) {
      String list =
          flags.size() == 1
              ? flags.get(0)
              : String.join(", ", flags.subList(0, flags.size() - 1))
                  + " and "
                  + flags.get(flags.size() - 1);
      throw flagError(given, "with --config, set " + list + " in the file");
    }
    return this;
  }

  /**
   * Parses one flag's text.
   *
   * @throws InputException {@code --FLAG: reason}
   */
  public static <V> V parse(String flag, String text, Parser<V> parse) throws InputException {
    try {
      return parse.parse(text);
    } catch (IllegalArgumentException e) {
      throw flagError(flag, e.getMessage());
    }
  }

  /** A flag's error: its message is {@code --FLAG: reason}. */
  public static InputException flagError(String flag, String reason) {
    return new InputException(flag, "", reason);
  }
}
