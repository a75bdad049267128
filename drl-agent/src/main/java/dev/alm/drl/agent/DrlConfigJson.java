package dev.alm.drl.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.alm.io.InputException;
import dev.alm.io.JsonFields;
import dev.alm.node.HostPort;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

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

  private static final Set<String> FIELDS =
      Set.of(
          "id",
          "limiters",
          "listen",
          "swim",
          "seeds",
          "keyFile",
          "intervalMs",
          "fanOut",
          "leaseSeconds",
          "silenceSeconds",
          "pingIntervalMs",
          "gossip",
          "customers");

  private DrlConfigJson() {}

  /**
   * Reads the section.
   *
   * @param f the {@code drl} object
   * @param base the directory relative to which the key file is named
   */
  public static DrlConfig read(JsonFields f, Path base) throws InputException {
    f.only(FIELDS);
    int id = f.integer("id", -1, 0, 100_000);
    int limiters = f.integer("limiters", 0, 1, 100_001);
    HostPort listen = hostPort(f, "listen");
    HostPort swim = hostPort(f, "swim");
    List<String> seeds = f.has("seeds") ? f.texts("seeds") : List.of();
    for (int i = 0; i < seeds.size(); i++) {
      try {
        HostPort.parse(seeds.get(i));
      } catch (IllegalArgumentException e) {
        throw f.error("seeds", "[" + i + "] " + e.getMessage());
      }
    }
    if (!f.has("keyFile")) {
      throw f.error("keyFile", "required");
    }
    Path keyFile = base.resolve(f.text("keyFile"));
    double interval = f.integer("intervalMs", 50, 5, 10_000) / 1000.0;
    int fanOut = f.integer("fanOut", AgentSettings.DEFAULT_FAN_OUT, 1, 64);
    double lease = f.number("leaseSeconds", AgentSettings.DEFAULT_LEASE, 0, 3600);
    double silence =
        f.number(
            "silenceSeconds", Math.max(AgentSettings.DEFAULT_SILENCE, interval), interval, 600);
    int ping = f.integer("pingIntervalMs", 200, 10, 60_000);
    String g = f.text("gossip", "table");
    AgentSettings.GossipMode gossip =
        switch (g) {
          case "table" -> AgentSettings.GossipMode.TABLE;
          case "push-sum" -> AgentSettings.GossipMode.PUSH_SUM;
          default -> throw f.error("gossip", "table or push-sum, got '" + g + "'");
        };
    List<CustomerLimit> customers = new ArrayList<>();
    if (f.has("customers")) {
      JsonNode list = f.array("customers");
      for (int i = 0; i < list.size(); i++) {
        JsonFields c = f.element("customers", i).only(Set.of("name", "limit"));
        if (!c.has("name")) {
          throw c.error("name", "required");
        }
        String name = c.text("name");
        double limit = c.number("limit", Double.NaN, 1e-9, 1e15);
        try {
          customers.add(new CustomerLimit(name, limit));
        } catch (IllegalArgumentException e) {
          throw c.error("name", e.getMessage());
        }
      }
    }
    return new DrlConfig(
        id, limiters, listen, swim, seeds, keyFile, interval, fanOut, lease, silence, ping, gossip,
        customers);
  }

  private static HostPort hostPort(JsonFields f, String field) throws InputException {
    if (!f.has(field)) {
      throw f.error(field, "required");
    }
    try {
      return HostPort.parse(f.text(field));
    } catch (IllegalArgumentException e) {
      throw f.error(field, e.getMessage());
    }
  }
}
