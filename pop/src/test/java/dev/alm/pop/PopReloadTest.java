package dev.alm.pop;

import static dev.alm.pop.ReloadFiles.NEW_KEY;
import static dev.alm.pop.ReloadFiles.OLD_KEY;
import static dev.alm.pop.ReloadFiles.get;
import static dev.alm.pop.ReloadFiles.postReload;
import static dev.alm.pop.ReloadFiles.probe;
import static dev.alm.pop.ReloadFiles.reloads;
import static dev.alm.pop.ReloadFiles.status;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.alm.fastcontrol.ProbeVerdict;
import java.net.ServerSocket;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Record;
import org.xbill.DNS.SimpleResolver;
import org.xbill.DNS.Type;

/**
 * {@code POST /reload} at a running PoP (docs/pop/reload.md, "Reload"): changed customers apply, a
 * rotated probe key verifies new and old probes, a listen address is refused in one line naming the
 * file and field, and a bad file fails; a refused or failed reload keeps the PoP running on its
 * configuration, and every outcome is counted.
 */
class PopReloadTest {
  @TempDir Path dir;

  private final List<String> log = new CopyOnWriteArrayList<>();

  private static int over(PopDaemon p, int requests) throws Exception {
    int limited = 0;
    for (int i = 0; i < requests; i++) {
      int s = get(p.proxyAddress(), "acme.example", "/bytes/10");
      assertTrue(s == 200 || s == 429, "status " + s);
      limited += s == 429 ? 1 : 0;
    }
    return limited;
  }

  private static boolean answers(PopDaemon p) throws Exception {
    SimpleResolver r = new SimpleResolver(p.dnsAddress());
    r.setTimeout(Duration.ofSeconds(2));
    Message q =
        Message.newQuery(Record.newRecord(Name.fromString("www.cdn.example."), Type.A, DClass.IN));
    return r.send(q).getRcode() == Rcode.NOERROR;
  }

  @Test
  void customersAndProbeKeysApplyAndAListenAddressIsRefused() throws Exception {
    ReloadFiles files = new ReloadFiles(dir).write("127.0.0.1:0", 1000);
    try (PopDaemon p = ReloadFiles.start(files.pop(), log::add)) {
      assertEquals(0, over(p, 10), "1000 requests/s: none limited");
      assertEquals(1, status(p).get("config").get("version").asInt());

      files.customers(2);
      HttpResponse<String> r = postReload(p);
      assertEquals(200, r.statusCode(), r.body());
      JsonNode s = status(p);
      assertEquals(2, s.get("config").get("version").asInt());
      assertEquals("applied", s.get("config").get("lastReload").get("outcome").asText());
      assertEquals(2.0, s.get("customers").get(0).get("limit").asDouble(), 1e-9);
      assertTrue(over(p, 10) >= 5, "2 requests/s, burst 2: most of 10 limited");

      String other = p.config().topology().ids().get(1);
      long counted = p.proxy().node().probes().total();
      probe(p, OLD_KEY, other);
      assertEquals(counted + 1, p.proxy().node().probes().total(), "the old key counts");
      files.key(NEW_KEY, OLD_KEY);
      assertEquals(200, postReload(p).statusCode());
      probe(p, NEW_KEY, other);
      probe(p, OLD_KEY, other);
      assertEquals(counted + 3, p.proxy().node().probes().total(), "new and old keys count");
      files.key(NEW_KEY);
      assertEquals(200, postReload(p).statusCode());
      long badMac = p.proxy().node().probesRefused(ProbeVerdict.BAD_MAC);
      probe(p, OLD_KEY, other);
      probe(p, NEW_KEY, other);
      assertEquals(counted + 4, p.proxy().node().probes().total(), "the retired key is refused");
      assertEquals(badMac + 1, p.proxy().node().probesRefused(ProbeVerdict.BAD_MAC));

      files.dns("127.0.0.2:0");
      r = postReload(p);
      assertEquals(400, r.statusCode());
      assertEquals(
          "reload refused: "
              + files.pop()
              + ":dns.listen: cannot change without a restart (127.0.0.1:0 -> 127.0.0.2:0)",
          r.body().strip());
      s = status(p);
      assertEquals(4, s.get("config").get("version").asInt(), "the running configuration kept");
      assertEquals("refused", s.get("config").get("lastReload").get("outcome").asText());
      assertTrue(answers(p), "the DNS server still answers");
      assertEquals(200, get(p.proxyAddress(), "www.cdn.example", "/bytes/10"));
      assertEquals(3, reloads(p, "applied"));
      assertEquals(1, reloads(p, "refused"));
      assertTrue(
          log.stream().anyMatch(l -> l.contains("reload refused: ") && l.contains("dns.listen")),
          log.toString());
    }
  }

  @Test
  void aBadConfigurationKeepsTheRunningOneAndIsCounted() throws Exception {
    ReloadFiles files = new ReloadFiles(dir).write("127.0.0.1:0", 2);
    try (PopDaemon p = ReloadFiles.start(files.pop(), log::add)) {
      String pop = Files.readString(files.pop());
      Files.writeString(files.pop(), "{\"topology\": ");
      HttpResponse<String> r = postReload(p);
      assertEquals(400, r.statusCode());
      assertTrue(r.body().startsWith("reload failed: "), r.body());
      assertEquals(1, r.body().strip().lines().count(), "one line");

      Files.writeString(files.pop(), pop.replace("probe.key", "missing.key"));
      r = postReload(p);
      assertEquals(400, r.statusCode());
      assertTrue(r.body().contains("missing.key") && r.body().contains("no such file"), r.body());

      Files.writeString(files.pop(), pop);
      files.customers(-5);
      r = postReload(p);
      assertEquals(400, r.statusCode());
      assertTrue(r.body().contains("requestsPerSecond"), r.body());

      assertEquals(3, reloads(p, "failed"));
      assertEquals(0, reloads(p, "applied"));
      JsonNode s = status(p);
      assertEquals(1, s.get("config").get("version").asInt());
      assertEquals("failed", s.get("config").get("lastReload").get("outcome").asText());
      assertEquals(2.0, s.get("customers").get(0).get("limit").asDouble(), 1e-9, "old limit");
      assertTrue(answers(p));
      assertEquals(200, get(p.proxyAddress(), "www.cdn.example", "/bytes/10"));
      probe(p, OLD_KEY, p.config().topology().ids().get(1));

      files.customers(3);
      assertEquals(200, postReload(p).statusCode());
      assertEquals(3.0, status(p).get("customers").get(0).get("limit").asDouble(), 1e-9);
      assertEquals(1, reloads(p, "applied"));
    }
  }

  @Test
  void theAdminTokenAndTheGossipKeyRotateAndNeedTheTokenToReload() throws Exception {
    ReloadFiles files = new ReloadFiles(dir).write("127.0.0.1:0", 10);
    String tokenA = "admin-token-a-0123456789abcdef";
    String tokenB = "admin-token-b-0123456789abcdef";
    files.keyFile("admin.key", tokenA);
    files.keyFile("gossip.key", "gossip-key-old-0123456789abcdef");
    int swim;
    try (ServerSocket free = new ServerSocket(0)) {
      swim = free.getLocalPort();
    }
    String pop = Files.readString(files.pop());
    Files.writeString(
        files.pop(),
        pop.replace(
            "\"admin\": \"127.0.0.1:0\"",
            "\"admin\": \"127.0.0.1:0\", \"adminTokenFile\": \"admin.key\", \"drl\":"
                + " {\"listen\": \"127.0.0.1:0\", \"swim\": \"127.0.0.1:"
                + swim
                + "\", \"keyFile\": \"gossip.key\"}"));
    try (PopDaemon p = ReloadFiles.start(files.pop(), log::add)) {
      assertEquals(401, postReload(p).statusCode(), "a write: the token is needed");
      assertEquals(0, reloads(p, "applied") + reloads(p, "failed"), "an unauthorized one is none");

      files.keyFile("admin.key", tokenB, tokenA);
      files.keyFile(
          "gossip.key", "gossip-key-new-0123456789abcdef", "gossip-key-old-0123456789abcdef");
      HttpResponse<String> r = postReload(p, tokenA);
      assertEquals(200, r.statusCode(), r.body());
      assertEquals(200, postReload(p, tokenB).statusCode(), "the new token");
      files.keyFile("admin.key", tokenB);
      assertEquals(200, postReload(p, tokenA).statusCode());
      assertEquals(401, postReload(p, tokenA).statusCode(), "the retired token");
      assertEquals(200, postReload(p, tokenB).statusCode());

      Files.delete(dir.resolve("gossip.key"));
      r = postReload(p, tokenB);
      assertEquals(400, r.statusCode());
      assertTrue(r.body().contains("drl.keyFile") && r.body().contains("no such file"), r.body());
      assertEquals(4, reloads(p, "applied"));
      assertEquals(1, reloads(p, "failed"));
    }
  }
}
