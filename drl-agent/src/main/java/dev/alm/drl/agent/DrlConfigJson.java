package dev.alm.drl.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.alm.io.InputException;
import dev.alm.io.JsonBinding;
import dev.alm.io.JsonFields;
import dev.alm.node.HostPort;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the {@code drl} section of a PoP's config into a {@link DrlConfig}. Every error names the
 * file, the field ({@code drl.fanOut}, {@code drl.customers[1].limit}) and the reason.
 *
 * <pre>
 * "drl": {
 *   "listen": "127.0.0.1:7301", "swim": "127.0.0.1:7401", "seeds": ["127.0.0.1:7400"],
 *   "keyFile": "gossip.key", "fanOut": 3, "intervalMs": 50, "leaseSeconds": 5,
 *   "silenceSeconds": 1, "pingIntervalMs": 200, "gossip": "table", "id": 0, "limiters": 3,
 *   "customers": [{"name": "acme", "limit": 1000}]
 * }
 * </pre>
 */
public final class DrlConfigJson {

  /** What the fields are set on: the builder, and the directory the key file is named from. */
  private record Target(DrlConfig.Builder b, Path base) {}

  /** One customer's fields as read, before the record checks them together. */
  private static final class CustomerDraft {
    String name;
    double limit;
  }

  private static final String REQUIRED = "required";

  private static final JsonBinding<CustomerDraft> CUSTOMER =
      JsonBinding.<CustomerDraft>builder()
          .required("name", REQUIRED, (f, n, c) -> c.name = f.text(n))
          .required("limit", REQUIRED, (f, n, c) -> c.limit = f.number(n, Double.NaN, 1e-9, 1e15))
          .build();

  /** The section's fields, in the order they are read and checked. */
  private static final JsonBinding<Target> FIELDS =
      JsonBinding.<Target>builder()
          .field("id", (f, n, t) -> t.b().id(f.integer(n, DrlConfig.DEFAULT_ID, 0, 100_000)))
          .field(
              "limiters",
              (f, n, t) -> t.b().limiters(f.integer(n, DrlConfig.DEFAULT_LIMITERS, 1, 100_001)))
          .required("listen", REQUIRED, (f, n, t) -> t.b().listen(hostPort(f, n)))
          .required("swim", REQUIRED, (f, n, t) -> t.b().swim(hostPort(f, n)))
          .field("seeds", (f, n, t) -> t.b().seeds(seeds(f, n)))
          .required("keyFile", REQUIRED, (f, n, t) -> t.b().keyFile(t.base().resolve(f.text(n))))
          .field("intervalMs", (f, n, t) -> t.b().interval(f.integer(n, 50, 5, 10_000) / 1000.0))
          .field(
              "fanOut",
              (f, n, t) -> t.b().fanOut(f.integer(n, AgentSettings.DEFAULT_FAN_OUT, 1, 64)))
          .field(
              "leaseSeconds",
              (f, n, t) -> t.b().lease(f.number(n, AgentSettings.DEFAULT_LEASE, 0, 3600)))
          .field(
              "silenceSeconds",
              (f, n, t) ->
                  t.b().silence(f.number(n, AgentSettings.DEFAULT_SILENCE, t.b().interval(), 600)))
          .field(
              "pingIntervalMs",
              (f, n, t) ->
                  t.b()
                      .pingIntervalMs(f.integer(n, DrlConfig.DEFAULT_PING_INTERVAL_MS, 10, 60_000)))
          .field("gossip", (f, n, t) -> t.b().gossip(gossip(f, n)))
          .field("customers", (f, n, t) -> t.b().customers(customers(f, n)))
          .build();

  private DrlConfigJson() {}

  /**
   * Reads the section.
   *
   * @param f the {@code drl} object
   * @param base the directory relative to which the key file is named
   */
  public static DrlConfig read(JsonFields f, Path base) throws InputException {
    return FIELDS.read(f, new Target(DrlConfig.builder(), base)).b().build();
  }

  private static List<String> seeds(JsonFields f, String field) throws InputException {
    List<String> seeds = f.texts(field);
    for (int i = 0; i < seeds.size(); i++) {
      try {
        HostPort.parse(seeds.get(i));
      } catch (IllegalArgumentException e) {
        throw f.error(field, "[" + i + "] " + e.getMessage());
      }
    }
    return seeds;
  }

  private static AgentSettings.GossipMode gossip(JsonFields f, String field) throws InputException {
    String g = f.text(field, "table");
    return switch (g) {
      case "table" -> AgentSettings.GossipMode.TABLE;
      case "push-sum" -> AgentSettings.GossipMode.PUSH_SUM;
      default -> throw f.error(field, "table or push-sum, got '" + g + "'");
    };
  }

  private static List<CustomerLimit> customers(JsonFields f, String field) throws InputException {
    JsonNode list = f.array(field);
    List<CustomerLimit> customers = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      JsonFields c = f.element(field, i);
      CustomerDraft d = CUSTOMER.read(c, new CustomerDraft());
      try {
        customers.add(new CustomerLimit(d.name, d.limit));
      } catch (IllegalArgumentException e) {
        throw c.error("name", e.getMessage());
      }
    }
    return customers;
  }

  private static HostPort hostPort(JsonFields f, String field) throws InputException {
    try {
      return HostPort.parse(f.text(field));
    } catch (IllegalArgumentException e) {
      throw f.error(field, e.getMessage());
    }
  }
}
