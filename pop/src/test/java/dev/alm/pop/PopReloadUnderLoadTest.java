package dev.alm.pop;

import static dev.alm.pop.ReloadFiles.NEW_KEY;
import static dev.alm.pop.ReloadFiles.OLD_KEY;
import static dev.alm.pop.ReloadFiles.postReload;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedInputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
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
 * Reloads under load (docs/pop/reload.md, "Reload"): for about 5 s a DNS query loop over UDP, an
 * HTTP loop on one keep-alive connection and an HTTP loop opening a connection per request run
 * against a PoP that is reloaded 5 times (customers changed, the probe key rotated): not one query
 * or request fails (timeout, error, a status other than 200).
 */
class PopReloadUnderLoadTest {
  @TempDir Path dir;

  /** Successes and failures of one loop. */
  private record Counts(AtomicLong ok, AtomicLong failed, List<String> why) {
    Counts() {
      this(new AtomicLong(), new AtomicLong(), new CopyOnWriteArrayList<>());
    }

    void fail(String reason) {
      failed.incrementAndGet();
      if (why.size() < 5) {
        why.add(reason);
      }
    }

    @Override
    public String toString() {
      return ok.get() + " ok, " + failed.get() + " failed" + (why.isEmpty() ? "" : " " + why);
    }
  }

  /** One loop's body: one query or request, true when it succeeded. */
  @FunctionalInterface
  private interface Attempt {
    boolean run() throws Exception;
  }

  private static Thread loop(String name, AtomicBoolean running, Counts c, Attempt a) {
    Thread t =
        new Thread(
            () -> {
              while (running.get()) {
                try {
                  if (a.run()) {
                    c.ok().incrementAndGet();
                  } else {
                    c.fail("refused");
                  }
                } catch (Exception e) {
                  c.fail(e.toString());
                }
              }
            },
            name);
    t.start();
    return t;
  }

  @Test
  void queriesAndRequestsNeverFailAcrossReloads() throws Exception {
    ReloadFiles files = new ReloadFiles(dir).write("127.0.0.1:0", 1000);
    List<String> log = new CopyOnWriteArrayList<>();
    try (PopDaemon p = ReloadFiles.start(files.pop(), log::add)) {
      AtomicBoolean running = new AtomicBoolean(true);
      Counts dns = new Counts();
      Counts keepAlive = new Counts();
      Counts fresh = new Counts();
      SimpleResolver resolver = new SimpleResolver(p.dnsAddress());
      resolver.setTimeout(Duration.ofSeconds(2));
      Message query =
          Message.newQuery(
              Record.newRecord(Name.fromString("www.cdn.example."), Type.A, DClass.IN));
      Socket[] conn = {null};
      OutputStream[] out = {null};
      InputStream[] in = {null};
      List<Thread> loops =
          List.of(
              loop("dns", running, dns, () -> resolver.send(query).getRcode() == Rcode.NOERROR),
              loop(
                  "keep-alive",
                  running,
                  keepAlive,
                  () -> {
                    if (conn[0] == null) {
                      conn[0] = new Socket();
                      conn[0].connect(p.proxyAddress(), 2000);
                      conn[0].setSoTimeout(2000);
                      out[0] = conn[0].getOutputStream();
                      in[0] = new BufferedInputStream(conn[0].getInputStream());
                    }
                    ReloadFiles.Response r =
                        ReloadFiles.request(out[0], in[0], "www.cdn.example", "/bytes/100");
                    if (r.close()) {
                      conn[0].close();
                      conn[0] = null;
                    }
                    return r.status() == 200;
                  }),
              loop(
                  "fresh",
                  running,
                  fresh,
                  () -> ReloadFiles.get(p.proxyAddress(), "www.cdn.example", "/bytes/100") == 200));
      int applied = 0;
      for (int i = 0; i < 5; i++) {
        Thread.sleep(900);
        if (i % 2 == 0) {
          files.customers(500 + i);
        } else {
          files.key(i == 1 ? NEW_KEY : OLD_KEY, i == 1 ? OLD_KEY : NEW_KEY);
        }
        applied += postReload(p).statusCode() == 200 ? 1 : 0;
      }
      Thread.sleep(500);
      running.set(false);
      for (Thread t : loops) {
        t.join(5000);
      }
      if (conn[0] != null) {
        conn[0].close();
      }
      System.out.printf(
          "under load, 5 reloads (%d applied): DNS %s; keep-alive HTTP %s; fresh-connection HTTP"
              + " %s%n",
          applied, dns, keepAlive, fresh);
      assertEquals(5, applied, log.toString());
      assertEquals(5, ReloadFiles.reloads(p, "applied"));
      assertEquals(0, dns.failed().get(), "DNS " + dns);
      assertEquals(0, keepAlive.failed().get(), "keep-alive " + keepAlive);
      assertEquals(0, fresh.failed().get(), "fresh " + fresh);
      assertTrue(dns.ok().get() > 100 && keepAlive.ok().get() > 100 && fresh.ok().get() > 100);
    }
  }
}
