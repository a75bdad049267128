package dev.alm.drl.agent;

import static dev.alm.drl.agent.ThreeAgents.C;
import static dev.alm.drl.agent.ThreeAgents.KEYS;
import static dev.alm.drl.agent.ThreeAgents.L;
import static dev.alm.drl.agent.ThreeAgents.settings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.nio.channels.DatagramChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A captured datagram replayed to another receiver, on real loopback sockets: three agents with a
 * static membership, agent 0's datagrams to agent 1 pass through a relay that copies them, and an
 * attacker on a socket of its own sends every copy to agent 2 as soon as it is captured (so its
 * sequence number is new to agent 2's window for agent 0). Agent 2 must refuse each copy, never
 * send to the attacker, and the shares must stay within L.
 */
class GossipReplayLoopbackTest {

  final List<AutoCloseable> open = new ArrayList<>();
  final SyntheticLimits[] pops = {
    new SyntheticLimits(), new SyntheticLimits(), new SyntheticLimits()
  };
  final DrlAgent[] agents = new DrlAgent[3];
  EventLoopGroup group;

  @AfterEach
  void stop() throws Exception {
    for (int i = open.size() - 1; i >= 0; i--) {
      open.get(i).close();
    }
    if (group != null) {
      group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
  }

  static InetSocketAddress[] freePorts(int n) throws Exception {
    InetSocketAddress[] out = new InetSocketAddress[n];
    List<DatagramChannel> holders = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      DatagramChannel c = DatagramChannel.open();
      c.bind(new InetSocketAddress("127.0.0.1", 0));
      out[i] = (InetSocketAddress) c.getLocalAddress();
      holders.add(c);
    }
    for (DatagramChannel c : holders) {
      c.close();
    }
    return out;
  }

  final ThreeAgents shares = new ThreeAgents(i -> pops[i]);

  /** Refusals of agent {@code i} under the reason labelled {@code label} (0 if no such reason). */
  long rejected(int i, String label) {
    long n = 0;
    for (var e : agents[i].status().counters().rejected().entrySet()) {
      if (e.getKey().label().equals(label)) {
        n += e.getValue();
      }
    }
    return n;
  }

  /** What a socket loop does with each datagram it receives. */
  interface OnDatagram {
    void received(DatagramPacket p) throws Exception;
  }

  /** Receives on {@code s} until the test ends, on a daemon thread. */
  void loop(String name, DatagramSocket s, AtomicBoolean running, OnDatagram on) throws Exception {
    s.setSoTimeout(100);
    Thread t =
        new Thread(
            () -> {
              byte[] buf = new byte[2048];
              while (running.get()) {
                DatagramPacket p = new DatagramPacket(buf, buf.length);
                try {
                  s.receive(p);
                  on.received(p);
                } catch (SocketTimeoutException e) {
                  // keep listening
                } catch (Exception e) {
                  return; // the socket closed at the end of the test
                }
              }
            },
            name);
    t.setDaemon(true);
    t.start();
  }

  DatagramSocket socket() throws Exception {
    DatagramSocket s = new DatagramSocket(new InetSocketAddress("127.0.0.1", 0));
    open.add(s);
    return s;
  }

  /** The largest sum of the three shares over {@code seconds}, sampled every 10 ms. */
  double largestSum(double seconds) throws InterruptedException {
    double max = 0;
    long end = System.nanoTime() + (long) (seconds * 1e9);
    while (System.nanoTime() < end) {
      max = Math.max(max, shares.sum());
      Thread.sleep(10);
    }
    return max;
  }

  @Test
  void aDatagramCapturedOnItsWayToOnePeerAndReplayedToAnotherIsRefusedThere() throws Exception {
    InetSocketAddress[] gossip = freePorts(3);
    // the link between agents 0 and 1 passes through two relay sockets, as through a NAT: agent 0
    // sends to agent 1 at relay A, agent 1 to agent 0 at relay B; A forwards from B and B from A
    DatagramSocket relayA = socket();
    DatagramSocket relayB = socket();
    DatagramSocket attacker = socket();
    group = new NioEventLoopGroup(1, new DefaultThreadFactory("drl-replay-test", true));
    for (int i = 0; i < 3; i++) {
      List<InetSocketAddress> members = new ArrayList<>(List.of(gossip));
      if (i == 0) {
        members.set(1, (InetSocketAddress) relayA.getLocalSocketAddress());
      } else if (i == 1) {
        members.set(0, (InetSocketAddress) relayB.getLocalSocketAddress());
      }
      AgentCore core = new AgentCore(settings(i), KEYS, System.currentTimeMillis() + i, 7L * i);
      agents[i] =
          DrlAgent.start(
              core,
              gossip[i],
              new StaticMembership(members),
              pops[i],
              group,
              System::nanoTime,
              System::currentTimeMillis);
      open.add(agents[i]);
    }
    AtomicBoolean attacking = new AtomicBoolean();
    AtomicLong replayed = new AtomicLong();
    AtomicLong toAttacker = new AtomicLong();
    AtomicBoolean running = new AtomicBoolean(true);
    open.add(() -> running.set(false));
    loop(
        "relay-a",
        relayA,
        running,
        p -> {
          relayB.send(new DatagramPacket(p.getData(), p.getLength(), gossip[1]));
          // the capture: each datagram of agent 0 to agent 1 is sent to agent 2 at once, from the
          // attacker's own socket, so its sequence number is new to agent 2's window for agent 0
          if (attacking.get()) {
            attacker.send(new DatagramPacket(p.getData(), p.getLength(), gossip[2]));
            // and to its own receiver, which must take it once (original or copy, whichever wins)
            attacker.send(new DatagramPacket(p.getData(), p.getLength(), gossip[1]));
            replayed.incrementAndGet();
          }
        });
    loop(
        "relay-b",
        relayB,
        running,
        p -> relayA.send(new DatagramPacket(p.getData(), p.getLength(), gossip[0])));
    loop("attacker", attacker, running, p -> toAttacker.incrementAndGet());

    pops[0].demand(C, 300.0);
    pops[1].demand(C, 300.0);
    pops[2].demand(C, 600.0);
    assertTrue(
        AgentLoopbackTest.await(() -> shares.proportional(300, 300, 600, 0.03), 10),
        () ->
            "converged first: "
                + shares.share(0)
                + ", "
                + shares.share(1)
                + ", "
                + shares.share(2)
                + "; "
                + agents[0].status()
                + "; "
                + agents[2].status());
    double quietMax = largestSum(4);
    long acceptedBefore = agents[2].status().counters().accepted();
    long replaysBefore = rejected(1, "replay");
    attacking.set(true);
    double maxSum = largestSum(4);
    attacking.set(false);
    Thread.sleep(300);
    long refused = rejected(2, "wrong-receiver");
    long copies = rejected(1, "replay") - replaysBefore;
    System.out.printf(
        "replayed %d to agent 2: refused as wrong-receiver %d, accepted by agent 2 meanwhile %d,"
            + " datagrams agent 2 sent to the attacker %d; copies to agent 1 refused as replay %d;"
            + " largest sum of shares %.1f under attack, %.1f before (L = %.0f)%n",
        replayed.get(),
        refused,
        agents[2].status().counters().accepted() - acceptedBefore,
        toAttacker.get(),
        copies,
        maxSum,
        quietMax,
        L);
    assertTrue(replayed.get() > 20, "the relay captured and replayed " + replayed.get());
    assertEquals(0, toAttacker.get(), "datagrams agent 2 sent to the attacker");
    assertEquals(replayed.get(), refused, "every replayed copy refused as wrong-receiver");
    assertEquals(replayed.get(), copies, "each datagram taken once by its own receiver");
    assertTrue(maxSum <= 1.05 * L, "sum of shares under the replay reached " + maxSum);
    assertTrue(
        shares.proportional(300, 300, 600, 0.03),
        () ->
            "shares after the replay: "
                + shares.share(0)
                + ", "
                + shares.share(1)
                + ", "
                + shares.share(2));
  }
}
