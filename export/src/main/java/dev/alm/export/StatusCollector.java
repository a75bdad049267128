package dev.alm.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Collects the redirection state of running PoPs from their admin servers' {@code GET /status}
 * (docs/pop/status.md): x_i, mu_i, beta_i, S_i, T_i and A_i (requests/s), the algorithm and the
 * mode. One request per PoP, in the order given; a PoP that does not answer, or answers something
 * other than a PoP status, is an error naming its URL.
 */
public final class StatusCollector {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpClient client;
  private final Duration timeout;

  /**
   * @param timeout the connect and response timeout of each request
   */
  public StatusCollector(Duration timeout) {
    this.timeout = timeout;
    this.client =
        HttpClient.newBuilder()
            .connectTimeout(timeout)
            .version(HttpClient.Version.HTTP_1_1)
            .build();
  }

  /**
   * The status URL of an admin address: {@code host:port} and {@code http://host:port} get {@code
   * /status} appended; a URL with a path is taken as it is.
   */
  public static URI statusUri(String address) {
    String a = address.trim();
    if (a.isEmpty()) {
      throw new IllegalArgumentException("empty PoP address");
    }
    if (!a.contains("://")) {
      a = "http://" + a;
    }
    URI u;
    try {
      u = URI.create(a);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("'" + address + "' is not a host:port or URL");
    }
    if (u.getHost() == null) {
      throw new IllegalArgumentException("'" + address + "' has no host");
    }
    String path = u.getPath();
    return path == null || path.isEmpty() || path.equals("/")
        ? URI.create(a.replaceAll("/$", "") + "/status")
        : u;
  }

  /**
   * Fetches every PoP's status.
   *
   * @throws IOException naming the URL that failed and why
   */
  public List<Redirection> collect(List<URI> uris) throws IOException, InterruptedException {
    List<Redirection> rows = new ArrayList<>();
    for (URI u : uris) {
      rows.add(fetch(u));
    }
    return rows;
  }

  /**
   * Fetches every PoP's rate-limit shares: one row per customer per PoP, from the {@code customers}
   * section of its status (docs/ratelimit/enforcement.md). A PoP without customers adds no row.
   *
   * @throws IOException naming the URL that failed and why
   */
  public List<RateLimitShare> collectShares(List<URI> uris)
      throws IOException, InterruptedException {
    List<RateLimitShare> rows = new ArrayList<>();
    for (URI u : uris) {
      rows.addAll(shares(u.toString(), document(u)));
    }
    return rows;
  }

  private Redirection fetch(URI u) throws IOException, InterruptedException {
    return of(u.toString(), document(u));
  }

  /** The customers of one status document: at its top level or in its proxy section. */
  static List<RateLimitShare> shares(String source, JsonNode n) throws IOException {
    if (n == null || !n.isObject()) {
      throw new IOException(source + ": not a status document");
    }
    String pop = text(n, "pop");
    if (pop == null) {
      pop = n.path("proxy").path("pop").asText(null);
    }
    if (pop == null) {
      throw new IOException(source + ": not a PoP or proxy status (field pop is required)");
    }
    JsonNode customers = n.get("customers");
    if (customers == null) {
      customers = n.path("proxy").get("customers");
    }
    List<RateLimitShare> rows = new ArrayList<>();
    if (customers == null || customers.isNull()) {
      return rows;
    }
    if (!customers.isArray()) {
      throw new IOException(source + ": customers: expected an array");
    }
    for (JsonNode c : customers) {
      String name = text(c, "name");
      if (name == null) {
        throw new IOException(source + ": customers: an entry without a name");
      }
      rows.add(
          new RateLimitShare(
              source,
              pop,
              name,
              text(c, "unit"),
              number(c, "limit"),
              number(c, "share"),
              number(c, "demand"),
              number(c, "served"),
              number(c, "rejected"),
              number(c, "peers"),
              text(c, "mode")));
    }
    return rows;
  }

  private JsonNode document(URI u) throws IOException, InterruptedException {
    HttpResponse<String> r;
    try {
      r =
          client.send(
              HttpRequest.newBuilder(u).timeout(timeout).GET().build(),
              HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new IOException(
          u
              + ": no answer ("
              + e.getClass().getSimpleName()
              + (e.getMessage() == null ? "" : ": " + e.getMessage())
              + ")",
          e);
    }
    if (r.statusCode() != 200) {
      throw new IOException(u + ": HTTP status " + r.statusCode());
    }
    try {
      return JSON.readTree(r.body());
    } catch (IOException e) {
      throw new IOException(u + ": not JSON (" + e.getMessage() + ")", e);
    }
  }

  /** The redirection state in one status document (docs/pop/status.md). */
  static Redirection of(String source, JsonNode n) throws IOException {
    if (n == null || !n.isObject() || !n.path("pop").isTextual() || !n.path("x").isNumber()) {
      throw new IOException(source + ": not a PoP status (fields pop and x are required)");
    }
    try {
      return new Redirection(
          source,
          n.get("pop").asText(),
          text(n, "algorithm"),
          text(n, "mode"),
          n.get("x").asDouble(),
          number(n, "mu"),
          number(n, "beta"),
          number(n, "S"),
          number(n, "T"),
          number(n, "A"),
          Redirection.REQUESTS_PER_SECOND);
    } catch (IllegalArgumentException e) {
      throw new IOException(source + ": " + e.getMessage(), e);
    }
  }

  private static String text(JsonNode n, String field) {
    JsonNode v = n.get(field);
    return v != null && v.isTextual() ? v.asText() : null;
  }

  private static Double number(JsonNode n, String field) {
    JsonNode v = n.get(field);
    return v != null && v.isNumber() ? v.asDouble() : null;
  }
}
