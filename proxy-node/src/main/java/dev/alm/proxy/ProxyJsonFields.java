package dev.alm.proxy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.alm.io.InputException;
import dev.alm.io.JsonFields;
import dev.alm.node.HostPort;
import java.util.Iterator;
import java.util.Set;
import java.util.TreeSet;

/**
 * The typed fields of one proxy configuration file ({@link ProxyConfigJson}): each read refuses a
 * wrong type or an unknown field with an {@link InputException} naming the file, the field (with
 * its section's prefix, {@code content.} or {@code limits.}) and the reason, the value shown.
 */
final class ProxyJsonFields {

  private ProxyJsonFields() {}

  /** Turns a record's {@code field: reason} exception into an InputException for {@code file}. */
  static InputException fieldError(String file, IllegalArgumentException e) {
    return fieldError(file, "", e);
  }

  /** As {@link #fieldError(String, IllegalArgumentException)}, the field inside {@code prefix}. */
  static InputException fieldError(String file, String prefix, IllegalArgumentException e) {
    return new InputException(file, prefix + fieldOf(e), reasonOf(e));
  }

  private static String fieldOf(IllegalArgumentException e) {
    String m = String.valueOf(e.getMessage());
    int c = m.indexOf(": ");
    return c > 0 && m.lastIndexOf(' ', c) < 0 ? m.substring(0, c) : "";
  }

  private static String reasonOf(IllegalArgumentException e) {
    String m = String.valueOf(e.getMessage());
    String f = fieldOf(e);
    return f.isEmpty() ? m : m.substring(f.length() + 2);
  }

  static void known(JsonFields f, Set<String> allowed) throws InputException {
    for (Iterator<String> it = f.node().fieldNames(); it.hasNext(); ) {
      String name = it.next();
      if (!allowed.contains(name)) {
        throw new InputException(
            f.file(), f.where(name), "unknown field; known: " + new TreeSet<>(allowed));
      }
    }
  }

  static JsonFields object(JsonFields f, String field) throws InputException {
    JsonNode v = f.node().get(field);
    if (!v.isObject()) {
      throw new InputException(f.file(), f.where(field), "expected an object, got " + v);
    }
    return JsonFields.of(f.file(), f.where(field), v);
  }

  static String text(JsonFields f, String field) throws InputException {
    JsonNode v = f.node().get(field);
    if (!v.isTextual()) {
      throw new InputException(f.file(), f.where(field), "expected a string, got " + v);
    }
    return v.textValue();
  }

  static double number(JsonFields f, String field) throws InputException {
    JsonNode v = f.node().get(field);
    if (!v.isNumber()) {
      throw new InputException(f.file(), f.where(field), "expected a number, got " + v);
    }
    return v.doubleValue();
  }

  static int integer(JsonFields f, String field) throws InputException {
    JsonNode v = f.node().get(field);
    if (!v.isIntegralNumber() || !v.canConvertToInt()) {
      throw new InputException(f.file(), f.where(field), "expected an integer, got " + v);
    }
    return v.intValue();
  }

  static HostPort address(JsonFields f, String field) throws InputException {
    String s = text(f, field);
    try {
      return HostPort.parse(s);
    } catch (IllegalArgumentException e) {
      throw new InputException(f.file(), f.where(field), e.getMessage());
    }
  }
}
