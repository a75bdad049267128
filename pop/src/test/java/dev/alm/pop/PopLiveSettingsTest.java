package dev.alm.pop;

import static dev.alm.pop.ReloadFiles.postReload;
import static dev.alm.pop.ReloadFiles.reloads;
import static dev.alm.pop.ReloadFiles.status;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.loop.LoopConfig;
import dev.alm.loop.LoopState;
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
import org.xbill.DNS.Record;
import org.xbill.DNS.Section;
import org.xbill.DNS.SimpleResolver;
import org.xbill.DNS.Type;

/**
 * The settings a reload applies live (docs/pop/reload.md, "Reload"): the DNS TTLs (the next answer
 * carries the new TTL), the loop's tunables (the loop keeps its state and steps on with them) and
 * the proxy's admission ceiling and burst; and a loop setting that needs a restart (the interval),
 * refused in one line with nothing applied, not even the live settings changed with it.
 */
class PopLiveSettingsTest {
  @TempDir Path dir;

  private final List<String> log = new CopyOnWriteArrayList<>();

  private static long cdnTtl(PopDaemon p) throws Exception {
    SimpleResolver r = new SimpleResolver(p.dnsAddress());
    r.setTimeout(Duration.ofSeconds(2));
    Message m =
        r.send(
            Message.newQuery(
                Record.newRecord(Name.fromString("www.cdn.example."), Type.A, DClass.IN)));
    return m.getSection(Section.ANSWER).get(0).getTTL();
  }

  private void edit(String file, String field) throws Exception {
    Path f = dir.resolve(file);
    Files.writeString(f, Files.readString(f).replaceFirst("\\{", "{" + field + ", "));
  }

  @Test
  void ttlsLoopTunablesAndTheAdmissionCeilingApplyLiveAndTheLoopKeepsItsState() throws Exception {
    ReloadFiles files = new ReloadFiles(dir).write("127.0.0.1:0", 1000);
    try (PopDaemon p = ReloadFiles.start(files.pop(), log::add)) {
      long ttl = cdnTtl(p);
      double ceiling = p.proxy().node().admission().ceiling();
      p.tick();
      LoopState before = p.tick();

      edit("dns.json", "\"ttl\": {\"cdn\": " + (ttl + 7) + ", \"negative\": 11}");
      edit("pop.json", "\"maxStep\": 0.05, \"safeX\": 0.3, \"greedyGain\": 2, \"theta\": 0.05");
      edit("proxy.json", "\"ceilingFactor\": 2, \"burstSeconds\": 0.5");
      HttpResponse<String> r = postReload(p);
      assertEquals(200, r.statusCode(), r.body());

      assertEquals(ttl + 7, cdnTtl(p), "the next answer carries the new TTL");
      assertEquals(11, p.config().dns().negativeTtl());
      LoopConfig loop = p.config().loop();
      assertEquals(0.05, loop.maxStep());
      assertEquals(0.3, loop.safeX());
      assertEquals(2.0, loop.greedyGain());
      assertEquals(
          before, p.state(), "the loop keeps its state: x, mu, the estimates, the intervals");
      LoopState after = p.tick();
      assertEquals(before.intervals() + 1, after.intervals(), "and steps on from it");
      assertTrue(
          Math.abs(after.x() - before.x()) <= 0.05 + 1e-12,
          "with the new maxStep: " + before.x() + " -> " + after.x());
      assertEquals(ceiling / 1.25 * 2, p.proxy().node().admission().ceiling(), 1e-6);
      assertEquals(
          ceiling / 1.25 * 2,
          p.registry().get("alm.proxy.ceiling").gauge().value(),
          1e-6,
          "alm_proxy_ceiling follows");
      assertEquals(2, status(p).get("config").get("version").asInt());
    }
  }

  @Test
  void theIntervalNeedsARestartAndNothingChangedWithItIsApplied() throws Exception {
    ReloadFiles files = new ReloadFiles(dir).write("127.0.0.1:0", 1000);
    try (PopDaemon p = ReloadFiles.start(files.pop(), log::add)) {
      long ttl = cdnTtl(p);
      edit("dns.json", "\"ttl\": {\"cdn\": " + (ttl + 7) + "}");
      edit("pop.json", "\"intervalMs\": 500, \"maxStep\": 0.05");
      HttpResponse<String> r = postReload(p);
      assertEquals(400, r.statusCode());
      assertEquals(
          "reload refused: "
              + files.pop()
              + ":interval: cannot change without a restart (PT1S -> PT0.5S)",
          r.body().strip());
      assertEquals(ttl, cdnTtl(p), "all or nothing: the TTL is the running one");
      assertEquals(LoopConfig.DEFAULT_MAX_STEP, p.config().loop().maxStep());
      assertEquals(1, reloads(p, "refused"));
      assertTrue(
          log.stream().anyMatch(l -> l.contains(":interval: cannot change")), log.toString());
    }
  }
}
