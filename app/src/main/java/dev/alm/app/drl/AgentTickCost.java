package dev.alm.app.drl;

import dev.alm.drl.agent.AgentCore;
import dev.alm.drl.agent.AgentCounters;
import dev.alm.drl.agent.AgentSettings;
import dev.alm.drl.agent.CustomerLimit;
import dev.alm.drl.agent.Datagram;
import dev.alm.drl.agent.Tick;
import dev.alm.io.KeyRing;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The live agent's cost per estimate interval: {@code pops} {@link AgentCore}s, each sharing the
 * same {@code customers} with one algorithm, wired to each other in memory on one thread (every
 * datagram encoded, signed, delivered, verified and decoded, as on the wire but without the
 * socket), on a virtual clock of 50 ms intervals. The CPU is the thread's CPU time over whole
 * intervals (every PoP's tick and every delivery) divided by the PoPs: one agent's share of an
 * interval, the socket's system calls excluded. Bytes are UDP payloads as encoded.
 */
final class AgentTickCost {

  /** The interval of the virtual clock: the agents' default, 50 ms. */
  static final long STEP_NANOS = 50_000_000L;

  /** The bytes paper 001 charges per gossip update, the simulator's nominal size. */
  static final double PAPER_UPDATE_BYTES = 48;

  private static final KeyRing KEYS = KeyRing.ofText("agent-tick-cost-0123456789abcdef");

  /**
   * One measurement.
   *
   * @param algorithm the customers' algorithm
   * @param pops agents
   * @param customers customers per agent
   * @param intervals intervals timed
   * @param microsPerInterval CPU per agent per interval, µs
   * @param datagramsPerInterval datagrams sent per agent per interval
   * @param bytesPerInterval UDP payload bytes sent per agent per interval
   * @param entries customer entries sent per agent per interval
   */
  record Figure(
      String algorithm,
      int pops,
      int customers,
      long intervals,
      double microsPerInterval,
      double datagramsPerInterval,
      double bytesPerInterval,
      double entries) {

    /** CPU per customer per agent per interval, ns. */
    double nanosPerCustomer() {
      return microsPerInterval * 1000 / customers;
    }

    /** Bytes sent per customer per agent per interval. */
    double bytesPerCustomer() {
      return bytesPerInterval / customers;
    }

    /** Bytes per customer entry sent, headers and MACs shared out. */
    double bytesPerEntry() {
      return entries > 0 ? bytesPerInterval / entries : Double.NaN;
    }
  }

  private final AgentCore[] cores;
  private final double[][] demand;
  private long now;

  private AgentTickCost(String algorithm, int pops, int customers, long seed) {
    List<CustomerLimit> list = new ArrayList<>(customers);
    for (int c = 0; c < customers; c++) {
      list.add(new CustomerLimit("customer-" + c, 1000.0 * (1 + c % 7), algorithm));
    }
    cores = new AgentCore[pops];
    demand = new double[pops][customers];
    SplittableRandom r = new SplittableRandom(seed);
    for (int i = 0; i < pops; i++) {
      cores[i] = new AgentCore(AgentSettings.defaults(i, pops, list), KEYS, 1000, seed + i);
      for (int j = 0; j < pops; j++) {
        cores[i].onMembership(j, true);
      }
      for (int c = 0; c < customers; c++) {
        // twice the limit in all, unevenly over the PoPs
        demand[i][c] = list.get(c).limit() * 2 / pops * (0.2 + 1.6 * r.nextDouble());
      }
    }
  }

  /** One interval of every agent, the datagrams delivered at its end. */
  private void interval() {
    now += STEP_NANOS;
    List<Datagram> sent = new ArrayList<>();
    for (int i = 0; i < cores.length; i++) {
      double[] d = demand[i];
      Tick t = cores[i].tick(now, name -> d[index(name)]);
      sent.addAll(t.datagrams());
    }
    for (Datagram g : sent) {
      cores[g.to()].onDatagram(g.bytes(), 0, g.bytes().length, now + 1);
    }
  }

  /** Datagrams, payload bytes and customer entries sent so far by every agent. */
  private long[] sent() {
    long[] s = new long[3];
    for (AgentCore c : cores) {
      AgentCounters k = c.counters();
      s[0] += k.sentDatagrams();
      s[1] += k.sentBytes();
      s[2] += k.sentEntries();
    }
    return s;
  }

  private static int index(String name) {
    return Integer.parseInt(name, "customer-".length(), name.length(), 10);
  }

  /**
   * Measures {@code algorithm} with {@code pops} agents and {@code customers} customers each:
   * warm-up for half of {@code millis} of CPU, then whole intervals for {@code millis}.
   */
  static Figure measure(String algorithm, int pops, int customers, long millis) {
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    AgentTickCost net = new AgentTickCost(algorithm, pops, customers, 7);
    long warm = mx.getCurrentThreadCpuTime() + millis * 500_000L;
    // at least twice the silence on the virtual clock, so every agent is in normal mode
    int startUp = (int) Math.ceil(2 * AgentSettings.DEFAULT_SILENCE / (STEP_NANOS / 1e9));
    for (int k = 0; k < startUp || mx.getCurrentThreadCpuTime() < warm; k++) {
      net.interval();
    }
    long[] before = net.sent();
    long cpu0 = mx.getCurrentThreadCpuTime();
    long end = cpu0 + millis * 1_000_000L;
    long n = 0;
    do {
      net.interval();
      n++;
    } while (mx.getCurrentThreadCpuTime() < end);
    double cpu = mx.getCurrentThreadCpuTime() - cpu0;
    long[] after = net.sent();
    double perAgent = (double) n * pops;
    return new Figure(
        algorithm,
        pops,
        customers,
        n,
        cpu / perAgent / 1000,
        (after[0] - before[0]) / perAgent,
        (after[1] - before[1]) / perAgent,
        (after[2] - before[2]) / perAgent);
  }

  /**
   * Prints the table of {@code alm drl bench --part agent}: every algorithm with each of {@code
   * customerCounts}, {@code pops} agents, {@code millis} of CPU per figure.
   */
  static void report(PrintWriter o, int pops, List<Integer> customerCounts, long millis) {
    o.println();
    o.printf(
        Locale.ROOT,
        "(agent) one agent's share of a 50 ms interval, %d agents gossiping in memory (every"
            + " datagram signed, delivered, verified), %d ms of CPU per figure after a warm-up%n",
        pops,
        millis);
    o.printf(
        Locale.ROOT,
        "  %-6s %9s | %10s %10s | %9s %9s %10s %9s %9s%n",
        "alg",
        "customers",
        "us/intvl",
        "ns/cust",
        "dgrams",
        "entries",
        "B/intvl",
        "B/cust/s",
        "B/entry");
    // one untimed run first, so the first row does not pay for the JIT (signing, decoding)
    measure(CustomerLimit.DEFAULT_ALGORITHM, pops, customerCounts.get(0), millis);
    for (String alg : CustomerLimit.ALGORITHMS) {
      for (int customers : customerCounts) {
        System.err.printf(Locale.ROOT, "alm drl bench: agent, %s, %d customers%n", alg, customers);
        Figure f = measure(alg, pops, customers, millis);
        o.printf(
            Locale.ROOT,
            "  %-6s %9d | %10.1f %10.0f | %9.2f %9.1f %10.0f %9.0f %9.1f%n",
            alg,
            customers,
            f.microsPerInterval(),
            f.nanosPerCustomer(),
            f.datagramsPerInterval(),
            f.entries(),
            f.bytesPerInterval(),
            f.bytesPerCustomer() * 1e9 / STEP_NANOS,
            f.bytesPerEntry());
        o.flush();
      }
    }
    o.printf(
        Locale.ROOT,
        "  per entry: UDP payload per customer entry, headers and MAC shared out; the simulator"
            + " charges paper 001's %.0f B per update%n",
        PAPER_UPDATE_BYTES);
  }
}
