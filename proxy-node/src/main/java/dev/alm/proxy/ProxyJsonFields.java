package dev.alm.proxy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.alm.io.InputException;
import dev.alm.node.HostPort;
import java.util.Iterator;
import java.util.Set;
import java.util.TreeSet;

/**
 * The typed fields of one proxy configuration file ({@link ProxyConfigJson}): each read refuses a
 * wrong type or an unknown field with an {@link InputException} naming the file, the field (with
 * its section's prefix, {@code content.} or {@code limits.}) and the reason.
 */
final class ProxyJsonFields {
  private final String file;

  ProxyJsonFields(String file) {
    this.file = file;
  }

  /** Turns a record's {@code field: reason} exception into an InputException for this file. */
  InputException fieldError(IllegalArgumentException e) {
    return fieldError("", e);
  }

  /** As {@link #fieldError(IllegalArgumentException)}, the field named inside {@code prefix}. */
  InputException fieldError(String prefix, IllegalArgumentException e) {
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

  void known(JsonNode node, Set<String> allowed, String prefix) throws InputException {
    for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
      String f = it.next();
      if (!allowed.contains(f)) {
        throw new InputException(
            file, prefix + f, "unknown field; known: " + new TreeSet<>(allowed));
      }
    }
  }

  JsonNode object(JsonNode n, String field) throws InputException {
    JsonNode v = n.get(field);
    if (!v.isObject()) {
      throw new InputException(file, field, "expected an object, got " + v);
    }
    return v;
  }

  String text(JsonNode n, String field, String prefix) throws InputException {
    JsonNode v = n.get(field);
    if (!v.isTextual()) {
      throw new InputException(file, prefix + field, "expected a string, got " + v);
    }
    return v.textValue();
  }

  double number(JsonNode n, String field, String prefix) throws InputException {
    JsonNode v = n.get(field);
    if (!v.isNumber()) {
      throw new InputException(file, prefix + field, "expected a number, got " + v);
    }
    return v.doubleValue();
  }

  int integer(JsonNode n, String field, String prefix) throws InputException {
    JsonNode v = n.get(field);
    if (!v.isIntegralNumber() || !v.canConvertToInt()) {
      throw new InputException(file, prefix + field, "expected an integer, got " + v);
    }
    return v.intValue();
  }

  HostPort address(JsonNode n, String field, String prefix) throws InputException {
    String s = text(n, field, prefix);
    try {
      return HostPort.parse(s);
    } catch (IllegalArgumentException e) {
      throw new InputException(file, prefix + field, e.getMessage());
    }
  }
}
