package dev.alm.drl.agent;

import dev.alm.io.KeyRing;
import dev.alm.ratelimit.keys.KeyHome;
import dev.alm.ratelimit.keys.KeyHomes;
import dev.alm.ratelimit.keys.KeyReport;
import dev.alm.ratelimit.keys.KeyShareSettings;
import dev.alm.ratelimit.keys.PeerLiveness;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

/**
 * One PoP's side of per-key sharing (docs/ratelimit/keys.md), run on the agent's event loop: once a
 * round it sends each key's reports to the key's home (rendezvous hashing over the members this PoP
 * sees up, {@link KeyHomes}), answers as home with grants, and takes the peers' reports and grants
 * from their signed datagrams ({@link KeyPacketCodec}, replay-checked per sender). The keys' counts
 * stay in each customer's {@link dev.alm.ratelimit.keys.KeyedLimiter}; nothing here is on the
 * request path.
 */
public final class KeySharing {

  /**
   * How long a peer stays down before the keys it is home for move to the members up. A partition
   * or a restart shorter than that keeps every key's home where it was, so the silent PoP is
   * bounded through {@link PeerLiveness} by the homes that know its counts (a new home would not),
   * and its reporters keep to their shares of what was left meanwhile.
   */
  public static final long HOME_GRACE_MILLIS = 60_000;

  private static final long NOT_DOWN = Long.MIN_VALUE;
  private static final long DOWN_NOW = Long.MAX_VALUE;

  private final int self;
  private final int limiters;
  private final KeyPacketCodec codec;
  private final long incarnation;
  private final Supplier<List<KeyedCustomer>> source;
  private final SenderWindows windows;
  private final boolean[] up;
  private final long[] lastSentTo;
  private final long[] downSince;
  private PeerLiveness liveness;
  // counters: written by the agent's event loop only, read by /status from another thread
  private volatile long heartbeats;
  private KeyHomes homes;
  private int[] homeIds;
  private final Map<Integer, KeyHome> homeOf = new HashMap<>();
  private volatile Map<Integer, KeyedCustomer> byKey = Map.of();
  private long seq;
  private final EnumMap<RejectReason, LongAdder> rejected = new EnumMap<>(RejectReason.class);
  private volatile long accepted;
  private volatile long unknownCustomer;
  private volatile long sentDatagrams;
  private volatile long sentBytes;
  private volatile long reportsSent;
  private volatile long grantsSent;
  private volatile long homeKeys;

  /**
   * @param self this agent's id
   * @param limiters the number of agents (ids 0..limiters-1)
   * @param keys the fleet's gossip keys
   * @param incarnation this start's incarnation (ms), for the peers' replay windows
   * @param customers the keyed customers now (read once a round)
   */
  public KeySharing(
      int self,
      int limiters,
      KeyRing keys,
      long incarnation,
      Supplier<List<KeyedCustomer>> customers) {
    this.self = self;
    this.limiters = limiters;
    this.codec = new KeyPacketCodec(keys);
    this.incarnation = incarnation;
    this.source = customers;
    this.windows = new SenderWindows(self, limiters);
    this.up = new boolean[limiters];
    this.lastSentTo = new long[limiters];
    this.downSince = new long[limiters];
    for (RejectReason r : RejectReason.values()) {
      rejected.put(r, new LongAdder());
    }
    Arrays.fill(downSince, NOT_DOWN);
    up[self] = true;
    rebuildHomes();
  }

  /**
   * A peer joined ({@code true}) or left: the keys' homes move to the members up, at once for a
   * peer that joins, {@link #HOME_GRACE_MILLIS} after a peer left unless it is back by then.
   */
  public void membership(int id, boolean isUp) {
    if (id < 0 || id >= limiters || id == self) {
      return;
    }
    if (isUp) {
      downSince[id] = NOT_DOWN;
      if (!up[id]) {
        up[id] = true;
        rebuildHomes();
      }
    } else if (up[id] && downSince[id] == NOT_DOWN) {
      downSince[id] = DOWN_NOW;
    }
  }

  /** Takes the peers down for longer than the grace out of the keys' homes. */
  private void expireDown(long nowMillis) {
    boolean moved = false;
    for (int i = 0; i < limiters; i++) {
      if (downSince[i] == DOWN_NOW) {
        downSince[i] = nowMillis;
      } else if (downSince[i] != NOT_DOWN && nowMillis - downSince[i] >= HOME_GRACE_MILLIS) {
        downSince[i] = NOT_DOWN;
        up[i] = false;
        moved = true;
      }
    }
    if (moved) {
      rebuildHomes();
    }
  }

  private void rebuildHomes() {
    List<String> names = new ArrayList<>();
    List<Integer> ids = new ArrayList<>();
    for (int i = 0; i < limiters; i++) {
      if (up[i]) {
        names.add(Integer.toString(i));
        ids.add(i);
      }
    }
    homes = new KeyHomes(names);
    homeIds = ids.stream().mapToInt(Integer::intValue).toArray();
  }

  /** The agent id of {@code key}'s home. */
  int homeOf(long key) {
    return homeIds[homes.home(key)];
  }

  /**
   * One round at wall-clock {@code nowMillis}: the reports due and the grants of the keys this PoP
   * is home for, as signed datagrams to their PoPs (those for this PoP are taken at once).
   */
  public List<Datagram> round(long nowMillis) {
    expireDown(nowMillis);
    Map<Integer, KeyedCustomer> customers = new HashMap<>();
    for (KeyedCustomer c : source.get()) {
      customers.put(c.key(), c);
    }
    byKey = customers;
    homeOf.keySet().retainAll(customers.keySet());
    List<List<KeyPacketCodec.Entry>> out = new ArrayList<>(limiters);
    for (int i = 0; i < limiters; i++) {
      out.add(new ArrayList<>());
    }
    for (KeyedCustomer c : customers.values()) {
      c.limiter().forget();
      for (KeyReport r : c.limiter().reports(nowMillis)) {
        int h = homeOf(r.key());
        if (h == self) {
          home(c).receive(self, r, nowMillis);
        } else {
          out.get(h).add(new KeyPacketCodec.Entry(c.key(), r, null));
          reportsSent++;
        }
      }
    }
    long held = 0;
    PeerLiveness heard = liveness(nowMillis);
    for (Map.Entry<Integer, KeyHome> e : homeOf.entrySet()) {
      KeyedCustomer c = customers.get(e.getKey());
      for (KeyHome.Addressed a : e.getValue().round(nowMillis, heard.silentAt(nowMillis))) {
        if (a.pop() == self) {
          c.limiter().grant(a.grant(), nowMillis);
        } else {
          out.get(a.pop()).add(new KeyPacketCodec.Entry(c.key(), null, a.grant()));
          grantsSent++;
        }
      }
      held += e.getValue().keys();
    }
    homeKeys = held;
    return datagrams(out, !customers.isEmpty(), nowMillis);
  }

  /**
   * The round's entries as datagrams of at most {@link KeyPacketCodec#MAX_ENTRY_BYTES}, and, while
   * there are keyed customers, an empty one to each peer up that got nothing for {@link
   * PeerLiveness#HEARTBEAT_ROUNDS} rounds: a sign of life, so a key's home tells a partitioned PoP
   * from a quiet one.
   */
  private List<Datagram> datagrams(
      List<List<KeyPacketCodec.Entry>> out, boolean keyed, long nowMillis) {
    long heartbeat = PeerLiveness.HEARTBEAT_ROUNDS * KeyShareSettings.DEFAULTS.roundMillis();
    List<Datagram> datagrams = new ArrayList<>();
    for (int to = 0; to < limiters; to++) {
      if (out.get(to).isEmpty()) {
        if (keyed && to != self && up[to] && nowMillis - lastSentTo[to] >= heartbeat) {
          datagrams.add(datagram(to, List.of()));
          lastSentTo[to] = nowMillis;
          heartbeats++;
        }
        continue;
      }
      lastSentTo[to] = nowMillis;
      List<KeyPacketCodec.Entry> batch = new ArrayList<>();
      int bytes = 0;
      for (KeyPacketCodec.Entry e : out.get(to)) {
        if (bytes + e.size() > KeyPacketCodec.MAX_ENTRY_BYTES || batch.size() == 0xffff) {
          datagrams.add(datagram(to, batch));
          batch = new ArrayList<>();
          bytes = 0;
        }
        batch.add(e);
        bytes += e.size();
      }
      if (!batch.isEmpty()) {
        datagrams.add(datagram(to, batch));
      }
    }
    return datagrams;
  }

  /** When this PoP last heard from each peer; every peer counts as heard at the first call. */
  private PeerLiveness liveness(long nowMillis) {
    if (liveness == null) {
      liveness = PeerLiveness.of(limiters, self, KeyShareSettings.DEFAULTS, nowMillis);
    }
    return liveness;
  }

  private Datagram datagram(int to, List<KeyPacketCodec.Entry> entries) {
    byte[] b = codec.encode(self, to, incarnation, ++seq, entries);
    sentDatagrams++;
    sentBytes += b.length + PacketCodec.IP_UDP_OVERHEAD;
    return new Datagram(to, b);
  }

  private KeyHome home(KeyedCustomer c) {
    return homeOf.computeIfAbsent(c.key(), k -> new KeyHome(c.limiter().settings()));
  }

  /**
   * A received key-sharing datagram at wall-clock {@code nowMillis}; refused ones change nothing
   * and are counted.
   *
   * @return null when accepted, else why it was refused
   */
  public RejectReason onDatagram(byte[] data, int off, int len, long nowMillis) {
    Map<Integer, KeyedCustomer> customers = byKey;
    KeyPacketCodec.Decoded d =
        codec.decode(
            data,
            off,
            len,
            self,
            k -> {
              KeyedCustomer c = customers.get(k);
              return c == null ? Long.MIN_VALUE : c.limiter().window().id(nowMillis);
            });
    if (d instanceof KeyPacketCodec.Refused r) {
      return reject(r.reason());
    }
    KeyPacketCodec.Packet p = (KeyPacketCodec.Packet) d;
    int from = p.sender();
    SenderWindows.Verdict v = windows.accept(from, p.incarnation(), p.seq());
    if (v == SenderWindows.Verdict.BAD_SENDER) {
      return reject(RejectReason.BAD_SENDER);
    }
    if (v == SenderWindows.Verdict.REPLAY) {
      return reject(RejectReason.REPLAY);
    }
    if (v == SenderWindows.Verdict.RESTARTED) {
      // the peer restarted: as a home it lost what it held, so the keys it is home for report again
      for (KeyedCustomer c : customers.values()) {
        c.limiter().reportAgain(key -> homeOf(key) == from, nowMillis);
      }
    }
    liveness(nowMillis).heard(from, nowMillis);
    for (KeyPacketCodec.Entry e : p.entries()) {
      KeyedCustomer c = customers.get(e.customer());
      if (c == null) {
        unknownCustomer++;
      } else if (e.report() != null) {
        home(c).receive(from, e.report(), nowMillis);
      } else {
        c.limiter().grant(e.grant(), nowMillis);
      }
    }
    accepted++;
    return null;
  }

  private RejectReason reject(RejectReason r) {
    rejected.get(r).increment();
    return r;
  }

  /** Counters for /status: datagrams and bytes sent, accepted, refused by reason, and so on. */
  public Map<String, Object> status() {
    Map<String, Object> m = new java.util.LinkedHashMap<>();
    m.put("sentDatagrams", sentDatagrams);
    m.put("sentWireBytes", sentBytes);
    m.put("reportsSent", reportsSent);
    m.put("grantsSent", grantsSent);
    m.put("homeKeys", homeKeys);
    m.put("heartbeats", heartbeats);
    m.put("accepted", accepted);
    Map<String, Long> r = new java.util.LinkedHashMap<>();
    for (RejectReason x : RejectReason.values()) {
      r.put(x.label(), rejected.get(x).sum());
    }
    m.put("rejected", r);
    m.put("unknownCustomerEntries", unknownCustomer);
    return m;
  }

  /** Reports sent to another PoP. */
  public long reportsSent() {
    return reportsSent;
  }

  /** Grants sent to another PoP. */
  public long grantsSent() {
    return grantsSent;
  }

  /** Bytes sent, IPv4 and UDP headers included. */
  public long sentBytes() {
    return sentBytes;
  }
}
