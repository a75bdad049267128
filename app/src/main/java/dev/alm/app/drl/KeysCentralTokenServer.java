package dev.alm.app.drl;

import dev.alm.app.UserError;
import dev.alm.drl.central.CentralKeyLimit;
import dev.alm.drl.central.KeyWindowCounts;
import dev.alm.drl.central.LeaseCodec;
import dev.alm.drl.central.TokenKeyClient;
import dev.alm.drl.central.TokenKeyClientConfig;
import dev.alm.drl.central.TokenServer;
import dev.alm.drl.central.TokenServerCore;
import dev.alm.drl.central.TokenServerSettings;
import dev.alm.io.KeyRing;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code alm drl keys-central} against the token server as the per-key store: an in-process {@link
 * TokenServer} on a free loopback port with a fresh random key ring and the scenario's key limit,
 * asked once per request by a {@link TokenKeyClient}. The outage is a real restart: the server is
 * closed at its start and a new one, with no counts, bound to the same port at its end.
 */
final class KeysCentralTokenServer {

  private final KeyRing keys;
  private final CentralKeyLimit limit;
  private final AtomicReference<TokenServer> server = new AtomicReference<>();
  private final List<TokenServerCore> cores = new CopyOnWriteArrayList<>();
  private final AtomicLong lostAtRestart = new AtomicLong();

  private KeysCentralTokenServer(KeysCentralLoad load) {
    if (load.limit() > Integer.MAX_VALUE) {
      throw new UserError("--scenario: the token server holds limits up to 2^31 - 1");
    }
    if (load.customer().getBytes(StandardCharsets.UTF_8).length > LeaseCodec.MAX_NAME_BYTES) {
      throw new UserError(
          "--customer: at most " + LeaseCodec.MAX_NAME_BYTES + " UTF-8 bytes for the token server");
    }
    byte[] key = new byte[32];
    new SecureRandom().nextBytes(key);
    this.keys = KeyRing.of(key);
    this.limit =
        new CentralKeyLimit(load.customer(), (int) load.limit(), load.sc().window().millis());
  }

  /** Starts a token server, runs {@code load} against it, and stops it. */
  static KeysCentralReport run(KeysCentralLoad load) throws InterruptedException {
    KeysCentralTokenServer t = new KeysCentralTokenServer(load);
    try {
      return t.runOn(load, t.start(0));
    } finally {
      TokenServer s = t.server.getAndSet(null);
      if (s != null) {
        s.close();
      }
    }
  }

  private TokenServer start(int port) throws InterruptedException {
    TokenServerCore core =
        new TokenServerCore(
            new LeaseCodec(keys),
            TokenServerSettings.DEFAULTS,
            List.of(),
            List.of(limit),
            System.nanoTime());
    TokenServer s =
        TokenServer.start(core, new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
    cores.add(core);
    server.set(s);
    return s;
  }

  private KeysCentralReport runOn(KeysCentralLoad load, TokenServer first)
      throws InterruptedException {
    InetSocketAddress at = first.address();
    TokenKeyClientConfig config =
        new TokenKeyClientConfig(
            at,
            keys,
            load.customer(),
            Duration.ofMillis(load.timeoutMs()),
            load.policy(),
            Math.max(TokenKeyClientConfig.DEFAULT_MAX_PENDING, load.concurrency()));
    try (TokenKeyClient client = TokenKeyClient.start(config)) {
      KeysCentralRun r = load.run(client);
      double[] ab = load.outage();
      Thread stop = null;
      Thread restart = null;
      if (load.hasOutage()) {
        stop = KeysCentralLoad.at(load.warmup() + ab[0], "alm-keys-central-stop", this::stop);
        restart =
            KeysCentralLoad.at(
                load.warmup() + ab[1], "alm-keys-central-restart", () -> restart(at.getPort()));
      }
      load.load(r, s -> {});
      for (Thread t : new Thread[] {stop, restart}) {
        if (t != null) {
          t.join(5_000);
        }
      }
      return new KeysCentralReport(load, r, client.counters(), store(load, at));
    }
  }

  /** The outage's start: the server goes, and its counts with it. */
  private void stop() {
    TokenServer s = server.getAndSet(null);
    if (s != null) {
      lostAtRestart.set(s.core().keyCounts().held());
      s.close();
    }
  }

  /** The outage's end: a new server on the same port, holding no count. */
  private void restart(int port) {
    try {
      start(port);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException e) {
      System.err.println("alm drl keys-central: the token server did not restart: " + e);
    }
  }

  private KeysCentralStore store(KeysCentralLoad load, InetSocketAddress at) {
    long requests = 0;
    long admitted = 0;
    long refused = 0;
    long uncounted = 0;
    long dropped = 0;
    int maxHeld = 0;
    for (TokenServerCore c : cores) {
      KeyWindowCounts k = c.keyCounts();
      requests += c.keyRequests();
      admitted += k.admitted();
      refused += k.refused();
      uncounted += k.uncounted();
      dropped += k.dropped();
      maxHeld = Math.max(maxHeld, k.maxHeld());
    }
    TokenServerCore last = cores.get(cores.size() - 1);
    int held = last.keyCounts().held();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("address", at.getHostString() + ":" + at.getPort());
    m.put("starts", cores.size());
    m.put("keyRequests", requests);
    m.put("keyAdmitted", admitted);
    m.put("keyRefused", refused);
    m.put("keyUncounted", uncounted);
    m.put("keys", held);
    m.put("keysMax", maxHeld);
    m.put("keysDropped", dropped);
    m.put("keysLostAtRestart", lostAtRestart.get());
    m.put("maxKeys", last.settings().maxKeys());
    String[] end = {
      String.format(
          Locale.ROOT,
          "  token server at the end: %,d keys held (at most %,d of %,d; %,d dropped when their"
              + " window ended, %,d lost at the restart)",
          held,
          maxHeld,
          last.settings().maxKeys(),
          dropped,
          lostAtRestart.get()),
      String.format(
          Locale.ROOT,
          "  token server answered %,d key requests: %,d admitted, %,d refused, %,d admitted"
              + " uncounted (table full)%s",
          requests,
          admitted,
          refused,
          uncounted,
          cores.size() > 1 ? " (both starts)" : "")
    };
    double[] ab = load.outage();
    return new KeysCentralStore(
        "token-server",
        "Token server, a fixed-window count per key (customer "
            + load.customer()
            + ", "
            + at.getHostString()
            + ":"
            + at.getPort()
            + ")",
        String.format(
            Locale.ROOT,
            "token server stopped at %.1f s and restarted empty at %.1f s",
            ab[0],
            ab[1]),
        "the token server",
        end,
        "tokenServer",
        m);
  }
}
