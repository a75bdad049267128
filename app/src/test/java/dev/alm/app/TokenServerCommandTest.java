package dev.alm.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.app.drl.TokenServerCommand;
import dev.alm.drl.central.CentralLimit;
import dev.alm.drl.central.FailurePolicy;
import dev.alm.drl.central.RedisKeyLimiter;
import dev.alm.drl.central.TokenKeyClient;
import dev.alm.drl.central.TokenKeyClientConfig;
import dev.alm.drl.central.TokenLeaseClient;
import dev.alm.drl.central.TokenLeaseClientConfig;
import dev.alm.io.KeyRing;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code alm drl token-server}: a live run leasing to a client, and one-line errors. */
class TokenServerCommandTest extends CliTest {

  @TempDir Path dir;

  private Path keyFile() throws Exception {
    Path k = dir.resolve("fleet.key");
    Files.writeString(k, "token-server-command-key-01\n");
    Files.setPosixFilePermissions(k, PosixFilePermissions.fromString("rw-------"));
    return k;
  }

  @Test
  void leasesTheCustomersLimitToAClient() throws Exception {
    int port;
    try (DatagramSocket d = new DatagramSocket(0, InetAddress.getByName("127.0.0.1"))) {
      port = d.getLocalPort();
    }
    Path key = keyFile();
    Path customers = dir.resolve("customers.json");
    Files.writeString(
        customers,
        "[{\"name\": \"acme\", \"limit\": 50, \"burst\": 20,"
            + " \"keys\": {\"limit\": 2, \"window\": \"1d\"}}]");
    CompletableFuture<Integer> run =
        CompletableFuture.supplyAsync(
            () ->
                alm(
                    "drl",
                    "token-server",
                    "--listen",
                    "127.0.0.1:" + port,
                    "--key-file",
                    key.toString(),
                    "--customers",
                    customers.toString(),
                    "--duration",
                    "5"));
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (!out.toString().contains("alm drl token-server:") && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertTrue(out.toString().contains("1 customer(s) on 127.0.0.1:" + port), out.toString());
    try (TokenLeaseClient c =
        TokenLeaseClient.start(
            TokenLeaseClientConfig.builder(
                    new InetSocketAddress("127.0.0.1", port), KeyRing.load(key, "--key-file"))
                .timeout(Duration.ofSeconds(1))
                .policy(FailurePolicy.FAIL_CLOSED)
                .build())) {
      int admitted = 0;
      for (int i = 0; i < 40; i++) {
        if (c.tryAcquire("acme", 1).toCompletableFuture().get(5, TimeUnit.SECONDS)) {
          admitted++;
        }
      }
      // Burst 20 plus what 50/s refills while 40 quick calls run: well under 40 on any machine
      // that answers them within a few hundred ms, and at least one batch.
      assertTrue(admitted >= 1 && admitted < 40, "admitted " + admitted);
      assertEquals(0, c.counters().failedClosed(), c.counters().toString());
    }
    // The customer's per-key limit: 2 requests of a key per day, asked per request.
    try (TokenKeyClient k =
        TokenKeyClient.start(
            TokenKeyClientConfig.of(
                    new InetSocketAddress("127.0.0.1", port),
                    KeyRing.load(key, "--key-file"),
                    "acme")
                .withTimeout(Duration.ofSeconds(1)))) {
      List<RedisKeyLimiter.Answer> answers = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        answers.add(k.tryAcquire(9).get(5, TimeUnit.SECONDS));
      }
      assertEquals(
          List.of(
              RedisKeyLimiter.Answer.ADMITTED,
              RedisKeyLimiter.Answer.ADMITTED,
              RedisKeyLimiter.Answer.REFUSED),
          answers);
    }
    assertEquals(0, run.get(30, TimeUnit.SECONDS), err.toString());
  }

  @Test
  void readsTheProxiesCustomersFileKeepingTheCentralOnes() throws Exception {
    Path f = dir.resolve("proxy-customers.json");
    Files.writeString(
        f,
        "{\"customers\": [{\"name\": \"legacy\", \"hosts\": \"legacy.example\","
            + " \"requestsPerSecond\": 100, \"burstSeconds\": 2, \"mode\": \"central\"},"
            + " {\"name\": \"acme\", \"hosts\": \"acme.example\", \"requestsPerSecond\": 5}]}");
    assertEquals(
        List.of(new CentralLimit("legacy", 100, 200)), TokenServerCommand.readCustomers(f));
    Files.writeString(
        f,
        "{\"customers\": [{\"name\": \"acme\", \"hosts\": \"acme.example\","
            + " \"requestsPerSecond\": 5}]}");
    Path key = keyFile();
    assertEquals(1, tokenServer(key, f));
    assertTrue(
        err.toString().contains(f + ":customers: no customer in mode central"), err.toString());
  }

  /** Runs {@code alm drl token-server} with that key file and customers file. */
  private int tokenServer(Path key, Path customers) {
    return alm(
        "drl", "token-server", "--key-file", key.toString(), "--customers", customers.toString());
  }

  @Test
  void badInputIsOneLineNamingTheFileFieldAndReason() throws Exception {
    Path key = keyFile();
    Path customers = dir.resolve("customers.json");
    Files.writeString(customers, "[{\"name\": \"acme\", \"limit\": 0}]");
    assertEquals(1, tokenServer(key, customers));
    assertTrue(err.toString().contains(customers + ":[0].limit: must be in"), err.toString());
    assertFalse(err.toString().strip().contains("\n"), err.toString());

    Files.writeString(customers, "[{\"name\": \"acme\", \"limit\": 5, \"rate\": 1}]");
    err.getBuffer().setLength(0);
    assertEquals(1, tokenServer(key, customers));
    assertTrue(err.toString().contains("[0].rate: unknown field"), err.toString());

    err.getBuffer().setLength(0);
    assertEquals(1, tokenServer(dir.resolve("missing.key"), customers));
    assertTrue(err.toString().contains("--key-file"), err.toString());
    assertTrue(err.toString().contains("no such file"), err.toString());

    err.getBuffer().setLength(0);
    assertEquals(2, alm("drl", "token-server", "--customers", customers.toString()));
  }
}
