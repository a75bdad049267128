package dev.alm.node;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.DoubleFunction;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * What a daemon's admin server answers: {@code GET /status} (a JSON document), {@code GET /metrics}
 * (the Prometheus text of a Micrometer registry), optionally {@code GET /} (a page), and writes
 * {@code POST PATH?value=X} that set one number and answer the new status. Immutable; build it with
 * {@link #builder()}.
 */
public final class AdminEndpoints {
  /** Writes a non-finite number (NaN, an infinity) as {@code null}: JSON has no such numbers. */
  private static final ObjectMapper JSON =
      new ObjectMapper()
          .registerModule(
              new SimpleModule("finite-numbers")
                  .addSerializer(Double.class, new FiniteDoubleSerializer())
                  .addSerializer(double.class, new FiniteDoubleSerializer()));

  private static final class FiniteDoubleSerializer extends StdSerializer<Double> {
    private static final long serialVersionUID = 1L;

    FiniteDoubleSerializer() {
      super(Double.class);
    }

    @Override
    public void serialize(Double v, JsonGenerator g, SerializerProvider p) throws IOException {
      if (Double.isFinite(v)) {
        g.writeNumber(v);
      } else {
        g.writeNull();
      }
    }
  }

  private final Supplier<String> status;
  private final PrometheusMeterRegistry metrics;
  private final Supplier<String> page;
  private final Supplier<String> notReady;
  private final EventStream events;
  private final Map<String, DoubleFunction<String>> writes;
  private final Map<String, Function<String, String>> documents;

  private AdminEndpoints(Builder b) {
    this.status = b.status;
    this.metrics = b.metrics;
    this.page = b.page;
    this.notReady = b.notReady;
    this.events = b.events;
    this.writes = Map.copyOf(b.writes);
    this.documents = Map.copyOf(b.documents);
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * A status document (maps, lists, numbers, strings) as one line of JSON text; NaN and infinities
   * are written as {@code null}.
   */
  public static String json(Object document) {
    try {
      return JSON.writeValueAsString(document);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The status document, JSON text. */
  public String status() {
    return status.get();
  }

  public PrometheusMeterRegistry metrics() {
    return metrics;
  }

  /** The page of {@code GET /}, HTML text, or null when there is none ({@code /} is then 404). */
  public Supplier<String> page() {
    return page;
  }

  /**
   * Why the daemon is not ready to take traffic, or null when it is ({@code GET /ready}: 200, or
   * 503 with the reason).
   */
  public String notReady() {
    return notReady.get();
  }

  /** The {@code GET /events} stream, or null when the daemon publishes none. */
  public EventStream events() {
    return events;
  }

  /** The write at {@code path}, or null. */
  public DoubleFunction<String> write(String path) {
    return writes.get(path);
  }

  /** The document write at {@code path} (its body in, the JSON answer out), or null. */
  public Function<String, String> document(String path) {
    return documents.get(path);
  }

  /** Collects the endpoints; {@link #status} and {@link #metrics} are required. */
  public static final class Builder {
    private Supplier<String> status;
    private PrometheusMeterRegistry metrics;
    private Supplier<String> page;
    private Supplier<String> notReady = () -> null;
    private EventStream events;
    private final Map<String, DoubleFunction<String>> writes = new LinkedHashMap<>();
    private final Map<String, Function<String, String>> documents = new LinkedHashMap<>();

    private Builder() {}

    /** {@code GET /status}: the document, computed for each request, answered as JSON. */
    public Builder status(Supplier<?> document) {
      this.status = () -> json(document.get());
      return this;
    }

    /** {@code GET /metrics}: the registry's Prometheus text. */
    public Builder metrics(PrometheusMeterRegistry registry) {
      this.metrics = registry;
      return this;
    }

    /**
     * {@code GET /ready}: the reason the daemon should not get traffic now, or null when it should
     * (the default: always ready once serving).
     */
    public Builder ready(Supplier<String> notReadyReason) {
      this.notReady = notReadyReason;
      return this;
    }

    /** {@code GET /events}: Server-Sent Events of what the daemon publishes on {@code stream}. */
    public Builder events(EventStream stream) {
      this.events = stream;
      return this;
    }

    /** {@code GET /}: an HTML page, computed for each request. */
    public Builder page(Supplier<String> html) {
      this.page = html;
      return this;
    }

    /**
     * {@code POST path?value=X} (or PUT): calls {@code setter} with X and answers the JSON it
     * returns; 400 with the reason when X is not a number or the setter throws {@link
     * IllegalArgumentException}.
     */
    public Builder write(String path, DoubleFunction<String> setter) {
      if (path == null || !path.startsWith("/") || path.equals("/")) {
        throw new IllegalArgumentException(
            "a write's path starts with / and names it, got " + path);
      }
      if (path.equals("/status") || path.equals("/metrics")) {
        throw new IllegalArgumentException(path + " is a read endpoint");
      }
      writes.put(path, setter);
      return this;
    }

    /**
     * {@code POST path} (or PUT) with a body (UTF-8 text, a JSON document): calls {@code handler}
     * with it and answers the JSON it returns; 400 with the reason when the handler throws {@link
     * IllegalArgumentException}. Authenticated like every write ({@link AdminAccess}).
     */
    public Builder document(String path, Function<String, String> handler) {
      write(path, v -> "");
      writes.remove(path);
      documents.put(path, handler);
      return this;
    }

    public AdminEndpoints build() {
      if (status == null || metrics == null) {
        throw new IllegalArgumentException("an admin server needs a status and a registry");
      }
      return new AdminEndpoints(this);
    }
  }
}
