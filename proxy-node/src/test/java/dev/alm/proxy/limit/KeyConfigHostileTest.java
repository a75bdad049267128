package dev.alm.proxy.limit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.io.InputException;
import dev.alm.ratelimit.keys.KeyedLimiter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile per-key configuration (docs/ratelimit/keys-hostile.md): a bad {@code overridesFile} or a
 * bad {@code keys} object is one line naming the file or the field, and a {@code POST /customers}
 * carrying one changes nothing and is counted as refused.
 */
class KeyConfigHostileTest {

  @TempDir Path dir;

  private static String customers(String keys) {
    return "{\"customers\": [{\"name\": \"api\", \"hosts\": [\"api.example\"], \"keys\": "
        + keys
        + "}]}";
  }

  private static String withFile(Path file) {
    return customers(
        "{\"key\": \"header:X-Api-Key\", \"limit\": 10, \"overridesFile\": \""
            + file.toString().replace("\\", "\\\\")
            + "\"}");
  }

  /** Parses and returns the one-line refusal, failing if the text is accepted. */
  private static String refusal(String json) {
    InputException e =
        assertThrows(InputException.class, () -> CustomersJson.parse("customers.json", json));
    String m = e.getMessage();
    assertFalse(m.contains("\n") || m.contains("\r"), "one line: " + m);
    return m;
  }

  private Path file(String name, byte[] content) throws IOException {
    Path p = dir.resolve(name);
    Files.write(p, content);
    return p;
  }

  private Path file(String name, String content) throws IOException {
    return file(name, content.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void aHostileOverridesFileIsOneLineNamingIt() throws IOException {
    byte[] binary = new byte[64 * 1024];
    new Random(3).nextBytes(binary);
    String huge = "k".repeat(4 << 20) + ",5\n";
    Path[] files = {
      dir.resolve("missing.csv"),
      Files.createDirectory(dir.resolve("a-directory.csv")),
      file("binary.csv", binary),
      file("three.csv", "key,limit\npartner-1,5\npartner-2,5,7\n"),
      file("negative.csv", "partner-1,-5\n"),
      file("overflow.csv", "partner-1,2147483648\n"),
      file("twice.csv", "partner-1,5\npartner-1,6\n"),
      file("huge-line.csv", huge),
      file("long-key.csv", "k".repeat(KeyRule.MAX_KEY_LENGTH + 1) + ",5\n"),
      file("bad-quote.csv", "\"partner\"x,5\n"),
      file("open-quote.csv", "\"partner,5\n"),
      file("empty-key.csv", ",5\n"),
      file("nul.csv", "partner\0\0\0".repeat(3_000) + ",5\n"),
      Path.of("/dev/zero"),
    };
    for (Path f : files) {
      if (f.startsWith("/dev") && !Files.exists(f)) {
        continue;
      }
      String m = refusal(withFile(f));
      assertTrue(m.startsWith(f.toString() + ":"), "names " + f + ": " + m);
      assertTrue(m.length() < 400, "short: " + m);
    }
  }

  @Test
  void aKeyBothInTheListAndTheFileIsRefused() throws IOException {
    Path f = file("keys.csv", "partner-1,5\n");
    String m =
        refusal(
            customers(
                "{\"key\": \"client\", \"limit\": 10, \"overrides\": [{\"key\": \"partner-1\","
                    + " \"limit\": 3}], \"overridesFile\": \""
                    + f
                    + "\"}"));
    assertTrue(m.contains("keys.overridesFile") && m.contains("partner-1"), m);
  }

  @Test
  void hostileKeysJsonIsOneLineNamingTheField() {
    String[][] cases = {
      {"\"header:X-Api-Key\"", "customers[0].keys"},
      {"[]", "customers[0].keys"},
      {"{}", "keys.key"},
      {"{\"key\": \"header:\", \"limit\": 1}", "keys.key"},
      {"{\"key\": \"header:X Api\", \"limit\": 1}", "keys.key"},
      {"{\"key\": \"header:" + "x".repeat(65) + "\", \"limit\": 1}", "keys.key"},
      {"{\"key\": \"client:1\", \"limit\": 1}", "keys.key"},
      {"{\"key\": \"path-prefix:0\", \"limit\": 1}", "keys.key"},
      {"{\"key\": \"path-prefix:17\", \"limit\": 1}", "keys.key"},
      {"{\"key\": \"path-prefix:99999999999\", \"limit\": 1}", "keys.key"},
      {"{\"key\": \"query:a=b\", \"limit\": 1}", "keys.key"},
      {"{\"key\": \"cookie:a\", \"limit\": 1}", "keys.key"},
      {"{\"key\": 7, \"limit\": 1}", "keys.key"},
      {"{\"key\": \"client\"}", "keys.limit"},
      {"{\"key\": \"client\", \"limit\": -1}", "keys.limit"},
      {"{\"key\": \"client\", \"limit\": 2147483648}", "keys.limit"},
      {"{\"key\": \"client\", \"limit\": 1.5}", "keys.limit"},
      {"{\"key\": \"client\", \"limit\": \"10\"}", "keys.limit"},
      {"{\"key\": \"client\", \"limit\": 1, \"window\": \"2s\"}", "keys.window"},
      {"{\"key\": \"client\", \"limit\": 1, \"window\": \"1m sliding x\"}", "keys.window"},
      {"{\"key\": \"client\", \"limit\": 1, \"window\": \"\"}", "keys.window"},
      {"{\"key\": \"client\", \"limit\": 1, \"maxKeys\": 0}", "keys.maxKeys"},
      {"{\"key\": \"client\", \"limit\": 1, \"maxKeys\": 67108865}", "keys.maxKeys"},
      {"{\"key\": \"client\", \"limit\": 1, \"overrides\": {}}", "keys.overrides"},
      {"{\"key\": \"client\", \"limit\": 1, \"overrides\": [7]}", "keys.overrides[0]"},
      {"{\"key\": \"client\", \"limit\": 1, \"overrides\": [{\"key\": \"a\"}]}", "limit"},
      {
        "{\"key\": \"client\", \"limit\": 1, \"overrides\": [{\"key\": \"a\", \"limit\": -2}]}",
        "keys.overrides[0].limit"
      },
      {
        "{\"key\": \"client\", \"limit\": 1, \"overrides\": [{\"key\": \"a\", \"limit\": 1},"
            + " {\"key\": \"a\", \"limit\": 2}]}",
        "keys.overrides[1].key"
      },
      {
        "{\"key\": \"client\", \"limit\": 1, \"overrides\": [{\"key\": \"\", \"limit\": 1}]}",
        "keys.overrides"
      },
      {
        "{\"key\": \"client\", \"limit\": 1, \"overrides\": [{\"key\": \""
            + "k".repeat(KeyRule.MAX_KEY_LENGTH + 1)
            + "\", \"limit\": 1}]}",
        "keys.overrides"
      },
      {
        "{\"key\": \"client\", \"limit\": 1, \"overrides\": [{\"key\": \"a\", \"limit\": 1,"
            + " \"x\": 1}]}",
        "keys.overrides[0]"
      },
      {"{\"key\": \"client\", \"limit\": 1, \"overridesFile\": 7}", "7: cannot read"},
      {"{\"key\": \"client\", \"limit\": 1, \"keyz\": 1}", "keys"},
    };
    for (String[] c : cases) {
      String m = refusal(customers(c[0]));
      assertTrue(m.contains(c[1]), c[0] + " names " + c[1] + ": " + m);
    }
  }

  @Test
  void aPostWithABadKeysSectionChangesNothingAndIsCounted() throws Exception {
    CustomerLimits limits =
        new CustomerLimits(
            CustomersConfig.NONE.withCustomers(
                CustomersJson.parse(
                    "customers.json",
                    customers("{\"key\": \"header:X-Api-Key\", \"limit\": 10, \"maxKeys\": 100}"))),
            null,
            null,
            System::nanoTime);
    CustomerTable before = limits.table();
    KeyRule rule = limits.match("api.example").spec().keys();
    KeyedLimiter table = limits.keyed().get("api");
    byte[] binary = new byte[4096];
    new Random(5).nextBytes(binary);
    List<String> bodies =
        List.of(
            customers("{\"key\": \"header:X-Api-Key\", \"limit\": -1}"),
            customers("{\"key\": \"header:X-Api-Key\", \"limit\": 5, \"maxKeys\": 0}"),
            withFile(file("binary.csv", binary)),
            withFile(file("twice.csv", "a,1\na,2\n")),
            withFile(dir),
            withFile(Path.of("/dev/zero")),
            customers("{\"key\": \"header:X-Api-Key\", \"limit\": 5}").replace("}]}", "}]"));
    for (String body : bodies) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> limits.replace(body));
      assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }
    assertEquals(bodies.size(), limits.updatesRefused());
    assertEquals(0, limits.updatesApplied());
    assertSame(before, limits.table(), "the table in force is untouched");
    assertSame(rule, limits.match("api.example").spec().keys());
    assertSame(table, limits.keyed().get("api"), "the keys held are untouched");
  }
}
