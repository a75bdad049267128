package dev.alm.drl.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.alm.io.InputException;
import dev.alm.io.JsonFields;
import dev.alm.node.HostPort;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DrlConfigJsonTest {

  @TempDir Path dir;

  DrlConfig read(String drl) throws Exception {
    Path f = dir.resolve("pop.json");
    Files.writeString(f, "{\"drl\": " + drl + "}");
    return DrlConfigJson.read(JsonFields.read(f).object("drl"), dir);
  }

  static final String GOOD =
      "{\"listen\": \"127.0.0.1:7301\", \"swim\": \"127.0.0.1:7401\", \"seeds\":"
          + " [\"127.0.0.1:7400\"], \"keyFile\": \"k\", \"fanOut\": 2, \"intervalMs\": 100,"
          + " \"leaseSeconds\": 3, \"customers\": [{\"name\": \"acme\", \"limit\": 500}]}";

  @Test
  void readsEveryFieldAndFillsDefaults() throws Exception {
    DrlConfig c = read(GOOD);
    assertEquals(7301, c.listen().port());
    assertEquals(List.of("127.0.0.1:7400"), c.seeds());
    assertEquals(dir.resolve("k"), c.keyFile());
    AgentSettings s = c.settings(1, 3, List.of());
    assertEquals(1, s.id());
    assertEquals(3, s.limiters());
    assertEquals(2, s.fanOut());
    assertEquals(0.1, s.interval(), 1e-12);
    assertEquals(3, s.lease(), 1e-12);
    assertEquals(AgentSettings.DEFAULT_SILENCE, s.silence(), 1e-12);
    assertEquals(List.of(new CustomerLimit("acme", 500)), s.customers());
  }

  @Test
  void badValuesNameTheFieldInOneLine() {
    String[][] cases = {
      {GOOD.replace("\"fanOut\": 2", "\"fanOut\": 0"), "drl.fanOut"},
      {GOOD.replace("127.0.0.1:7301", "nowhere"), "drl.listen"},
      {GOOD.replace("\"limit\": 500", "\"limit\": -1"), "drl.customers[0].limit"},
      {GOOD.replace("\"keyFile\": \"k\",", ""), "drl.keyFile"},
      {GOOD.replace("\"fanOut\"", "\"fanout\""), "fanout"},
      {GOOD.replace("127.0.0.1:7400", "seed"), "drl.seeds"},
    };
    for (String[] c : cases) {
      InputException e = assertThrows(InputException.class, () -> read(c[0]), c[1]);
      assertEquals(1, e.getMessage().lines().count());
      Assertions.assertTrue(e.getMessage().contains(c[1]), e.getMessage() + " should name " + c[1]);
    }
  }

  /** The smallest section the reader accepts: every required field, nothing else. */
  static final String MIN =
      "{\"listen\": \"127.0.0.1:7301\", \"swim\": \"127.0.0.1:7401\", \"keyFile\": \"k\"}";

  /** MIN with {@code more} fields added. */
  static String min(String more) {
    return MIN.replace("}", ", " + more + "}");
  }

  @Test
  void absentAndNullFieldsTakeTheDefaults() throws Exception {
    DrlConfig d = read(MIN);
    DrlConfig expected =
        new DrlConfig(
            -1,
            0,
            HostPort.parse("127.0.0.1:7301"),
            HostPort.parse("127.0.0.1:7401"),
            List.of(),
            dir.resolve("k"),
            0.05,
            AgentSettings.DEFAULT_FAN_OUT,
            AgentSettings.DEFAULT_LEASE,
            AgentSettings.DEFAULT_SILENCE,
            200,
            AgentSettings.GossipMode.TABLE,
            List.of());
    assertEquals(expected, d);
    assertEquals(
        expected,
        read(
            min(
                "\"id\": null, \"limiters\": null, \"seeds\": null, \"intervalMs\": null,"
                    + " \"fanOut\": null, \"leaseSeconds\": null, \"silenceSeconds\": null,"
                    + " \"pingIntervalMs\": null, \"gossip\": null, \"customers\": null")));
    // the default silence is at least the interval
    assertEquals(2.0, read(min("\"intervalMs\": 2000")).silence(), 1e-12);
  }

  @Test
  void readsEveryFieldToItsValue() throws Exception {
    DrlConfig d =
        read(
            min(
                "\"id\": 2, \"limiters\": 5, \"seeds\": \"h:1\", \"intervalMs\": 20,"
                    + " \"fanOut\": 4, \"leaseSeconds\": 7.5, \"silenceSeconds\": 0.5,"
                    + " \"pingIntervalMs\": 300, \"gossip\": \"push-sum\", \"customers\":"
                    + " [{\"name\": 7, \"limit\": 1e-9}, {\"limit\": 2, \"name\": \"b\"}]"));
    assertEquals(
        new DrlConfig(
            2,
            5,
            HostPort.parse("127.0.0.1:7301"),
            HostPort.parse("127.0.0.1:7401"),
            List.of("h:1"),
            dir.resolve("k"),
            0.02,
            4,
            7.5,
            0.5,
            300,
            AgentSettings.GossipMode.PUSH_SUM,
            List.of(new CustomerLimit("7", 1e-9), new CustomerLimit("b", 2))),
        d);
  }

  /** Each refused section and its error line, after the file name. */
  @Test
  void everyErrorLine() throws Exception {
    String[][] cases = {
      {"{}", "drl.listen: required"},
      {
        "{\"fanout\": 1}",
        "drl.fanout: unknown field (known: customers, fanOut, gossip, id,"
            + " intervalMs, keyFile, leaseSeconds, limiters, listen, pingIntervalMs, seeds,"
            + " silenceSeconds, swim)"
      },
      {"{\"id\": -2}", "drl.id: must be in [0, 100000], got -2"},
      {min("\"id\": 100001"), "drl.id: must be in [0, 100000], got 100001"},
      {min("\"id\": 1.5"), "drl.id: expected an integer"},
      {min("\"id\": \"1\""), "drl.id: expected an integer"},
      {"{\"limiters\": 0}", "drl.limiters: must be in [1, 100001], got 0"},
      {min("\"limiters\": true"), "drl.limiters: expected an integer"},
      {"{\"swim\": \"h:1\", \"keyFile\": \"k\"}", "drl.listen: required"},
      {MIN.replace("\"127.0.0.1:7301\"", "null"), "drl.listen: required"},
      {MIN.replace("127.0.0.1:7301", "nowhere"), "drl.listen: expected HOST:PORT, got 'nowhere'"},
      {
        MIN.replace("127.0.0.1:7301", "h:x"),
        "drl.listen: expected a port number after ':', got 'h:x'"
      },
      {MIN.replace("\"127.0.0.1:7301\"", "[]"), "drl.listen: expected a string"},
      {MIN.replace("\"127.0.0.1:7301\"", "7"), "drl.listen: expected HOST:PORT, got '7'"},
      {"{\"listen\": \"h:1\", \"keyFile\": \"k\"}", "drl.swim: required"},
      {MIN.replace("127.0.0.1:7401", "h:99999"), "drl.swim: port must be in 0-65535, got 99999"},
      {min("\"seeds\": 5"), "drl.seeds: expected a list of strings"},
      {min("\"seeds\": [\"h:1\", 5]"), "drl.seeds[1]: expected a string"},
      {min("\"seeds\": [\"h:1\", \"seed\"]"), "drl.seeds: [1] expected HOST:PORT, got 'seed'"},
      {min("\"seeds\": \"\""), "drl.seeds: [0] expected HOST:PORT, got ''"},
      {"{\"listen\": \"h:1\", \"swim\": \"h:2\"}", "drl.keyFile: required"},
      {MIN.replace("\"k\"", "{}"), "drl.keyFile: expected a string"},
      {min("\"intervalMs\": 4"), "drl.intervalMs: must be in [5, 10000], got 4"},
      {min("\"intervalMs\": 10001"), "drl.intervalMs: must be in [5, 10000], got 10001"},
      {min("\"intervalMs\": 50.5"), "drl.intervalMs: expected an integer"},
      {min("\"fanOut\": 0"), "drl.fanOut: must be in [1, 64], got 0"},
      {min("\"fanOut\": 65"), "drl.fanOut: must be in [1, 64], got 65"},
      {min("\"leaseSeconds\": -1"), "drl.leaseSeconds: must be in [0.0, 3600.0], got -1.0"},
      {min("\"leaseSeconds\": \"1\""), "drl.leaseSeconds: expected a number"},
      {
        min("\"leaseSeconds\": 1e16"),
        "drl.leaseSeconds: must be a number of magnitude at most" + " 1e15, got 1.0E16"
      },
      {min("\"silenceSeconds\": 0.01"), "drl.silenceSeconds: must be in [0.05, 600.0], got 0.01"},
      {
        min("\"intervalMs\": 2000, \"silenceSeconds\": 1"),
        "drl.silenceSeconds: must be in [2.0, 600.0], got 1.0"
      },
      {min("\"silenceSeconds\": 601"), "drl.silenceSeconds: must be in [0.05, 600.0], got 601.0"},
      {min("\"pingIntervalMs\": 9"), "drl.pingIntervalMs: must be in [10, 60000], got 9"},
      {min("\"gossip\": \"push\""), "drl.gossip: table or push-sum, got 'push'"},
      {min("\"gossip\": 1"), "drl.gossip: expected a string"},
      {min("\"customers\": {}"), "drl.customers: expected a list"},
      {min("\"customers\": [1]"), "drl.customers[0]: expected an object"},
      {
        min("\"customers\": [{\"name\": \"a\", \"limit\": 1}, null]"),
        "drl.customers[1]: expected an object"
      },
      {
        min("\"customers\": [{\"name\": \"a\", \"limit\": 1, \"x\": 1}]"),
        "drl.customers[0].x: unknown field (known: limit, name)"
      },
      {min("\"customers\": [{\"limit\": 1}]"), "drl.customers[0].name: required"},
      {min("\"customers\": [{\"limit\": 0, \"name\": null}]"), "drl.customers[0].name: required"},
      {min("\"customers\": [{\"name\": []}]"), "drl.customers[0].name: expected a string"},
      {min("\"customers\": [{\"name\": \"a\"}]"), "drl.customers[0].limit: required"},
      {
        min("\"customers\": [{\"name\": \"a\", \"limit\": 0}]"),
        "drl.customers[0].limit: must be in [1.0E-9, 1.0E15], got 0.0"
      },
      {
        min("\"customers\": [{\"name\": \"a\", \"limit\": \"1\"}]"),
        "drl.customers[0].limit: expected a number"
      },
      {
        min("\"customers\": [{\"name\": \"\", \"limit\": 1}]"),
        "drl.customers[0].name: a customer needs a name"
      },
      // the first error in reading order is the one reported
      {min("\"gossip\": 1, \"id\": -1"), "drl.id: must be in [0, 100000], got -1"},
      {"{\"keyFile\": 1, \"fanOut\": 0, \"swim\": \"x\"}", "drl.listen: required"},
      {
        min("\"customers\": 1, \"pingIntervalMs\": 1"),
        "drl.pingIntervalMs: must be in [10, 60000], got 1"
      },
    };
    Path f = dir.resolve("pop.json");
    for (String[] c : cases) {
      InputException e = assertThrows(InputException.class, () -> read(c[0]), c[0]);
      assertEquals(f + ":" + c[1], e.getMessage(), c[0]);
    }
  }
}
