package dev.alm.drl.central;

import dev.alm.io.KeyRing;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * A hostile measurement of a token server on loopback: real {@link TokenLeaseClient}s ask for
 * leases at a paced rate while flood threads send forged lease requests (well formed, signed with a
 * wrong key) from one or many 127.0.0.x source addresses, as fast as this machine can, bounded in
 * time and count. Counts the real asks that got no grant, and the calls their clients answered by
 * policy. Used by the flood test and {@code alm drl token-flood}.
 */
public final class TokenFlood {

  /** Source addresses of the flood: 127.0.0.2 onwards (the real clients ask from 127.0.0.1). */
  public static final int MAX_FLOOD_ADDRESSES = 250;

  private final InetSocketAddress server;
  private final KeyRing keys;
  private final int clients;
  private final int callsPerSecond;
  private final int floodAddresses;
  private final int floodThreads;
  private final Duration duration;
  private final long maxForged;

  /**
   * @param server the token server's address (loopback)
   * @param keys the fleet key the real clients sign with
   * @param clients real lease clients, each from 127.0.0.1
   * @param callsPerSecond calls of customer {@code acme} per client per second, paced
   * @param floodAddresses 0 (no flood) to {@value #MAX_FLOOD_ADDRESSES} source addresses
   * @param floodThreads threads sending the forged requests
   * @param duration how long the clients ask and the flood runs
   * @param maxForged most forged datagrams sent in all
   */
  public TokenFlood(
      InetSocketAddress server,
      KeyRing keys,
      int clients,
      int callsPerSecond,
      int floodAddresses,
      int floodThreads,
      Duration duration,
      long maxForged) {
    if (!server.getAddress().isLoopbackAddress()) {
      throw new IllegalArgumentException("a flood is sent to loopback only: " + server);
    }
    if (floodAddresses < 0 || floodAddresses > MAX_FLOOD_ADDRESSES) {
      throw new IllegalArgumentException(
          "flood addresses must be 0 to " + MAX_FLOOD_ADDRESSES + ": " + floodAddresses);
    }
    if (clients < 1 || callsPerSecond < 1 || floodThreads < 1 || maxForged < 0) {
      throw new IllegalArgumentException("clients, calls/s and flood threads must be >= 1");
    }
    if (duration.toMillis() < 100 || duration.toSeconds() > 600) {
      throw new IllegalArgumentException("duration must be 100 ms to 10 min: " + duration);
    }
    this.server = server;
    this.keys = keys;
    this.clients = clients;
    this.callsPerSecond = callsPerSecond;
    this.floodAddresses = floodAddresses;
    this.floodThreads = Math.min(floodThreads, Math.max(1, floodAddresses));
    this.duration = duration;
    this.maxForged = maxForged;
  }

  /**
   * What one run gave.
   *
   * @param asks lease requests the real clients sent
   * @param lostAsks of those, requests that got no grant (never answered)
   * @param lateAsks of those, requests whose grant came after the client's timeout (the calls
   *     waiting for it had been answered by policy)
   * @param failedCalls calls the clients answered by their failure policy (after a timeout, or at
   *     once while the server was taken for down)
   * @param calls calls made in all
   * @param forged forged datagrams sent
   * @param seconds how long the run took
   */
  public record Result(
      long asks,
      long lostAsks,
      long lateAsks,
      long failedCalls,
      long calls,
      long forged,
      double seconds) {

    /** Real asks that failed (no grant within the timeout): the figure to keep at 0. */
    public long legitFailures() {
      return lostAsks + lateAsks;
    }

    /** Forged datagrams sent per second. */
    public double forgedPerSecond() {
      return seconds > 0 ? forged / seconds : 0;
    }

    @Override
    public String toString() {
      return String.format(
          Locale.ROOT,
          "%d real asks, %d failed (%d never answered, %d answered late), %d of %d calls"
              + " answered by policy; %d forged requests in %.1f s (%.0f/s)",
          asks,
          legitFailures(),
          lostAsks,
          lateAsks,
          failedCalls,
          calls,
          forged,
          seconds,
          forgedPerSecond());
    }
  }

  /** Runs the clients and the flood for the duration; returns when both have stopped. */
  public Result run() throws Exception {
    List<TokenLeaseClient> cs = new ArrayList<>();
    try {
      for (int i = 0; i < clients; i++) {
        cs.add(
            TokenLeaseClient.start(
                TokenLeaseClientConfig.builder(server, keys)
                    .policy(FailurePolicy.FAIL_CLOSED)
                    .build()));
      }
      // Warm up: one grant each before the flood, so the first ask is not the JVM's first.
      for (TokenLeaseClient c : cs) {
        c.tryAcquire("acme", 1).toCompletableFuture().get(5, TimeUnit.SECONDS);
      }
      long asks0 = 0;
      long grants0 = 0;
      long failed0 = 0;
      long late0 = 0;
      for (TokenLeaseClient c : cs) {
        late0 += c.lateGrants();
        asks0 += c.requestsSent();
        grants0 += c.grantsReceived();
        failed0 += c.counters().failedClosed();
      }
      long start = System.nanoTime();
      long end = start + duration.toNanos();
      AtomicLong forged = new AtomicLong();
      AtomicLong calls = new AtomicLong();
      List<Thread> threads = new ArrayList<>();
      for (TokenLeaseClient c : cs) {
        threads.add(thread("alm-flood-client", () -> ask(c, end, calls)));
      }
      for (int t = 0; t < (floodAddresses == 0 ? 0 : floodThreads); t++) {
        int first = t;
        threads.add(thread("alm-flood", () -> flood(first, end, forged)));
      }
      threads.forEach(Thread::start);
      for (Thread t : threads) {
        t.join(duration.toMillis() + 30_000);
      }
      double seconds = (System.nanoTime() - start) / 1e9;
      Thread.sleep(300); // grants still on their way, and timeouts still to fire
      long asks = -asks0;
      long grants = -grants0;
      long failed = -failed0;
      long late = -late0;
      for (TokenLeaseClient c : cs) {
        late += c.lateGrants();
        asks += c.requestsSent();
        grants += c.grantsReceived();
        failed += c.counters().failedClosed();
      }
      return new Result(asks, asks - grants, late, failed, calls.get(), forged.get(), seconds);
    } finally {
      cs.forEach(TokenLeaseClient::close);
    }
  }

  private void ask(TokenLeaseClient c, long end, AtomicLong calls) {
    long interval = TimeUnit.SECONDS.toNanos(1) / callsPerSecond;
    long next = System.nanoTime();
    while (next < end) {
      c.tryAcquire("acme", 1);
      calls.incrementAndGet();
      next += interval;
      long wait = next - System.nanoTime();
      if (wait > 0) {
        LockSupport.parkNanos(wait);
      }
    }
  }

  /** Sends forged requests from addresses first, first + threads, ... in turn. */
  private void flood(int first, long end, AtomicLong forged) {
    LeaseCodec forger = new LeaseCodec(KeyRing.ofText("not-the-fleet-key-0000000"));
    SplittableRandom rnd = new SplittableRandom(first);
    List<ByteBuffer> junk = new ArrayList<>();
    for (int i = 0; i < 256; i++) {
      junk.add(
          ByteBuffer.wrap(
              forger.encode(
                  new LeaseCodec.Request(
                      rnd.nextLong(), 1 + i, System.currentTimeMillis(), 1_000_000, "acme"))));
    }
    List<DatagramChannel> socks = new ArrayList<>();
    try {
      for (int a = first; a < floodAddresses; a += floodThreads) {
        DatagramChannel ch = DatagramChannel.open();
        socks.add(ch);
        ch.bind(new InetSocketAddress(InetAddress.getByAddress(source(a)), 0));
        ch.connect(server);
      }
      // In rounds of 256 datagrams: the shared count and the clock are read once a round.
      while (System.nanoTime() < end && forged.addAndGet(256) <= maxForged) {
        for (int i = 0; i < 256; i++) {
          ByteBuffer b = junk.get(i);
          b.rewind();
          try {
            socks.get(i % socks.size()).write(b);
          } catch (IOException e) {
            // ICMP port unreachable reported on a connected socket: keep sending.
          }
        }
      }
    } catch (IOException e) {
      throw new IllegalStateException("flood socket: " + e.getMessage(), e);
    } finally {
      for (DatagramChannel ch : socks) {
        try {
          ch.close();
        } catch (IOException ignored) {
          // closing a datagram socket
        }
      }
    }
  }

  private static byte[] source(int i) {
    return new byte[] {127, 0, 0, (byte) (2 + i)};
  }

  private static Thread thread(String name, Runnable r) {
    Thread t = new Thread(r, name);
    t.setDaemon(true);
    return t;
  }
}
