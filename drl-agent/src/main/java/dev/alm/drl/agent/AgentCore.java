package dev.alm.drl.agent;

import dev.alm.io.KeyRing;
import dev.alm.ratelimit.alloc.Allocator;
import dev.alm.ratelimit.alloc.Enforcement;
import dev.alm.ratelimit.alloc.Envelope;
import dev.alm.ratelimit.alloc.LocalMeasurement;
import dev.alm.ratelimit.alloc.PeerMessage;
import dev.alm.ratelimit.gossip.GossipUpdate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.BiFunction;
import java.util.function.ToDoubleFunction;

/**
 * One PoP's DRL agent as a pure core: received datagrams, membership changes and the clock reading
 * go in, enforcements and signed datagrams come out. No sockets, no threads, no clock; the caller
 * owns one core per agent and calls it from one thread.
 *
 * <p>Every customer is shared by its own {@link Allocator} ({@link CustomerLimit#algorithm}: the
 * demand-proportional share by default, or GRD, FPS, GTB, CTB, GDRL, the Laplacian throttler), the
 * same code the simulator runs, driven the same way (the {@link Allocator} contract): the messages
 * received since the previous interval, the interval's measurement and the peers reachable go in,
 * the enforcement and the addressed messages come out. {@link #tick} runs one interval in four
 * phases: membership (who is heard, up, removed), mode, allocation (one step per customer) and
 * encoding (one datagram per receiver with every customer's message for it, so the gossip
 * algorithms, which draw the same br peers for all customers, send br datagrams per interval).
 *
 * <p>Failure handling (docs/ratelimit/agent.md) applies to every algorithm: a peer not heard for
 * the peer timeout is unreachable for the allocators (the share rule keeps L/N for it unless the
 * membership layer removed it and this PoP hears a majority; GRD, FPS and GTB lower the limit by
 * L/N per unreachable peer, paper 001 section 5.6; GDRL and the Laplacian throttler stop moving
 * capacity over its links and its best friend inherits its capacity, paper 000 section IV). A PoP
 * that hears nobody for the silence timeout keeps its last enforcement for the lease ({@link
 * Mode#LEASE}), then L/N ({@link Mode#SAFE}).
 *
 * <p>Datagrams are authenticated ({@link PacketCodec}), each signed for its one receiver, and
 * checked against a replay window per sender ({@link SenderWindows}); refused ones change nothing
 * but a counter. A datagram's source address plays no part here: where the agent sends is the
 * membership's business ({@link DrlAgent}).
 */
public final class AgentCore {

  private final AgentSettings settings;
  private final PacketCodec codec;
  private final long incarnation;
  private final KeyRing keys;
  private final SplittableRandom random;
  private final CustomerAllocations allocations;
  private CustomerAllocation<?, ?>[] customers;
  private final Map<Integer, CustomerAllocation<?, ?>> byKey = new HashMap<>();
  private final SenderWindows windows;
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
  private long sentEntries;
  private final EnumMap<RejectReason, Long> rejected = new EnumMap<>(RejectReason.class);

  /**
   * @param settings the agent's configuration
   * @param keys the gossip key ring
   * @param incarnation this run's start time in ms since the epoch (read by the caller)
   * @param seed the seed of the peer draws
   * @throws IllegalArgumentException when an algorithm's parameters do not fit
   */
  public AgentCore(AgentSettings settings, KeyRing keys, long incarnation, long seed) {
    this.keys = keys;
    this.settings = settings;
    this.codec = new PacketCodec(keys);
    this.incarnation = incarnation;
    int n = settings.limiters();
    this.random = new SplittableRandom(seed);
    this.allocations = new CustomerAllocations(settings);
    this.customers = new CustomerAllocation<?, ?>[0];
    setCustomers(settings.customers());
    this.windows = new SenderWindows(settings.id(), n);
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
   * Replaces the customers (a {@code POST /customers} at the PoP): one that keeps its name and
   * algorithm keeps its allocator's state and takes its new limit (a fresh state when the state
   * holds the limit, as GDRL's capacities do); a new one, or one whose algorithm changed, starts
   * from its algorithm's initial state, so until its peers' first messages arrive (an interval or a
   * few) the PoP sees only its own demand; one that is gone is no longer shared (peers that still
   * have it count its entries as unknown). The list is checked as at start ({@link
   * AgentSettings#checkedCustomers}); a list that does not fit changes nothing. Call on the agent's
   * thread.
   *
   * @throws IllegalArgumentException when the list does not fit
   */
  public void setCustomers(List<CustomerLimit> next) {
    AgentSettings.checkedCustomers(next);
    Map<String, CustomerAllocation<?, ?>> byName = new HashMap<>();
    for (CustomerAllocation<?, ?> c : customers) {
      byName.put(c.limit.name(), c);
    }
    CustomerAllocation<?, ?>[] fresh = new CustomerAllocation<?, ?>[next.size()];
    for (int i = 0; i < fresh.length; i++) {
      CustomerLimit l = next.get(i);
      CustomerAllocation<?, ?> c = byName.get(l.name());
      if (c == null || !c.limit.algorithm().equals(l.algorithm())) {
        c = allocations.create(l);
      } else if (c.limit.limit() != l.limit()) {
        c = c.withLimit(l, allocations.context(l));
      }
      fresh[i] = c;
    }
    byKey.clear();
    for (CustomerAllocation<?, ?> c : fresh) {
      byKey.put(c.limit.key(), c);
    }
    customers = fresh;
  }

  /** The customers' limits now, in order. */
  public List<CustomerLimit> customerLimits() {
    List<CustomerLimit> out = new ArrayList<>(customers.length);
    for (CustomerAllocation<?, ?> c : customers) {
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

  /** The gossip keys the core signs and verifies with. */
  public KeyRing keys() {
    return keys;
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
    SenderWindows.Verdict v = windows.accept(from, p.incarnation(), p.seq());
    if (v == SenderWindows.Verdict.BAD_SENDER) {
      return reject(RejectReason.BAD_SENDER);
    }
    if (v == SenderWindows.Verdict.REPLAY) {
      return reject(RejectReason.REPLAY);
    }
    if (v == SenderWindows.Verdict.RESTARTED) {
      // the allocators keep the highest sequence number per sender: continue above it
      for (CustomerAllocation<?, ?> c : customers) {
        c.senderRestarted(from);
      }
    }
    for (CustomerEntry e : p.entries()) {
      CustomerAllocation<?, ?> c = byKey.get(e.customerKey());
      if (c == null || !c.receive(from, e.message())) {
        unknownEntries++;
      }
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
   * @param measure each customer's measurement over the interval, by name and interval length in
   *     seconds (its demand, and what was served when the PoP knows it)
   */
  public Tick tick(long now, BiFunction<String, Double, LocalMeasurement> measure) {
    PeerView view = peers(now);
    boolean joining = decideMode(now);
    List<CustomerShare> shares = allocate(now, view, joining, measure);
    return new Tick(mode, view.hearing(), shares, encode(view));
  }

  /**
   * One estimate interval with the demand alone, served taken as equal to it.
   *
   * @param demand each customer's local demand in units/s over the interval, by name
   */
  public Tick tick(long now, ToDoubleFunction<String> demand) {
    return tick(
        now,
        (name, dt) -> {
          double raw = demand.applyAsDouble(name);
          return LocalMeasurement.of(dt, raw * dt, raw * dt);
        });
  }

  /** Membership phase: the peers heard, believed up and removed, and a silent peer to probe. */
  private PeerView peers(long now) {
    int n = settings.limiters();
    int self = settings.id();
    BitSet heard = new BitSet(n);
    heard.set(self);
    BitSet up = new BitSet(n);
    up.set(self);
    BitSet gone = new BitSet(n);
    List<Integer> silentUp = new ArrayList<>();
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
      if (!recent && removed[p]) {
        gone.set(p);
      } else if (!recent && alive[p]) {
        silentUp.add(p);
      }
    }
    int probe = silentUp.isEmpty() ? -1 : silentUp.get(random.nextInt(silentUp.size()));
    return new PeerView(heard, up, gone, probe);
  }

  /** Mode phase: normal, lease or safe; returns whether the PoP has just (re)joined. */
  private boolean decideMode(long now) {
    int n = settings.limiters();
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
    return n > 1 && mode == Mode.NORMAL && now - normalSince < silenceNanos;
  }

  /** Allocation phase: one step of every customer's allocator. */
  private List<CustomerShare> allocate(
      long now,
      PeerView view,
      boolean joining,
      BiFunction<String, Double, LocalMeasurement> measure) {
    boolean table = settings.gossip() == AgentSettings.GossipMode.TABLE;
    BitSet reachable = table ? view.heard() : view.up();
    double dt = settings.interval();
    // the same draws for every customer: the gossip algorithms pick the same br peers, so one
    // datagram per peer carries every customer's update
    long seed = random.nextLong();
    List<CustomerShare> shares = new ArrayList<>(customers.length);
    for (CustomerAllocation<?, ?> c : customers) {
      LocalMeasurement m = measure.apply(c.limit.name(), dt);
      if (m == null) {
        m = LocalMeasurement.of(dt, 0, 0);
      }
      Enforcement e =
          c.step(
              now / 1e9, m, reachable, view.removed(), mode, joining, new SplittableRandom(seed));
      shares.add(
          new CustomerShare(
              c.limit.name(),
              c.limit.limit(),
              c.shareRate(),
              c.demandEstimate(),
              c.globalEstimate(),
              mode,
              c.limit.algorithm(),
              e));
    }
    return List.copyOf(shares);
  }

  /** Encoding phase: every customer's messages grouped by receiver, signed, in datagrams. */
  private List<Datagram> encode(PeerView view) {
    boolean table = settings.gossip() == AgentSettings.GossipMode.TABLE;
    Map<Integer, List<CustomerEntry>> byPeer = new LinkedHashMap<>();
    // the table numbers its updates by the step, as TableGossip does
    tableSeq++;
    for (CustomerAllocation<?, ?> c : customers) {
      int key = c.limit.key();
      for (Envelope<? extends PeerMessage> e : c.outgoing()) {
        byPeer
            .computeIfAbsent(e.to(), k -> new ArrayList<>())
            .add(new CustomerEntry(key, e.body()));
      }
      if (table && view.probe() >= 0 && c.gossips()) {
        GossipUpdate u = new GossipUpdate(tableSeq, c.gossipedValue(), 0);
        byPeer.computeIfAbsent(view.probe(), k -> new ArrayList<>()).add(new CustomerEntry(key, u));
      }
    }
    List<Datagram> datagrams = new ArrayList<>(byPeer.size());
    int self = settings.id();
    for (Map.Entry<Integer, List<CustomerEntry>> e : byPeer.entrySet()) {
      List<CustomerEntry> chunk = new ArrayList<>();
      int size = PacketCodec.HEADER_BYTES + PacketCodec.MAC_BYTES;
      for (CustomerEntry entry : e.getValue()) {
        int b = PacketCodec.entryBytes(entry);
        if (size + b > PacketCodec.MAX_PAYLOAD) {
          datagrams.add(datagram(self, e.getKey(), chunk));
          chunk = new ArrayList<>();
          size = PacketCodec.HEADER_BYTES + PacketCodec.MAC_BYTES;
        }
        chunk.add(entry);
        size += b;
      }
      datagrams.add(datagram(self, e.getKey(), chunk));
    }
    return datagrams;
  }

  private Datagram datagram(int self, int to, List<CustomerEntry> entries) {
    byte[] bytes = codec.encode(new GossipPacket(self, to, incarnation, ++seq, entries));
    sentDatagrams++;
    sentBytes += bytes.length;
    sentEntries += entries.size();
    return new Datagram(to, bytes);
  }

  /** The counters so far. */
  public AgentCounters counters() {
    return new AgentCounters(
        accepted, rejected, unknownEntries, sentDatagrams, sentBytes, sentEntries);
  }
}
