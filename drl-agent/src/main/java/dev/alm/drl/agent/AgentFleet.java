package dev.alm.drl.agent;

import dev.alm.io.Clocks;
import dev.alm.io.KeyRing;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetSocketAddress;
import java.nio.channels.DatagramChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

/**
 * N agents in one process on loopback, each with its own UDP socket (and its own SWIM member when
 * asked), all on one shared event-loop group: the fixture of the agent tests and of {@code alm drl
 * agents}. Agents can be stopped and started again by id (a restart is a new incarnation).
 */
public final class AgentFleet implements AutoCloseable {

  /** How the fleet's agents find each other. */
  public enum MembershipKind {
    STATIC,
    SWIM
  }

  private final IntFunction<AgentSettings> settings;
  private final KeyRing keys;
  private final MembershipKind kind;
  private final EventLoopGroup group;
  private final Clocks clocks;
  private final DrlAgent[] agents;
  private final LocalLimits[] pops;
  private LinkFaults faults = LinkFaults.NONE;
  private final InetSocketAddress[] gossip;
  private final List<String> seeds = new ArrayList<>();
  private final SwimMembership[] swims;
  private final List<DrlAgent> crashed = new ArrayList<>();
  private long lastIncarnation;

  /**
   * Starts {@code n} agents, each in front of a {@link SyntheticLimits}.
   *
   * @param settings the settings of agent i
   * @param threads event-loop threads shared by all agents
   */
  public AgentFleet(
      int n,
      IntFunction<AgentSettings> settings,
      KeyRing keys,
      MembershipKind kind,
      int threads,
      Clocks clocks)
      throws Exception {
    this(n, settings, i -> new SyntheticLimits(), keys, kind, threads, clocks);
  }

  /**
   * Starts {@code n} agents, agent i in front of {@code limits.apply(i)}.
   *
   * @param settings the settings of agent i
   * @param threads event-loop threads shared by all agents
   */
  public AgentFleet(
      int n,
      IntFunction<AgentSettings> settings,
      IntFunction<LocalLimits> limits,
      KeyRing keys,
      MembershipKind kind,
      int threads,
      Clocks clocks)
      throws Exception {
    this.settings = settings;
    this.keys = keys;
    this.kind = kind;
    this.clocks = clocks;
    this.group = new NioEventLoopGroup(threads, new DefaultThreadFactory("drl-agents", true));
    this.agents = new DrlAgent[n];
    this.pops = new LocalLimits[n];
    this.gossip = new InetSocketAddress[n];
    this.swims = new SwimMembership[n];
    for (int i = 0; i < n; i++) {
      pops[i] = limits.apply(i);
    }
    try {
      if (kind == MembershipKind.STATIC) {
        List<DatagramChannel> holders = new ArrayList<>();
        for (int i = 0; i < n; i++) {
          DatagramChannel c = DatagramChannel.open();
          c.bind(new InetSocketAddress("127.0.0.1", 0));
          gossip[i] = (InetSocketAddress) c.getLocalAddress();
          holders.add(c);
        }
        for (DatagramChannel c : holders) {
          c.close();
        }
      } else {
        for (int i = 0; i < n; i++) {
          gossip[i] = new InetSocketAddress("127.0.0.1", 0);
        }
      }
      for (int i = 0; i < n; i++) {
        start(i);
      }
    } catch (Exception e) {
      close();
      throw e;
    }
  }

  /** Starts (or restarts) agent {@code i}, a new incarnation. */
  public synchronized void start(int i) throws Exception {
    if (agents[i] != null) {
      throw new IllegalStateException("agent " + i + " is running");
    }
    long inc = Math.max(clocks.millis(), lastIncarnation + 1);
    lastIncarnation = inc;
    AgentCore core = new AgentCore(settings.apply(i), keys, inc, 1000L * i + inc);
    Membership m;
    if (kind == MembershipKind.STATIC) {
      m = new StaticMembership(List.of(gossip));
    } else {
      SwimMembership s =
          SwimMembership.of(
              "127.0.0.1",
              0,
              List.copyOf(seeds),
              new SignedSwimCodec(keys, clocks.millisClock(), SignedSwimCodec.DEFAULT_MAX_AGE_MS));
      swims[i] = s;
      m = s;
    }
    // with SWIM the alias carries the address: a restart takes any free port
    InetSocketAddress bind =
        kind == MembershipKind.SWIM ? new InetSocketAddress("127.0.0.1", 0) : gossip[i];
    agents[i] =
        DrlAgent.start(core, bind, m, pops[i], group, clocks.nanoClock(), clocks.millisClock());
    agents[i].faults(faults);
    if (kind == MembershipKind.SWIM) {
      gossip[i] = agents[i].address();
      String a = swims[i].address();
      if (!a.isEmpty() && seeds.size() < 3 && !seeds.contains(a)) {
        seeds.add(a);
      }
    }
  }

  /** Stops agent {@code i} (its socket and SWIM member go away). */
  public synchronized void stop(int i) {
    if (agents[i] != null) {
      agents[i].close();
      agents[i] = null;
      if (pops[i] instanceof SyntheticLimits sl) {
        sl.clearShares();
      }
    }
  }

  /** Crashes agent {@code i}: no leave message; SWIM has to detect it. */
  public synchronized void crash(int i) {
    if (agents[i] != null) {
      agents[i].crash();
      crashed.add(agents[i]);
      agents[i] = null;
      if (pops[i] instanceof SyntheticLimits sl) {
        sl.clearShares();
      }
    }
  }

  public int size() {
    return agents.length;
  }

  /** Agent {@code i}, or null while stopped. */
  public synchronized DrlAgent agent(int i) {
    return agents[i];
  }

  /** The synthetic PoP behind agent {@code i} (a fleet started with synthetic PoPs). */
  public SyntheticLimits pop(int i) {
    return (SyntheticLimits) pops[i];
  }

  /** Injects loss and delay into every agent's sending, now and after restarts. */
  public synchronized void faults(LinkFaults f) {
    faults = f == null ? LinkFaults.NONE : f;
    for (DrlAgent a : agents) {
      if (a != null) {
        a.faults(faults);
      }
    }
  }

  /** The counters of every running agent, summed: datagrams and bytes sent. */
  public synchronized long[] sent() {
    long datagrams = 0;
    long bytes = 0;
    for (DrlAgent a : agents) {
      if (a != null) {
        AgentCounters c = a.status().counters();
        datagrams += c.sentDatagrams();
        bytes += c.sentBytes();
      }
    }
    return new long[] {datagrams, bytes};
  }

  @Override
  public synchronized void close() {
    for (int i = 0; i < agents.length; i++) {
      stop(i);
    }
    for (DrlAgent a : crashed) {
      a.close();
    }
    crashed.clear();
    group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
  }
}
