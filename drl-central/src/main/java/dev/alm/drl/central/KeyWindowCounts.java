package dev.alm.drl.central;

import io.netty.util.collection.LongObjectHashMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * The token server's per-key counts (docs/ratelimit/keys-central.md), as Sentinel's param-flow
 * token server keeps them: for each customer with a {@link CentralKeyLimit}, a fixed-window count
 * per key hash, the windows aligned to the epoch of the wall clock. A key is admitted while its
 * count in the current window is under the limit; refused requests are not counted.
 *
 * <p>Memory is bounded by {@code maxKeys} keys over all customers. A customer's keys are dropped
 * together when its window ends (at its next request, or, once the bound is reached, at the first
 * new key of any customer). Past the bound, a new key is admitted uncounted: refusing it would
 * refuse a key that is under its limit (every new key is), while admitting it leaves that key
 * unlimited until a window ends and makes room. Each such admission is counted ({@link
 * #uncounted()}): a count that grows says the bound is too small for the keys of one window.
 *
 * <p>Time is an argument. Not thread-safe: the server's event loop owns it; the counters (the only
 * public methods) may be read from any thread.
 */
public final class KeyWindowCounts {

  /** What one key request was answered. */
  record Counted(LeaseCodec.KeyStatus status, int retryAfterMillis) {}

  private static final Counted ADMITTED = new Counted(LeaseCodec.KeyStatus.ADMITTED, 0);
  private static final Counted UNCOUNTED = new Counted(LeaseCodec.KeyStatus.UNCOUNTED, 0);
  private static final Counted UNKNOWN = new Counted(LeaseCodec.KeyStatus.UNKNOWN_CUSTOMER, 0);

  /** One customer's limit, its current window and its keys' counts in it. */
  private static final class Customer {
    final CentralKeyLimit limit;

    /** The counts of its keys in the window, each an int[1], by key hash. */
    LongObjectHashMap<int[]> counts = new LongObjectHashMap<>();

    long window = Long.MIN_VALUE;

    Customer(CentralKeyLimit limit) {
      this.limit = limit;
    }
  }

  /** Largest map emptied and kept for a customer's next window. */
  private static final int KEEP_KEYS = 512;

  private final int maxKeys;
  private final Map<String, Customer> customers = new HashMap<>();
  private final LongAdder admitted = new LongAdder();
  private final LongAdder refused = new LongAdder();
  private final LongAdder uncounted = new LongAdder();
  private final LongAdder unknown = new LongAdder();
  private final LongAdder dropped = new LongAdder();
  private volatile int held;
  private volatile int maxHeld;

  KeyWindowCounts(int maxKeys, List<CentralKeyLimit> limits) {
    if (maxKeys < 1) {
      throw new IllegalArgumentException("max keys must be >= 1: " + maxKeys);
    }
    this.maxKeys = maxKeys;
    setLimits(limits);
  }

  /**
   * Sets the customers' key limits. A customer whose window is unchanged keeps its counts (under
   * the new limit); one whose window changed, or that is no longer listed, has its keys dropped.
   */
  void setLimits(List<CentralKeyLimit> limits) {
    Map<String, Customer> next = new HashMap<>();
    for (CentralKeyLimit l : limits) {
      Customer old = customers.remove(l.name());
      if (old != null && old.limit.windowMillis() == l.windowMillis()) {
        Customer kept = new Customer(l);
        kept.counts = old.counts;
        kept.window = old.window;
        next.put(l.name(), kept);
      } else {
        if (old != null) {
          drop(old);
        }
        next.put(l.name(), new Customer(l));
      }
    }
    for (Customer gone : customers.values()) {
      drop(gone);
    }
    customers.clear();
    customers.putAll(next);
  }

  /** One request of key {@code hash} of {@code customer} at wall time {@code nowMillis}. */
  Counted count(String customer, long hash, long nowMillis) {
    Customer c = customers.get(customer);
    if (c == null) {
      unknown.increment();
      return UNKNOWN;
    }
    long w = c.limit.window(nowMillis);
    if (w > c.window) { // a wall clock stepped back stays in the window it had reached
      drop(c);
      c.window = w;
    }
    int[] n = c.counts.get(hash);
    if (n == null) {
      if (held >= maxKeys && !dropEnded(nowMillis)) {
        uncounted.increment();
        return UNCOUNTED;
      }
      c.counts.put(hash, new int[] {1});
      held++;
      maxHeld = Math.max(maxHeld, held);
      admitted.increment();
      return ADMITTED;
    }
    if (n[0] < c.limit.limit()) {
      n[0]++;
      admitted.increment();
      return ADMITTED;
    }
    refused.increment();
    return new Counted(LeaseCodec.KeyStatus.REFUSED, c.limit.millisLeft(nowMillis));
  }

  /** Drops the keys of every customer whose window is over; true if that made room. */
  private boolean dropEnded(long nowMillis) {
    for (Customer c : customers.values()) {
      if (c.counts.size() > 0 && c.limit.window(nowMillis) > c.window) {
        drop(c);
      }
    }
    return held < maxKeys;
  }

  private void drop(Customer c) {
    int n = c.counts.size();
    if (n > 0) {
      dropped.add(n);
      held -= n;
      // a large map is given back, not kept for the next window: the keys held over all
      // customers are bounded, and so is the memory of their maps
      c.counts = n > KEEP_KEYS ? new LongObjectHashMap<>() : c.counts;
      c.counts.clear();
    }
  }

  /** Key requests admitted and counted. */
  public long admitted() {
    return admitted.sum();
  }

  /** Key requests refused: the key had reached its limit in the window. */
  public long refused() {
    return refused.sum();
  }

  /** Key requests of a new key admitted uncounted: the table held {@code maxKeys} live keys. */
  public long uncounted() {
    return uncounted.sum();
  }

  /** Key requests for a customer with no key limit. */
  public long unknownCustomers() {
    return unknown.sum();
  }

  /** Keys dropped because their window ended (or their customer's limit went). */
  public long dropped() {
    return dropped.sum();
  }

  /** Keys held now. */
  public int held() {
    return held;
  }

  /** The most keys held at once. */
  public int maxHeld() {
    return maxHeld;
  }
}
