package dev.alm.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.alm.io.InputException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A lab topology file is read strictly: each refusal is one line naming the field. */
class LabTopologyJsonTest {

  private static final String ROUTERS = "\"routers\": [{\"id\": \"t1\", \"as\": 64510}]";
  private static final String POPS =
      "\"pops\": [{\"id\": \"a\", \"as\": 64601, \"capacity\": 0.7, \"providers\": [\"t1\"]}]";
  private static final String LINKS = "\"links\": [{\"a\": \"a\", \"b\": \"t1\"}]";
  private static final String EYEBALLS =
      "\"eyeballs\": [{\"id\": \"e1\", \"demand\": 0.5, \"upstream\": \"t1\"}]";
  private static final String DC = "\"datacenter\": {\"upstream\": \"t1\"}";

  /** A topology of the parts given, in this order. */
  private static String doc(String... parts) {
    return "{" + String.join(", ", parts) + "}";
  }

  /** The smallest topology with {@code pop} as its PoP. */
  private static String withPop(String pop) {
    return doc("\"pops\": [" + pop + "]", ROUTERS, LINKS, EYEBALLS, DC);
  }

  private static String withRouter(String router) {
    return doc(POPS, "\"routers\": [" + router + "]", LINKS, EYEBALLS, DC);
  }

  private static String withLink(String link) {
    return doc(POPS, ROUTERS, "\"links\": [" + link + "]", EYEBALLS, DC);
  }

  private static String withEyeball(String eyeball) {
    return doc(POPS, ROUTERS, LINKS, "\"eyeballs\": [" + eyeball + "]", DC);
  }

  private static String withResolvers(String resolvers) {
    return doc(POPS, ROUTERS, LINKS, EYEBALLS, "\"resolvers\": " + resolvers, DC);
  }

  private static String withDatacenter(String dc) {
    return doc(POPS, ROUTERS, LINKS, EYEBALLS, "\"datacenter\": " + dc);
  }

  @Test
  void readsEachFieldAndTheDefaults() throws Exception {
    LabTopology t =
        LabTopologyJson.parse(
            "t.json",
            doc(
                "\"description\": 5",
                POPS,
                "\"routers\": [{\"id\": \"t1\", \"as\": 64510, \"peers\": null}, {\"id\": \"t2\","
                    + " \"as\": 64520, \"providers\": \"t1\", \"peers\": [\"t1\"]}]",
                "\"links\": [{\"a\": \"a\", \"b\": \"t1\", \"delayMs\": null}, {\"a\": \"t1\", \"b\":"
                    + " \"t2\", \"delayMs\": 3, \"loss\": 2}]",
                "\"eyeballs\": [{\"id\": \"e1\", \"demand\": 0.5, \"upstream\": \"t1\"}, {\"id\":"
                    + " \"e2\", \"demand\": 0, \"upstream\": \"t2\", \"resolver\": \"r1\","
                    + " \"delayMs\": 4}]",
                "\"resolvers\": [{\"id\": \"r1\", \"upstream\": \"t1\"}]",
                "\"datacenter\": {\"upstream\": \"t2\", \"delayMs\": 0}"));
    assertEquals(
        new LabTopology(
            List.of(new LabTopology.Pop("a", 64601, 0.7, 1, 10, 0.5, List.of("t1"))),
            List.of(
                new LabTopology.Router("t1", 64510, List.of(), List.of()),
                new LabTopology.Router("t2", 64520, List.of("t1"), List.of("t1"))),
            List.of(new LabTopology.Link("a", "t1", 1, 0), new LabTopology.Link("t1", "t2", 3, 2)),
            List.of(
                new LabTopology.Eyeball("e1", 0.5, LabTopology.ON_NET, "t1", 1),
                new LabTopology.Eyeball("e2", 0, "r1", "t2", 4)),
            List.of(new LabTopology.Resolver("r1", "t1", 1)),
            new LabTopology.Stub("t2", 0)),
        t);
    LabTopology p =
        LabTopologyJson.parse(
            "t.json",
            withPop(
                "{\"id\": \"a\", \"as\": 1, \"capacity\": 1e6, \"eta\": 2, \"gamma\": 3, \"d\": 0,"
                    + " \"providers\": \"t1\"}"));
    assertEquals(new LabTopology.Pop("a", 1, 1e6, 2, 3, 0, List.of("t1")), p.pops().get(0));
    assertEquals(List.of(), LabTopologyJson.parse("t.json", withResolvers("null")).resolvers());
  }

  @Test
  void everyErrorLine() {
    String[][] cases = {
      {
        "{\"bogus\": 1}",
        "bogus: unknown field (known: datacenter, description, eyeballs, links,"
            + " pops, resolvers, routers)"
      },
      {"{}", "pops: required"},
      {"{\"routers\": 5}", "pops: required"},
      {"{\"pops\": null}", "pops: required"},
      {"{\"pops\": {}}", "pops: expected a list"},
      {"{\"pops\": [1]}", "pops[0]: expected an object"},
      {
        withPop("{\"x\": 1}"),
        "pops[0].x: unknown field (known: as, capacity, d, eta, gamma, id," + " providers)"
      },
      {withPop("{}"), "pops[0].id: required"},
      {
        withPop("{\"id\": 5}"),
        "pops[0].id: a lower-case letter then up to 7 letters or digits, got '5'"
      },
      {withPop("{\"id\": []}"), "pops[0].id: expected a string"},
      {
        withPop("{\"id\": \"Abc\"}"),
        "pops[0].id: a lower-case letter then up to 7 letters or digits, got 'Abc'"
      },
      {withPop("{\"id\": \"a\"}"), "pops[0].as: required"},
      {withPop("{\"id\": \"a\", \"as\": 0}"), "pops[0].as: must be in [1, 65534], got 0"},
      {withPop("{\"id\": \"a\", \"as\": \"1\"}"), "pops[0].as: expected an integer"},
      {withPop("{\"id\": \"a\", \"as\": 1}"), "pops[0].capacity: required"},
      {
        withPop("{\"id\": \"a\", \"as\": 1, \"capacity\": 0}"),
        "pops[0].capacity: must be in [1.0E-9, 1000000.0], got 0.0"
      },
      {
        withPop("{\"id\": \"a\", \"as\": 1, \"capacity\": 1, \"eta\": 0}"),
        "pops[0].eta: must be in [1.0E-9, 1000000.0], got 0.0"
      },
      {
        withPop("{\"id\": \"a\", \"as\": 1, \"capacity\": 1, \"gamma\": \"x\"}"),
        "pops[0].gamma: expected a number"
      },
      {
        withPop("{\"id\": \"a\", \"as\": 1, \"capacity\": 1, \"d\": -1}"),
        "pops[0].d: must be in [0.0, 1000000.0], got -1.0"
      },
      {
        withPop("{\"id\": \"a\", \"as\": 1, \"capacity\": 1}"),
        "pops[0].providers: expected a list of strings"
      },
      {
        withPop("{\"id\": \"a\", \"as\": 1, \"capacity\": 1, \"providers\": null}"),
        "pops[0].providers: expected a list of strings"
      },
      {
        withPop("{\"id\": \"a\", \"as\": 1, \"capacity\": 1, \"providers\": [1]}"),
        "pops[0].providers[0]: expected a string"
      },
      {
        withPop("{\"providers\": 1, \"capacity\": 0, \"as\": 1, \"id\": \"a\"}"),
        "pops[0].capacity: must be in [1.0E-9, 1000000.0], got 0.0"
      },
      {
        withPop("{\"as\": 0, \"id\": \"A\"}"),
        "pops[0].id: a lower-case letter then up to 7 letters or digits, got 'A'"
      },
      {doc(POPS), "routers: required"},
      {doc(POPS, "\"routers\": [null]"), "routers[0]: expected an object"},
      {
        withRouter("{\"id\": \"t1\", \"as\": 1, \"x\": 1}"),
        "routers[0].x: unknown field (known: as, id, peers, providers)"
      },
      {withRouter("{\"as\": 1}"), "routers[0].id: required"},
      {withRouter("{\"id\": \"t1\"}"), "routers[0].as: required"},
      {
        withRouter("{\"id\": \"t1\", \"as\": 65535}"),
        "routers[0].as: must be in [1, 65534], got 65535"
      },
      {
        withRouter("{\"id\": \"t1\", \"as\": 1, \"providers\": 5}"),
        "routers[0].providers: expected a list of strings"
      },
      {
        withRouter("{\"id\": \"t1\", \"as\": 1, \"peers\": [\"t1\", 1]}"),
        "routers[0].peers[1]: expected a string"
      },
      {doc(POPS, ROUTERS), "links: required"},
      {doc(POPS, ROUTERS, "\"links\": \"x\""), "links: expected a list"},
      {withLink("{\"b\": \"t1\"}"), "links[0].a: required"},
      {withLink("{\"a\": [], \"b\": \"t1\"}"), "links[0].a: expected a string"},
      {withLink("{\"a\": \"a\"}"), "links[0].b: required"},
      {
        withLink("{\"a\": \"a\", \"b\": \"t1\", \"delayMs\": -1}"),
        "links[0].delayMs: must be in [0.0, 10000.0], got -1.0"
      },
      {
        withLink("{\"a\": \"a\", \"b\": \"t1\", \"loss\": 101}"),
        "links[0].loss: must be in [0.0, 100.0], got 101.0"
      },
      {
        withLink("{\"a\": \"a\", \"b\": \"t1\", \"lossPercent\": 1}"),
        "links[0].lossPercent: unknown field (known: a, b, delayMs, loss)"
      },
      {doc(POPS, ROUTERS, LINKS), "eyeballs: required"},
      {
        withEyeball("{\"id\": \"e1\", \"x\": 1}"),
        "eyeballs[0].x: unknown field (known: delayMs," + " demand, id, resolver, upstream)"
      },
      {withEyeball("{\"demand\": 1}"), "eyeballs[0].id: required"},
      {withEyeball("{\"id\": \"e1\"}"), "eyeballs[0].demand: required"},
      {
        withEyeball("{\"id\": \"e1\", \"demand\": -1}"),
        "eyeballs[0].demand: must be in [0.0, 1000000.0], got -1.0"
      },
      {
        withEyeball("{\"id\": \"e1\", \"demand\": 1, \"resolver\": 5}"),
        "eyeballs[0].resolver: expected a string"
      },
      {withEyeball("{\"id\": \"e1\", \"demand\": 1}"), "eyeballs[0].upstream: required"},
      {
        withEyeball("{\"id\": \"e1\", \"demand\": 1, \"upstream\": \"t1\", \"delayMs\": 1e5}"),
        "eyeballs[0].delayMs: must be in [0.0, 10000.0], got 100000.0"
      },
      {withResolvers("{}"), "resolvers: expected a list"},
      {withResolvers("[1]"), "resolvers[0]: expected an object"},
      {
        withResolvers("[{\"id\": \"r1\", \"x\": 1}]"),
        "resolvers[0].x: unknown field (known: delayMs, id, upstream)"
      },
      {withResolvers("[{\"upstream\": \"t1\"}]"), "resolvers[0].id: required"},
      {withResolvers("[{\"id\": \"r1\"}]"), "resolvers[0].upstream: required"},
      {
        withResolvers("[{\"id\": \"r1\", \"upstream\": \"t1\", \"delayMs\": true}]"),
        "resolvers[0].delayMs: expected a number"
      },
      {doc(POPS, ROUTERS, LINKS, EYEBALLS), "datacenter: required"},
      {withDatacenter("null"), "datacenter: required"},
      {withDatacenter("[]"), "datacenter: expected an object"},
      {withDatacenter("{}"), "datacenter.upstream: required"},
      {
        withDatacenter("{\"upstream\": \"t1\", \"x\": 1}"),
        "datacenter.x: unknown field (known: delayMs, upstream)"
      },
      {
        withDatacenter("{\"upstream\": \"t1\", \"delayMs\": -1}"),
        "datacenter.delayMs: must be in [0.0, 10000.0], got -1.0"
      },
      {doc("\"pops\": []", ROUTERS, LINKS, EYEBALLS, DC), "pops: between 1 and 100 PoPs"},
      {doc(POPS, "\"routers\": []", LINKS, EYEBALLS, DC), "routers: at least one router"},
    };
    for (String[] c : cases) {
      InputException e =
          assertThrows(InputException.class, () -> LabTopologyJson.parse("t.json", c[0]), c[0]);
      assertEquals("t.json:" + c[1], e.getMessage(), c[0]);
    }
  }

  @Test
  void everyBuiltinIsRead() throws Exception {
    for (String b : LabTopologyJson.BUILTINS) {
      LabTopology t = LabTopologyJson.resolve("builtin:" + b);
      assertEquals(t, LabTopologyJson.resolve("builtin:" + b), b);
    }
    assertEquals(2, LabTopologyJson.resolve("builtin:lab-mini").pops().size());
    assertEquals(
        "--topology: unknown builtin 'x' (known: " + LabTopologyJson.BUILTINS + ")",
        assertThrows(InputException.class, () -> LabTopologyJson.resolve("builtin:x"))
            .getMessage());
  }

  /** Each refused field of each part, beyond those above, and its error line. */
  @Test
  void everyPartFieldErrorLine() {
    String[][] cases = {
      {
        doc(
            "\"pops\": [{\"id\": \"a\", \"as\": 1, \"capacity\": \"x\", \"providers\": [\"t1\"]}]",
            ROUTERS,
            LINKS,
            EYEBALLS,
            DC),
        "pops[0].capacity: expected a number"
      },
      {
        doc(
            "\"pops\": [{\"id\": \"a\", \"as\": 1, \"capacity\": 1e7, \"providers\": [\"t1\"]}]",
            ROUTERS,
            LINKS,
            EYEBALLS,
            DC),
        "pops[0].capacity: must be in [1.0E-9, 1000000.0], got 1.0E7"
      },
      {
        doc(
            "\"pops\": [{\"id\": \"a\", \"as\": 1, \"capacity\": 1, \"eta\": 2e6, \"providers\": [\"t1\"]}]",
            ROUTERS,
            LINKS,
            EYEBALLS,
            DC),
        "pops[0].eta: must be in [1.0E-9, 1000000.0], got 2000000.0"
      },
      {
        doc(
            "\"pops\": [{\"id\": \"a\", \"as\": 1, \"capacity\": 1, \"gamma\": 0, \"providers\": [\"t1\"]}]",
            ROUTERS,
            LINKS,
            EYEBALLS,
            DC),
        "pops[0].gamma: must be in [1.0E-9, 1000000.0], got 0.0"
      },
      {
        doc(
            "\"pops\": [{\"id\": \"a\", \"as\": 1.5, \"capacity\": 1, \"providers\": [\"t1\"]}]",
            ROUTERS,
            LINKS,
            EYEBALLS,
            DC),
        "pops[0].as: expected an integer"
      },
      {
        doc(
            "\"pops\": [{\"id\": \"abcdefghi\", \"as\": 1, \"capacity\": 1, \"providers\": [\"t1\"]}]",
            ROUTERS,
            LINKS,
            EYEBALLS,
            DC),
        "pops[0].id: a lower-case letter then up to 7 letters or digits, got 'abcdefghi'"
      },
      {
        doc(
            "\"pops\": [{\"id\": null, \"as\": 1, \"capacity\": 1, \"providers\": [\"t1\"]}]",
            ROUTERS,
            LINKS,
            EYEBALLS,
            DC),
        "pops[0].id: required"
      },
      {
        doc(
            "\"pops\": [{\"id\": \"a\", \"as\": 1, \"capacity\": 1, \"providers\": [\"zz\"]}]",
            ROUTERS,
            LINKS,
            EYEBALLS,
            DC),
        "pops: a: provider 'zz' is not a router"
      },
      {
        doc(POPS, "\"routers\": [{\"id\": 5, \"as\": 1}]", LINKS, EYEBALLS, DC),
        "routers[0].id: a lower-case letter then up to 7 letters or digits, got '5'"
      },
      {
        doc(POPS, "\"routers\": [{\"id\": \"t1\", \"as\": null}]", LINKS, EYEBALLS, DC),
        "routers[0].as: required"
      },
      {
        doc(
            POPS,
            "\"routers\": [{\"id\": \"t1\", \"as\": \"x\", \"peers\": 5}]",
            LINKS,
            EYEBALLS,
            DC),
        "routers[0].as: expected an integer"
      },
      {
        doc(
            POPS,
            "\"routers\": [{\"id\": \"t1\", \"as\": 1, \"providers\": [null]}]",
            LINKS,
            EYEBALLS,
            DC),
        "routers[0].providers[0]: expected a string"
      },
      {
        doc(POPS, "\"routers\": [{\"id\": \"t1\", \"as\": 1, \"peers\": {}}]", LINKS, EYEBALLS, DC),
        "routers[0].peers: expected a list of strings"
      },
      {doc(POPS, "\"routers\": 5", LINKS, EYEBALLS, DC), "routers: expected a list"},
      {doc(POPS, ROUTERS, "\"links\": [5]", EYEBALLS, DC), "links[0]: expected an object"},
      {
        doc(POPS, ROUTERS, "\"links\": [{\"a\": \"a\", \"b\": {}}]", EYEBALLS, DC),
        "links[0].b: expected a string"
      },
      {
        doc(
            POPS,
            ROUTERS,
            "\"links\": [{\"a\": \"a\", \"b\": \"t1\", \"delayMs\": \"1\"}]",
            EYEBALLS,
            DC),
        "links[0].delayMs: expected a number"
      },
      {
        doc(
            POPS,
            ROUTERS,
            "\"links\": [{\"a\": \"a\", \"b\": \"t1\", \"loss\": -1, \"delayMs\": -1}]",
            EYEBALLS,
            DC),
        "links[0].delayMs: must be in [0.0, 10000.0], got -1.0"
      },
      {
        doc(
            POPS,
            ROUTERS,
            "\"links\": [{\"a\": \"a\", \"b\": \"t1\", \"loss\": true}]",
            EYEBALLS,
            DC),
        "links[0].loss: expected a number"
      },
      {
        doc(POPS, ROUTERS, "\"links\": [{\"a\": \"a\", \"b\": \"zz\"}]", EYEBALLS, DC),
        "links: a-zz: both ends must be distinct PoPs or routers"
      },
      {doc(POPS, ROUTERS, "\"links\": null", EYEBALLS, DC), "links: required"},
      {doc(POPS, ROUTERS, LINKS, "\"eyeballs\": 5", DC), "eyeballs: expected a list"},
      {doc(POPS, ROUTERS, LINKS, "\"eyeballs\": [5]", DC), "eyeballs[0]: expected an object"},
      {
        doc(POPS, ROUTERS, LINKS, "\"eyeballs\": [{\"id\": \"E\", \"demand\": \"x\"}]", DC),
        "eyeballs[0].id: a lower-case letter then up to 7 letters or digits, got 'E'"
      },
      {
        doc(POPS, ROUTERS, LINKS, "\"eyeballs\": [{\"id\": \"e1\", \"demand\": 2e6}]", DC),
        "eyeballs[0].demand: must be in [0.0, 1000000.0], got 2000000.0"
      },
      {
        doc(
            POPS,
            ROUTERS,
            LINKS,
            "\"eyeballs\": [{\"id\": \"e1\", \"demand\": 1, \"upstream\": []}]",
            DC),
        "eyeballs[0].upstream: expected a string"
      },
      {
        doc(
            POPS,
            ROUTERS,
            LINKS,
            "\"eyeballs\": [{\"id\": \"e1\", \"demand\": 1, \"upstream\": \"t1\", \"resolver\": []}]",
            DC),
        "eyeballs[0].resolver: expected a string"
      },
      {
        doc(
            POPS,
            ROUTERS,
            LINKS,
            "\"eyeballs\": [{\"id\": \"e1\", \"demand\": 1, \"upstream\": \"t1\", \"resolver\": \"r9\"}]",
            DC),
        "eyeballs: e1: resolver 'r9' is neither on-net nor a public resolver"
      },
      {
        doc(
            POPS,
            ROUTERS,
            LINKS,
            "\"eyeballs\": [{\"id\": \"e1\", \"demand\": 1, \"upstream\": \"t1\", \"delayMs\": \"x\"}]",
            DC),
        "eyeballs[0].delayMs: expected a number"
      },
      {
        doc(
            POPS,
            ROUTERS,
            LINKS,
            "\"eyeballs\": [{\"id\": \"e1\", \"demand\": 1, \"upstream\": \"t9\"}]",
            DC),
        "eyeballs: e1: upstream 't9' is not a router"
      },
      {
        doc(
            POPS,
            ROUTERS,
            LINKS,
            EYEBALLS,
            "\"resolvers\": [{\"id\": \"R\", \"upstream\": \"t1\"}]",
            DC),
        "resolvers[0].id: a lower-case letter then up to 7 letters or digits, got 'R'"
      },
      {
        doc(
            POPS,
            ROUTERS,
            LINKS,
            EYEBALLS,
            "\"resolvers\": [{\"id\": \"r1\", \"upstream\": 5}]",
            DC),
        "resolvers: r1: upstream '5' is not a router"
      },
      {
        doc(
            POPS,
            ROUTERS,
            LINKS,
            EYEBALLS,
            "\"resolvers\": [{\"id\": \"r1\", \"upstream\": {}}]",
            DC),
        "resolvers[0].upstream: expected a string"
      },
      {
        doc(
            POPS,
            ROUTERS,
            LINKS,
            EYEBALLS,
            "\"resolvers\": [{\"id\": \"r1\", \"upstream\": \"t1\", \"delayMs\": 1e5}]",
            DC),
        "resolvers[0].delayMs: must be in [0.0, 10000.0], got 100000.0"
      },
      {
        doc(POPS, ROUTERS, LINKS, EYEBALLS, "\"datacenter\": {\"upstream\": 5}"),
        "datacenter: upstream '5' is not a router"
      },
      {
        doc(POPS, ROUTERS, LINKS, EYEBALLS, "\"datacenter\": {\"upstream\": []}"),
        "datacenter.upstream: expected a string"
      },
      {
        doc(
            POPS,
            ROUTERS,
            LINKS,
            EYEBALLS,
            "\"datacenter\": {\"upstream\": \"t1\", \"delayMs\": \"x\"}"),
        "datacenter.delayMs: expected a number"
      },
      {
        doc(
            POPS,
            ROUTERS,
            LINKS,
            EYEBALLS,
            "\"datacenter\": {\"upstream\": \"t1\", \"delayMs\": 10001}"),
        "datacenter.delayMs: must be in [0.0, 10000.0], got 10001.0"
      },
      {
        doc(
            POPS,
            ROUTERS,
            "\"links\": [{\"a\": \"a\", \"b\": \"t1\", \"loss\": -1}]",
            "\"eyeballs\": [{}]",
            DC),
        "links[0].loss: must be in [0.0, 100.0], got -1.0"
      },
      {
        doc(
            "\"datacenter\": {}",
            "\"eyeballs\": [{}]",
            "\"links\": [{}]",
            "\"routers\": [{}]",
            "\"pops\": [{}]"),
        "pops[0].id: required"
      },
      {
        doc(
            "\"datacenter\": {}",
            "\"eyeballs\": [{}]",
            "\"links\": [{}]",
            "\"routers\": [{}]",
            POPS),
        "routers[0].id: required"
      },
      {
        doc(
            "\"datacenter\": {}",
            "\"eyeballs\": [{}]",
            "\"resolvers\": [{}]",
            LINKS,
            ROUTERS,
            POPS),
        "eyeballs[0].id: required"
      },
    };
    for (String[] c : cases) {
      InputException e =
          assertThrows(InputException.class, () -> LabTopologyJson.parse("t.json", c[0]), c[0]);
      assertEquals("t.json:" + c[1], e.getMessage(), c[0]);
    }
  }

  @Test
  void eachPartTakesItsDefaults() throws Exception {
    LabTopology expected =
        new LabTopology(
            List.of(new LabTopology.Pop("a", 1, 1, 1, 10, 0.5, List.of("t1"))),
            List.of(new LabTopology.Router("t1", 64510, List.of(), List.of())),
            List.of(new LabTopology.Link("a", "t1", 1, 0)),
            List.of(new LabTopology.Eyeball("e1", 0.5, LabTopology.ON_NET, "t1", 1)),
            List.of(new LabTopology.Resolver("r1", "t1", 1)),
            new LabTopology.Stub("t1", 10));
    assertEquals(
        expected,
        LabTopologyJson.parse(
            "t.json",
            doc(
                "\"pops\": [{\"id\": \"a\", \"as\": 1, \"capacity\": 1, \"d\": null, \"eta\": null,"
                    + " \"gamma\": null, \"providers\": \"t1\"}]",
                ROUTERS,
                "\"links\": [{\"a\": \"a\", \"b\": \"t1\", \"delayMs\": null, \"loss\": null}]",
                "\"eyeballs\": [{\"id\": \"e1\", \"demand\": 0.5, \"upstream\": \"t1\","
                    + " \"resolver\": null, \"delayMs\": null}]",
                "\"resolvers\": [{\"id\": \"r1\", \"upstream\": \"t1\", \"delayMs\": null}]",
                "\"datacenter\": {\"upstream\": \"t1\", \"delayMs\": null}",
                "\"description\": null")));
  }
}
