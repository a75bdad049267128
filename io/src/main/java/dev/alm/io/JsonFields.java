package dev.alm.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Typed reads of a JSON configuration object with errors that name the file, the field path and the
 * reason ({@link InputException}). Unknown fields are errors, so a misspelt setting cannot pass
 * silently.
 */
public final class JsonFields {
  /**
   * The one reader of alm's JSON inputs: a key given twice and text after the document are errors,
   * so a file never means something other than what it shows.
   */
  private static final ObjectMapper JSON =
      JsonMapper.builder()
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .build();

  /** Largest magnitude a number in an input file may have: beyond it, values are not physical. */
  public static final double MAX_MAGNITUDE = 1e15;

  /** The strict mapper every JSON input of alm is read with (duplicate keys, trailing text). */
  public static ObjectMapper strictMapper() {
    return JSON;
  }

  private final String file;
  private final String path;
  private final JsonNode node;

  private JsonFields(String file, String path, JsonNode node) {
    this.file = file;
    this.path = path;
    this.node = node;
  }

  /** Reads a file that must hold one JSON object. */
  public static JsonFields read(Path file) throws InputException {
    return new JsonFields(file.toString(), "", readObject(file));
  }

  /**
   * Typed reads of an object already parsed from {@code source} (a file name, or the name of a
   * builtin), whose errors name that source.
   */
  public static JsonFields of(String source, JsonNode node) {
    return new JsonFields(source, "", node);
  }

  /** Typed reads of an object found at {@code path} (e.g. {@code nodes[2]}) in {@code source}. */
  public static JsonFields of(String source, String path, JsonNode node) {
    return new JsonFields(source, path, node);
  }

  /** Reads a file that must hold one JSON object, as a tree; errors name the file and the line. */
  public static JsonNode readObject(Path file) throws InputException {
    String name = file.toString();
    JsonNode root;
    try {
      root = JSON.readTree(Files.readString(file));
    } catch (JsonProcessingException e) {
      throw new InputException(
          name, e.getLocation() == null ? "" : "line " + e.getLocation().getLineNr(), reason(e));
    } catch (CharacterCodingException e) {
      throw new InputException(name, "", "not UTF-8 text (a JSON file is expected)");
    } catch (NoSuchFileException e) {
      throw new InputException(name, "", "no such file");
    } catch (IOException e) {
      throw new InputException(name, "", "cannot read: " + e.getMessage());
    }
    if (root == null || !root.isObject()) {
      throw new InputException(name, "", "expected a JSON object");
    }
    return root;
  }

  /** The file name, for errors raised by the caller. */
  public String file() {
    return file;
  }

  /** The path of a field of this object, as errors print it. */
  public String where(String field) {
    return path.isEmpty() ? field : path + "." + field;
  }

  /** An error about a field of this object. */
  public InputException error(String field, String reason) {
    return new InputException(file, where(field), reason);
  }

  /** Fails on any field not in {@code allowed}. */
  public JsonFields only(Set<String> allowed) throws InputException {
    for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
      String f = it.next();
      if (!allowed.contains(f)) {
        throw error(f, "unknown field (known: " + String.join(", ", new TreeSet<>(allowed)) + ")");
      }
    }
    return this;
  }

  public boolean has(String field) {
    return node.has(field) && !node.get(field).isNull();
  }

  /** A nested object. */
  public JsonFields object(String field) throws InputException {
    JsonNode n = node.get(field);
    if (n == null || !n.isObject()) {
      throw error(field, "expected an object");
    }
    return new JsonFields(file, where(field), n);
  }

  public String text(String field) throws InputException {
    JsonNode n = node.get(field);
    if (n == null || !(n.isTextual() || n.isNumber())) {
      throw error(field, "expected a string");
    }
    return n.asText();
  }

  public double number(String field) throws InputException {
    JsonNode n = node.get(field);
    if (n == null || !n.isNumber()) {
      throw error(field, "expected a number");
    }
    double v = n.asDouble();
    if (!Double.isFinite(v) || Math.abs(v) > MAX_MAGNITUDE) {
      throw error(field, "must be a number of magnitude at most 1e15, got " + n.asText());
    }
    return v;
  }

  /**
   * The one-line reason of a JSON syntax error, in the terms of the file: a duplicate key, text
   * after the document, or Jackson's own description.
   */
  public static String reason(JsonProcessingException e) {
    String m = e.getOriginalMessage();
    if (m == null) {
      return "invalid JSON";
    }
    if (m.startsWith("Duplicate field")) {
      return "duplicate key " + m.substring("Duplicate field".length()).trim();
    }
    if (m.startsWith("Trailing token")) {
      return "text after the end of the JSON document";
    }
    int nl = m.indexOf('\n');
    return "invalid JSON: " + (nl < 0 ? m : m.substring(0, nl));
  }

  public long integer(String field) throws InputException {
    JsonNode n = node.get(field);
    if (n == null || !n.canConvertToLong() || !n.isIntegralNumber()) {
      throw error(field, "expected an integer");
    }
    return n.asLong();
  }

  public boolean bool(String field) throws InputException {
    JsonNode n = node.get(field);
    if (n == null || !n.isBoolean()) {
      throw error(field, "expected true or false");
    }
    return n.asBoolean();
  }

  /** A list of strings; a single string is taken as a list of one. */
  public List<String> texts(String field) throws InputException {
    JsonNode n = node.get(field);
    List<String> out = new ArrayList<>();
    if (n != null && n.isTextual()) {
      out.add(n.asText());
      return out;
    }
    if (n == null || !n.isArray()) {
      throw error(field, "expected a list of strings");
    }
    for (int i = 0; i < n.size(); i++) {
      if (!n.get(i).isTextual()) {
        throw new InputException(file, where(field) + "[" + i + "]", "expected a string");
      }
      out.add(n.get(i).asText());
    }
    return out;
  }

  /** This object as a tree. */
  public JsonNode node() {
    return node;
  }

  /**
   * An optional number in [min, max]; {@code dflt} when absent, and "required" when absent and
   * {@code dflt} is NaN.
   */
  public double number(String field, double dflt, double min, double max) throws InputException {
    if (!has(field)) {
      if (Double.isNaN(dflt)) {
        throw error(field, "required");
      }
      return dflt;
    }
    double v = number(field);
    if (!(v >= min && v <= max)) {
      throw error(field, "must be in [" + min + ", " + max + "], got " + v);
    }
    return v;
  }

  /**
   * An optional integer in [min, max]; {@code dflt} when absent, and "required" when absent and
   * {@code dflt} is {@link Integer#MIN_VALUE}.
   */
  public int integer(String field, int dflt, int min, int max) throws InputException {
    if (!has(field)) {
      if (dflt == Integer.MIN_VALUE) {
        throw error(field, "required");
      }
      return dflt;
    }
    long v = integer(field);
    if (v < min || v > max) {
      throw error(field, "must be in [" + min + ", " + max + "], got " + v);
    }
    return (int) v;
  }

  /** An optional boolean, {@code dflt} when absent. */
  public boolean bool(String field, boolean dflt) throws InputException {
    return has(field) ? bool(field) : dflt;
  }

  /** An optional string, {@code dflt} when absent. */
  public String text(String field, String dflt) throws InputException {
    if (!has(field)) {
      return dflt;
    }
    if (!node.get(field).isTextual()) {
      throw error(field, "expected a string");
    }
    return node.get(field).asText();
  }

  /** A list, as a tree. */
  public JsonNode array(String field) throws InputException {
    JsonNode n = node.get(field);
    if (n == null || !n.isArray()) {
      throw error(field, "expected a list");
    }
    return n;
  }

  /** Element {@code i} of the list {@code field}, which must be an object. */
  public JsonFields element(String field, int i) throws InputException {
    JsonNode n = node.get(field).get(i);
    if (n == null || !n.isObject()) {
      throw new InputException(file, where(field) + "[" + i + "]", "expected an object");
    }
    return new JsonFields(file, where(field) + "[" + i + "]", n);
  }
}
