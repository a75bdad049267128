package dev.alm.drl.central;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.drl.central.RedisKeyLimiter.Answer;
import dev.alm.io.KeyRing;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The per-key client against a real token server on loopback, and against silence. */
class TokenKeyClientTest {

  private static final KeyRing KEYS = KeyRing.ofText("token-key-client-test-01");

  private static Answer get(KeyDecider d, long hash) throws Exception {
    return d.tryAcquire(hash).get(5, TimeUnit.SECONDS);
  }

  private static TokenServer server(int port) throws InterruptedException {
    TokenServerCore core =
        new TokenServerCore(
            new LeaseCodec(KEYS),
            TokenServerSettings.DEFAULTS,
            List.of(),
            List.of(new CentralKeyLimit("acme", 2, 86_400_000)),
            System.nanoTime());
    return TokenServer.start(core, new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
  }

  @Test
  void asksTheServerPerKeyAndFallsBackOnThePolicyWhileItIsDown() throws Exception {
    TokenServer server = server(0);
    InetSocketAddress at = server.address();
    try (TokenKeyClient c =
            TokenKeyClient.start(
                TokenKeyClientConfig.of(at, KEYS, "acme")
                    .withTimeout(Duration.ofMillis(300))
                    .withPolicy(FailurePolicy.FAIL_CLOSED));
        TokenKeyClient other = TokenKeyClient.start(TokenKeyClientConfig.of(at, KEYS, "globex"))) {
      assertEquals(Answer.ADMITTED, get(c, 7));
      assertEquals(Answer.ADMITTED, get(c, 7));
      assertEquals(Answer.REFUSED, get(c, 7));
      assertEquals(Answer.ADMITTED, get(c, 8));
      assertEquals(Answer.ADMITTED, get(other, 7), "no key limit: admitted");
      assertEquals(1, other.counters().unknownCustomer());
      assertEquals(3, c.counters().admitted());
      assertEquals(1, c.counters().rejected());
      assertEquals(4, c.answers());
      assertEquals(5, server.core().keyRequests(), "globex's too");
      assertEquals(2, server.core().keyCounts().held());
      server.close();
      assertEquals(Answer.POLICY_REFUSED, get(c, 7));
      assertEquals(1, c.counters().timeouts());
      // A new server on the same port: the counts are gone, the key is admitted again.
      server = server(at.getPort());
      assertEquals(Answer.ADMITTED, get(c, 7));
    } finally {
      server.close();
    }
  }

  @Test
  void forgedAndUnsolicitedAnswersAreCountedNotTaken() throws Exception {
    try (DatagramSocket fake = new DatagramSocket(0, InetAddress.getLoopbackAddress());
        TokenKeyClient c =
            TokenKeyClient.start(
                TokenKeyClientConfig.of(
                        (InetSocketAddress) fake.getLocalSocketAddress(), KEYS, "acme")
                    .withTimeout(Duration.ofMillis(1000)))) {
      var answer = c.tryAcquire(5);
      DatagramPacket p = new DatagramPacket(new byte[256], 256);
      fake.setSoTimeout(5000);
      fake.receive(p);
      LeaseCodec.KeyRequest req =
          ((LeaseCodec.Valid<LeaseCodec.KeyRequest>)
                  new LeaseCodec(KEYS).decodeKeyRequest(p.getData(), 0, p.getLength()))
              .message();
      assertEquals(5, req.keyHash());
      LeaseCodec.KeyAnswer refuse =
          new LeaseCodec.KeyAnswer(req.client(), req.seq(), 5, 10, LeaseCodec.KeyStatus.REFUSED);
      byte[] forged = new LeaseCodec(KeyRing.ofText("some-other-key-000001")).encode(refuse);
      byte[] otherKey =
          new LeaseCodec(KEYS)
              .encode(
                  new LeaseCodec.KeyAnswer(
                      req.client(), req.seq(), 6, 10, LeaseCodec.KeyStatus.REFUSED));
      byte[] real = new LeaseCodec(KEYS).encode(refuse);
      for (byte[] b : new byte[][] {forged, otherKey, real, real, new byte[300]}) {
        fake.send(new DatagramPacket(b, b.length, c.localAddress()));
      }
      assertEquals(Answer.REFUSED, answer.get(5, TimeUnit.SECONDS));
      long deadline = System.nanoTime() + 5_000_000_000L;
      while (c.refused(LeaseRefusal.MALFORMED) < 1 && System.nanoTime() < deadline) {
        Thread.sleep(10);
      }
      assertEquals(1, c.refused(LeaseRefusal.BAD_MAC));
      assertEquals(2, c.refused(LeaseRefusal.UNSOLICITED), "another key's, and the replay");
      assertEquals(1, c.refused(LeaseRefusal.MALFORMED), "oversize");
      assertTrue(c.answers() == 1);
    }
  }
}
