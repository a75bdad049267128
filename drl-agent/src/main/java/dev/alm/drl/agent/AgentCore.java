package dev.alm.drl.agent;

import dev.alm.io.KeyRing;
import dev.alm.ratelimit.alloc.Envelope;
import dev.alm.ratelimit.alloc.LocalMeasurement;
import dev.alm.ratelimit.alloc.StepInput;
import dev.alm.ratelimit.gossip.Ewma;
import dev.alm.ratelimit.gossip.GossipState;
import dev.alm.ratelimit.gossip.GossipUpdate;
import dev.alm.ratelimit.gossip.PushSumGossip;
import dev.alm.ratelimit.gossip.SumGossip;
import dev.alm.ratelimit.gossip.TableGossip;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.ToDoubleFunction;

/**
 * One PoP's DRL agent as a pure core: received datagrams, membership changes and the clock reading
 * go in, shares and signed datagrams come out. No sockets, no threads, no clock; the caller owns
 * one core per agent and calls it from one thread.
 *
 * <p>Per estimate interval and customer ({@link #tick}): the local demand is folded into its EWMA
 * r_i (paper 001 section 3.1); part 1's gossip estimator ({@link TableGossip} by default, {@link
 * PushSumGossip} on request) merges the updates received since the previous interval, estimates D =
 * sum of r_j over the PoPs reachable and draws br peers; {@link ShareRule} turns r_i, D and the
 * limit available into the share. One datagram per drawn peer carries every customer's update (the
 * same peers are drawn for all customers), so control traffic grows with customers x br.
 *
 * <p>Failure handling (docs/ratelimit/agent.md): a peer not heard for the peer timeout is silent,
 * and L/N stays reserved for it (its safe share) unless the membership layer removed it (crashed)
 * and this PoP hears a majority of the N, in which case the survivors inherit its share (paper 000
 * section IV's best-friend inheritance, spread over all survivors by demand since gossip has no
 * graph). A PoP that hears nobody for the silence timeout keeps its last share for the lease
 * ({@link Mode#LEASE}), then L/N ({@link Mode#SAFE}).
 *
 * <p>Datagrams are authenticated ({@link PacketCodec}), each signed for its one receiver, and
 * checked against a replay window per sender ({@link ReplayWindow}); refused ones change nothing
 * but a counter. A datagram's source address plays no part here: where the agent sends is the
 * membership's business ({@link DrlAgent}).
 */
public final class AgentCore {

  private final AgentSettings settings;
  private final PacketCodec codec;
  private final long incarnation;
  private final SumGossip gossip;
  private final double ewmaPerInterval;
  private final SplittableRandom random;
  private Customer[] customers;
  private final Map<Integer, Customer> byKey = new HashMap<>();
  private final ReplayWindow[] windows;
  private final long[] lastHeard;
  private final boolean[] alive;
  private final boolean[] removed;
  private final long silenceNanos;
  private final long peerTimeoutNanos;
  private final long leaseNanos;

  private long seq;
  private long tableSeq;
  private long normalSince;
  private long lastAnyHeard = Long.MIN_VALUE;
  private boolean everNormal;
  private Mode mode = Mode.SAFE;
  private long accepted;
  private long unknownEntries;
  private long sentDatagrams;
  private long sentBytes;
  private final EnumMap<RejectReason, Long> rejected = new EnumMap<>(RejectReason.class);

  private static final class Customer {
    CustomerLimit limit;
    final GossipState state;
    final List<Envelope<GossipUpdate>> inbox = new ArrayList<>();
    final long[] offset;
    final long[] maxSeen;
    double rate;
    boolean measured;
    double share;
    double lastNormalShare;
    double globalDemand;

    Customer(CustomerLimit limit, GossipState state, int n) {
      this.limit = limit;
      this.state = state;
      this.offset = new long[n];
      this.maxSeen = new long[n];
    }
  }

  /**
   * @param settings the agent's configuration
   * @param keys the gossip key ring
   * @param incarnation this run's start time in ms since the epoch (read by the caller)
   * @param seed the seed of the peer draws
   */
  public AgentCore(AgentSettings settings, KeyRing keys, long incarnation, long seed) {
    this.settings = settings;
    this.codec = new PacketCodec(keys);
    this.incarnation = incarnation;
    int n = settings.limiters();
    this.gossip =
        settings.gossip() == AgentSettings.GossipMode.PUSH_SUM
            ? new PushSumGossip(n, settings.fanOut(), true)
            : new TableGossip(n, settings.fanOut(), true);
    this.ewmaPerInterval = Ewma.perInterval(settings.ewma(), settings.interval());
    this.random = new SplittableRandom(seed);
    this.customers = new Customer[settings.customers().size()];
    for (int i = 0; i < customers.length; i++) {
      CustomerLimit c = settings.customers().get(i);
      customers[i] = new Customer(c, gossip.initial(settings.id(), 0), n);
      customers[i].share = c.limit() / n;
      byKey.put(c.key(), customers[i]);
    }
    this.windows = new ReplayWindow[n];
    for (int i = 0; i < n; i++) {
      windows[i] = new ReplayWindow();
    }
    this.lastHeard = new long[n];
    Arrays.fill(lastHeard, Long.MIN_VALUE);
    this.alive = new boolean[n];
    this.removed = new boolean[n];
    this.silenceNanos = nanos(settings.silence());
    this.peerTimeoutNanos = nanos(settings.effectivePeerTimeout());
    this.leaseNanos = nanos(settings.lease());
    for (RejectReason r : RejectReason.values()) {
      rejected.put(r, 0L);
    }
  }

  /**
   * Replaces the customers (a {@code POST /customers} at the PoP): one that keeps its name keeps
   * its demand, gossip state and share and takes its new limit; a new one starts from nothing
   * heard, so until the first estimates of its peers arrive (an interval or a few) the PoP sees
   * only its own demand; one that is gone is no longer gossiped (peers that still have it count its
   * entries as unknown). The list is checked as at start ({@link AgentSettings#checkedCustomers});
   * a list that does not fit changes nothing. Call on the agent's thread.
   *
   * @throws IllegalArgumentException when the list does not fit
   */
  public void setCustomers(List<CustomerLimit> next) {
    AgentSettings.checkedCustomers(next);
    int n = settings.limiters();
    Map<String, Customer> byName = new HashMap<>();
    for (Customer c : customers) {
      byName.put(c.limit.name(), c);
    }
    Customer[] fresh = new Customer[next.size()];
    byKey.clear();
    for (int i = 0; i < fresh.length; i++) {
      CustomerLimit l = next.get(i);
      Customer c = byName.get(l.name());
      if (c == null) {
        c = new Customer(l, gossip.initial(settings.id(), 0), n);
        c.share = l.limit() / n;
      } else {
        c.limit = l;
      }
      fresh[i] = c;
      byKey.put(l.key(), c);
    }
    customers = fresh;
  }

  /** The customers' limits now, in order. */
  public List<CustomerLimit> customerLimits() {
    List<CustomerLimit> out = new ArrayList<>(customers.length);
    for (Customer c : customers) {
      out.add(c.limit);
    }
    return out;
  }

  private static long nanos(double seconds) {
    return Math.round(seconds * 1e9);
  }

  public AgentSettings settings() {
    return settings;
  }

  /** This run's incarnation. */
  public long incarnation() {
    return incarnation;
  }

  /** The mode decided at the latest tick. */
  public Mode mode() {
    return mode;
  }

  /**
   * A membership change from the membership layer (SWIM): {@code up} when the peer joined or is
   * alive, false when it was removed (failed or left).
   */
  public void onMembership(int peer, boolean up) {
    if (peer < 0 || peer >= settings.limiters() || peer == settings.id()) {
      return;
    }
    alive[peer] = up;
    removed[peer] = !up;
  }

  /** Handles one received datagram at time {@code now} (ns, the caller's monotonic clock). */
  public Receipt onDatagram(byte[] data, int off, int len, long now) {
    PacketCodec.Decoded d = codec.decode(data, off, len, settings.id());
    if (d instanceof PacketCodec.Refused r) {
      return reject(r.reason());
    }
    GossipPacket p = ((PacketCodec.Valid) d).packet();
    int from = p.sender();
    if (from < 0 || from >= settings.limiters() || from == settings.id()) {
      return reject(RejectReason.BAD_SENDER);
    }
    ReplayWindow w = windows[from];
    if (!w.fresh(p.incarnation(), p.seq())) {
      return reject(RejectReason.REPLAY);
    }
    boolean restarted = w.incarnation() != Long.MIN_VALUE && w.incarnation() != p.incarnation();
    w.accept(p.incarnation(), p.seq());
    for (Customer c : customers) {
      if (restarted) {
        // the estimators keep the highest sequence number per sender: continue above it
        c.offset[from] = c.maxSeen[from];
      }
    }
    for (DemandEntry e : p.entries()) {
      Customer c = byKey.get(e.customerKey());
      if (c == null) {
        unknownEntries++;
        continue;
      }
      long s = e.seq() + c.offset[from];
      c.maxSeen[from] = Math.max(c.maxSeen[from], s);
      c.inbox.add(new Envelope<>(from, settings.id(), new GossipUpdate(s, e.value(), e.weight())));
    }
    accepted++;
    lastHeard[from] = now;
    lastAnyHeard = now;
    removed[from] = false;
    return new Receipt.Accepted(from);
  }

  private Receipt reject(RejectReason reason) {
    rejected.merge(reason, 1L, Long::sum);
    return new Receipt.Rejected(reason);
  }

  /**
   * One estimate interval ending at {@code now} (ns).
   *
   * @param demand each customer's local demand in units/s over the interval, by name
   */
  public Tick tick(long now, ToDoubleFunction<String> demand) {
    int n = settings.limiters();
    int self = settings.id();
    boolean table = settings.gossip() == AgentSettings.GossipMode.TABLE;
    // heard: self and the peers heard within the peer timeout; the table sums only those
    BitSet heard = new BitSet(n);
    heard.set(self);
    // push-sum sends to every peer believed up (mass sent to a silent one is lost)
    BitSet up = new BitSet(n);
    up.set(self);
    List<Integer> silentUp = new ArrayList<>();
    int silent = 0;
    int dead = 0;
    for (int p = 0; p < n; p++) {
      if (p == self) {
        continue;
      }
      boolean recent = lastHeard[p] != Long.MIN_VALUE && now - lastHeard[p] <= peerTimeoutNanos;
      if (recent) {
        heard.set(p);
      }
      if (recent || alive[p]) {
        up.set(p);
      }
      if (!recent) {
        if (removed[p]) {
          dead++;
        } else {
          silent++;
          if (alive[p]) {
            silentUp.add(p);
          }
        }
      }
    }
    int hearing = heard.cardinality();
    boolean quorum = 2 * hearing > n;
    int reserved = silent + (quorum ? 0 : dead);
    boolean heardAny = lastAnyHeard != Long.MIN_VALUE && now - lastAnyHeard <= silenceNanos;
    Mode previous = mode;
    if (n == 1 || heardAny) {
      mode = Mode.NORMAL;
      if (previous != Mode.NORMAL) {
        normalSince = now;
      }
      everNormal = true;
    } else if (everNormal && now - lastAnyHeard <= silenceNanos + leaseNanos) {
      mode = Mode.LEASE;
    } else {
      mode = Mode.SAFE;
    }
    // a PoP that has just (re)joined takes at most L/N until every peer has had time to hear it
    boolean joining = n > 1 && mode == Mode.NORMAL && now - normalSince < silenceNanos;
    double dt = settings.interval();
    long seed = random.nextLong();
    // table mode: one silent peer that membership says is up gets this interval's values too, so
    // that peers which stopped hearing each other find each other again
    int probe = silentUp.isEmpty() ? -1 : silentUp.get(random.nextInt(silentUp.size()));
    Map<Integer, List<DemandEntry>> byPeer = new HashMap<>();
    List<CustomerShare> shares = new ArrayList<>(customers.length);
    List<Envelope<GossipUpdate>> out = new ArrayList<>(settings.fanOut());
    tableSeq++;
    for (Customer c : customers) {
      double raw = demand.applyAsDouble(c.limit.name());
      if (!(raw >= 0) || Double.isInfinite(raw)) {
        raw = 0;
      }
      c.rate = Ewma.update(ewmaPerInterval, c.rate, raw, !c.measured);
      c.measured = true;
      StepInput<GossipUpdate> in =
          new StepInput<>(
              now / 1e9, LocalMeasurement.of(dt, raw * dt, raw * dt), c.inbox, table ? heard : up);
      out.clear();
      c.globalDemand =
          gossip.step(self, c.state, c.rate, c.inbox, in, new SplittableRandom(seed), out);
      c.inbox.clear();
      double limit = c.limit.limit();
      double available = limit - reserved * limit / n;
      c.share =
          switch (mode) {
            case NORMAL -> ShareRule.share(available, c.rate, c.globalDemand, hearing);
            case LEASE -> c.lastNormalShare;
            case SAFE -> limit / n;
          };
      if (joining) {
        c.share = Math.min(c.share, limit / n);
      }
      if (mode == Mode.NORMAL) {
        c.lastNormalShare = c.share;
      }
      shares.add(new CustomerShare(c.limit.name(), limit, c.share, c.rate, c.globalDemand, mode));
      for (Envelope<GossipUpdate> e : out) {
        GossipUpdate u = e.body();
        byPeer
            .computeIfAbsent(e.to(), k -> new ArrayList<>())
            .add(new DemandEntry(c.limit.key(), u.seq(), u.value(), u.weight()));
      }
      if (table && probe >= 0) {
        // the table's update: its sequence number counts the steps, its value is r_i
        byPeer
            .computeIfAbsent(probe, k -> new ArrayList<>())
            .add(new DemandEntry(c.limit.key(), tableSeq, c.rate, 0));
      }
    }
    List<Datagram> datagrams = new ArrayList<>(byPeer.size());
    for (Map.Entry<Integer, List<DemandEntry>> e : byPeer.entrySet()) {
      byte[] bytes =
          codec.encode(new GossipPacket(self, e.getKey(), incarnation, ++seq, e.getValue()));
      datagrams.add(new Datagram(e.getKey(), bytes));
      sentDatagrams++;
      sentBytes += bytes.length;
    }
    return new Tick(mode, hearing, List.copyOf(shares), datagrams);
  }

  /** The counters so far. */
  public AgentCounters counters() {
    return new AgentCounters(accepted, rejected, unknownEntries, sentDatagrams, sentBytes);
  }
}
