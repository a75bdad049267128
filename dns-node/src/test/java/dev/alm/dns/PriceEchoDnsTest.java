package dev.alm.dns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.fastcontrol.EchoSigner;
import dev.alm.fastcontrol.EchoTotals;
import dev.alm.fastcontrol.EchoVerdict;
import dev.alm.fastcontrol.EchoVerifier;
import dev.alm.fastcontrol.ProbeAuthConfig;
import dev.alm.fastcontrol.ProbeSigner;
import dev.alm.fastcontrol.ProbeTarget;
import dev.alm.io.Clocks;
import dev.alm.io.KeyRing;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.xbill.DNS.CNAMERecord;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Record;
import org.xbill.DNS.SOARecord;
import org.xbill.DNS.Section;
import org.xbill.DNS.Type;

/**
 * A PoP's DNS over real UDP counts the price echoes of the probes it handed out
 * (docs/fastcontrol.md, "Price echo"): a verified echo adds its price once, a replay, a forgery and
 * an echo of another PoP's probe are counted by reason only, and every echo query is answered
 * alike, with no data.
 */
class PriceEchoDnsTest {

  private static final KeyRing FLEET = KeyRing.ofText("fleet-probe-key-0123456789abcdef");
  private static final long NOW = 1_790_000_000_000L;
  private static final String ZONE = "cdn.example";

  private static byte[] query(String name, int id) {
    Message q =
        Message.newQuery(Record.newRecord(Name.fromConstantString(name), Type.A, DClass.IN));
    q.getHeader().setID(id);
    return q.toWire();
  }

  private static Message ask(UdpClient client, String name, int id) throws Exception {
    return UdpClient.parse(client.exchange(List.of(query(name, id)), 1).get(0));
  }

  @Test
  void echoesOfItsOwnProbesAreCountedOnceAndAnsweredWithNoData() throws Exception {
    ProbeAuthConfig auth = ProbeAuthConfig.of(FLEET);
    EchoVerifier echoes = new EchoVerifier(auth, ZONE, "7", System::nanoTime);
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    try (DnsNode node =
            DnsNode.start(
                TestZones.builder().build(),
                registry,
                now -> "7",
                new ProbeSigner(auth, ZONE),
                echoes,
                1,
                new Clocks(System::nanoTime, () -> NOW));
        UdpClient client = new UdpClient(node.address())) {
      Message beacon = ask(client, "b-1.fc.cdn.example.", 1);
      CNAMERecord c = (CNAMERecord) beacon.getSection(Section.ANSWER).get(0);
      ProbeTarget.Signed probe =
          (ProbeTarget.Signed) ProbeTarget.parseHost(c.getTarget().toString(true), ZONE);
      String echo = new EchoSigner(FLEET, ZONE, "b").echo(probe, 4.0) + "." + ZONE + ".";

      Message first = ask(client, echo, 2);
      assertEquals(Rcode.NOERROR, first.getRcode());
      assertTrue(first.getSection(Section.ANSWER).isEmpty(), "no data");
      assertTrue(first.getSection(Section.AUTHORITY).get(0) instanceof SOARecord);
      assertEquals(
          new EchoTotals(1, 4.0, 16.0, Map.of("b", new EchoTotals.Stratum(1, 4.0))),
          node.echoTotals());

      Message again = ask(client, echo.toUpperCase(Locale.ROOT), 3);
      assertEquals(Rcode.NOERROR, again.getRcode(), "a replay is answered alike");
      String forged =
          new EchoSigner(KeyRing.ofText("a-guessed-key-0123456789abcdef"), ZONE, "b")
                  .echo(probe, 400.0)
              + "."
              + ZONE
              + ".";
      assertEquals(Rcode.NOERROR, ask(client, forged, 4).getRcode());
      ProbeTarget.Signed other =
          (ProbeTarget.Signed)
              ProbeTarget.parseHost(
                  new ProbeSigner(auth, ZONE).relativeTarget("b", "b", NOW) + "." + ZONE, ZONE);
      String moved = new EchoSigner(FLEET, ZONE, "b").echo(other, 9.0) + "." + ZONE + ".";
      assertEquals(Rcode.NOERROR, ask(client, moved, 5).getRcode());
      assertEquals(Rcode.NOERROR, ask(client, "x.echo.cdn.example.", 6).getRcode());

      assertEquals(
          new EchoTotals(1, 4.0, 16.0, Map.of("b", new EchoTotals.Stratum(1, 4.0))),
          node.echoTotals(),
          "only the first counted");
      assertEquals(1, echoes.count(EchoVerdict.REPLAYED));
      assertEquals(1, echoes.count(EchoVerdict.BAD_MAC));
      assertEquals(1, echoes.count(EchoVerdict.OTHER_ORIGIN));
      assertEquals(1, echoes.count(EchoVerdict.MALFORMED));
      assertEquals(
          1.0, registry.get("alm.dns.echoes").tag("verdict", "counted").functionCounter().count());
      @SuppressWarnings("unchecked")
      Map<String, Object> status = (Map<String, Object>) node.status().get("echoes");
      assertEquals(Map.of("b", 1L), status.get("byProxy"));
      assertEquals(0L, node.cdnAnswers(), "echo queries are no CDN answers (A_i)");
    }
  }
}
