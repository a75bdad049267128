package dev.alm.ratelimit.sim;

import com.fasterxml.jackson.databind.JsonNode;
import dev.alm.io.InputException;
import java.util.Iterator;
import java.util.Set;
import java.util.TreeSet;

/**
 * Typed reads from a JSON tree with errors naming the source, the field path and the reason, for
 * the nested lists of a scenario ({@link dev.alm.io.JsonFields} reads flat objects).
 */
final class JsonNav {
  final String source;
  final String path;
  final JsonNode node;

  JsonNav(String source, String path, JsonNode node) {
    this.source = source;
    this.path = path;
    this.node = node;
  }

  String where(String field) {
    return path.isEmpty() ? field : path + "." + field;
  }

  InputException error(String field, String reason) {
    return new InputException(source, where(field), reason);
  }

  void only(Set<String> allowed) throws InputException {
    for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
      String f = it.next();
      if (!allowed.contains(f)) {
        throw error(f, "unknown field (known: " + String.join(", ", new TreeSet<>(allowed)) + ")");
      }
    }
  }

  boolean has(String field) {
    return node.has(field) && !node.get(field).isNull();
  }

  double number(String field, double dflt, double min, double max) throws InputException {
    if (!has(field)) {
      if (Double.isNaN(dflt)) {
        throw error(field, "required");
      }
      return dflt;
    }
    JsonNode n = node.get(field);
    if (!n.isNumber()) {
      throw error(field, "expected a number");
    }
    double v = n.asDouble();
    if (!(v >= min && v <= max)) {
      throw error(field, "must be in [" + min + ", " + max + "], got " + v);
    }
    return v;
  }

  int integer(String field, int dflt, int min, int max) throws InputException {
    if (!has(field)) {
      if (dflt == Integer.MIN_VALUE) {
        throw error(field, "required");
      }
      return dflt;
    }
    JsonNode n = node.get(field);
    if (!n.isIntegralNumber()) {
      throw error(field, "expected an integer");
    }
    long v = n.asLong();
    if (v < min || v > max) {
      throw error(field, "must be in [" + min + ", " + max + "], got " + v);
    }
    return (int) v;
  }

  boolean bool(String field, boolean dflt) throws InputException {
    if (!has(field)) {
      return dflt;
    }
    if (!node.get(field).isBoolean()) {
      throw error(field, "expected true or false");
    }
    return node.get(field).asBoolean();
  }

  String text(String field, String dflt) throws InputException {
    if (!has(field)) {
      return dflt;
    }
    if (!node.get(field).isTextual()) {
      throw error(field, "expected a string");
    }
    return node.get(field).asText();
  }

  JsonNav object(String field) throws InputException {
    JsonNode n = node.get(field);
    if (n == null || !n.isObject()) {
      throw error(field, "expected an object");
    }
    return new JsonNav(source, where(field), n);
  }

  JsonNode array(String field) throws InputException {
    JsonNode n = node.get(field);
    if (n == null || !n.isArray()) {
      throw error(field, "expected a list");
    }
    return n;
  }

  JsonNav element(String field, int i) throws InputException {
    JsonNode n = node.get(field).get(i);
    if (!n.isObject()) {
      throw new InputException(source, where(field) + "[" + i + "]", "expected an object");
    }
    return new JsonNav(source, where(field) + "[" + i + "]", n);
  }
}
