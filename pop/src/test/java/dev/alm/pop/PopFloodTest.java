package dev.alm.pop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.io.Clocks;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
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
 * Every TCP listener of a PoP flooded in turn (proxy, DNS, admin, SWIM) with idle, partial and junk
 * connections, from one address and from many: while each flood is held, the PoP still answers DNS
 * over UDP, a user's HTTP request and its admin's {@code /ready}.
 */
class PopFloodTest {

  private static final String HOST = "127.0.0.49";

  /** Connections per flood: enough to reach the per-address caps of DNS, admin and SWIM. */
  private static final int PER_FLOOD = 300;

  @TempDir Path dir;

  private enum Kind {
    IDLE,
    PARTIAL,
    JUNK
  }

  private static List<Socket> flood(InetSocketAddress target, Kind kind, boolean manyAddresses)
      throws IOException {
    List<Socket> held = new ArrayList<>();
    Random random = new Random(7);
    for (int i = 0; i < PER_FLOOD; i++) {
      InetAddress from =
          InetAddress.getByName(manyAddresses ? "127.0.2." + (1 + i % 250) : "127.0.0.3");
      Socket s = new Socket();
      try {
        s.bind(new InetSocketAddress(from, 0));
        s.connect(target, 2000);
        OutputStream out = s.getOutputStream();
        switch (kind) {
          case IDLE -> {}
          case PARTIAL -> out.write(new byte[] {0x00, 0x7f, 'G', 'E', 'T', ' '});
          case JUNK -> {
            byte[] junk = new byte[64];
            random.nextBytes(junk);
            out.write(junk);
          }
        }
        out.flush();
        held.add(s);
      } catch (IOException refused) {
        s.close(); // refused at a cap: what the caps are for
      }
    }
    return held;
  }

  private static boolean dnsAnswers(InetSocketAddress dns) {
    try {
      SimpleResolver r = new SimpleResolver(dns.getAddress());
      r.setPort(dns.getPort());
      r.setTimeout(Duration.ofSeconds(3));
      Message q =
          Message.newQuery(
              Record.newRecord(Name.fromString("www.cdn.example."), Type.A, DClass.IN));
      return r.send(q).getRcode() == Rcode.NOERROR;
    } catch (IOException e) {
      return false;
    }
  }

  private static int http(InetSocketAddress to, String host, String path) {
    try (Socket s = new Socket()) {
      s.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.4"), 0));
      s.connect(to, 3000);
      s.setSoTimeout(5000);
      s.getOutputStream()
          .write(
              ("GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n")
                  .getBytes(StandardCharsets.US_ASCII));
      InputStream in = s.getInputStream();
      byte[] head = in.readNBytes(12);
      return Integer.parseInt(new String(head, 9, 3, StandardCharsets.US_ASCII));
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  @Test
  void everyListenerFloodedInTurnLeavesThePopServing() throws Exception {
    PopConfig c = DrlPops.alone(HOST, dir);
    try (PopDaemon d = PopDaemon.start(c, false, Clocks.SYSTEM, l -> {})) {
      InetSocketAddress dns = d.dnsAddress();
      InetSocketAddress proxy = d.proxyAddress();
      InetSocketAddress admin = d.adminAddress();
      String adminHost = HOST + ":" + admin.getPort();
      List<InetSocketAddress> targets =
          List.of(proxy, dns, admin, new InetSocketAddress(HOST, c.drl().swim().port()));
      List<String> failures = new ArrayList<>();
      for (InetSocketAddress target : targets) {
        for (Kind kind : Kind.values()) {
          for (boolean many : new boolean[] {false, true}) {
            List<Socket> held = flood(target, kind, many);
            try {
              String what = target.getPort() + " " + kind + (many ? " from 250" : " from 1");
              if (!dnsAnswers(dns)) {
                failures.add(what + ": DNS");
              }
              if (http(proxy, "cdn.example", "/bytes/1") != 200) {
                failures.add(what + ": HTTP");
              }
              // a flood of the admin listener itself from many addresses fills its total cap:
              // what the cap is for (the admin belongs on loopback or a management network)
              boolean adminFlooded = target.equals(admin) && many;
              if (!adminFlooded && http(admin, adminHost, "/ready") != 200) {
                failures.add(what + ": admin /ready");
              }
            } finally {
              for (Socket s : held) {
                s.close();
              }
            }
          }
        }
      }
      assertEquals(List.of(), failures, "what stopped answering during a flood");
      assertTrue(dnsAnswers(dns), "and after");
    }
  }
}
