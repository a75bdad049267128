package dev.alm.ratelimit.keys;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One customer's per-key limit at one PoP (docs/ratelimit/keys.md): every key counts its window
 * here; a key is enforced at its whole limit while it is this PoP's alone, and at its allowance
 * from its home's grants once another PoP reports it too. No call leaves the PoP on the request
 * path: {@link #admit} counts and decides; {@link #reports}, {@link #grant} and {@link #forget} run
 * once a sharing round, on the agent's thread.
 *
 * <p>The keys are held in a {@link ConcurrentHashMap} of at most {@link KeyShareSettings#maxKeys}
 * keys: {@link #forget} drops keys down to 90% of the bound once it is passed, counted: first those
 * asked for only once in their window, then the others, each the least recently asked for (by the
 * second) first, so a flood of new keys does not take the count of a key still in use. Between two
 * rounds new keys may pass the bound by a quarter; past that, a new key's request is admitted
 * without a count (counted as {@link #uncounted}): a key first seen then has made one request,
 * under any limit of at least 1.
 */
public final class KeyedLimiter {

  private final KeyWindow window;
  private final KeyShareSettings settings;
  private final double horizonSeconds;

  /** A grant older than this many rounds no longer lets a PoP count on the others' rates. */
  static final int FRESH_ROUNDS = 10;

  private final long freshMillis;
  private final ConcurrentHashMap<Long, KeyEntry> table;
  private final int hardBound;
  private final ReentrantLock forgetting = new ReentrantLock();
  private final LongAdder uncounted = new LongAdder();

  /** Slots of {@link #recent}. */
  static final int RECENT_SLOTS = 1 << 16;

  /**
   * The entries asked for last, by 16 bits of their key: a popular key is found without the map's
   * look-up (and its boxed key). Shared by the request threads without a lock: a slot holds a whole
   * reference or the one before it, and a hit is checked against the key and whether the table
   * forgot the entry.
   */
  private final KeyEntry[] recent = new KeyEntry[RECENT_SLOTS];

  private final ConcurrentLinkedQueue<KeyEntry> pending = new ConcurrentLinkedQueue<>();

  /**
   * Keys queued for a report. At most a quarter of the table's bound: a PoP whose reports nobody
   * takes (a proxy without an agent) holds no more, and a key that finds the queue full tries again
   * at its next request.
   */
  private final java.util.concurrent.atomic.AtomicInteger queued =
      new java.util.concurrent.atomic.AtomicInteger();

  private final int maxQueued;
  private final LongAdder forgotten = new LongAdder();
  private final LongAdder forgottenCounting = new LongAdder();
  private final LongAdder staleGrants = new LongAdder();

  /**
   * @param window the window every key of the customer counts in
   * @param settings the sharing settings
   */
  public KeyedLimiter(KeyWindow window, KeyShareSettings settings) {
    this.window = window;
    this.settings = settings;
    this.horizonSeconds = settings.horizonRounds() * settings.roundMillis() / 1000.0;
    this.freshMillis = FRESH_ROUNDS * settings.roundMillis();
    this.table = new ConcurrentHashMap<>(Math.min(settings.maxKeys(), 1 << 16));
    this.hardBound = settings.maxKeys() + Math.max(1, settings.maxKeys() / 4);
    this.maxQueued = Math.max(1, settings.maxKeys() / 4);
  }

  /** The sharing settings. */
  public KeyShareSettings settings() {
    return settings;
  }

  /** The window the keys count in. */
  public KeyWindow window() {
    return window;
  }

  /**
   * One request of {@code key} (its hash) whose limit is {@code limit} per window, at {@code
   * nowMillis} (wall-clock, epoch milliseconds: windows are aligned to it at every PoP). Returns
   * the requests left to the key in its window here, or -1 when it is refused.
   */
  public long admit(long key, long limit, long nowMillis) {
    int slot = (int) (key >>> 40) & (RECENT_SLOTS - 1);
    KeyEntry e = recent[slot];
    if (e == null || e.key != key || e.forgotten) {
      e = table.get(key);
      if (e == null) {
        if (table.size() >= hardBound) {
          uncounted.increment();
          return Math.max(0, limit - 1);
        }
        e = table.computeIfAbsent(key, KeyEntry::new);
      }
      recent[slot] = e;
    }
    int second = (int) (nowMillis / 1000);
    if (e.touched != second) {
      e.touched = second;
    }
    long left;
    synchronized (e) {
      left = e.admit(limit, window, nowMillis, horizonSeconds, freshMillis);
      if (!e.queued && e.wantsReport(limit, settings, nowMillis)) {
        enqueue(e);
      }
    }
    return left;
  }

  /**
   * The round's reports: the keys whose first report, update or refresh is due (reported at most
   * once a round each). The caller sends each to its key's home ({@link KeyHomes}).
   */
  public List<KeyReport> reports(long nowMillis) {
    List<KeyReport> out = new ArrayList<>();
    long id = window.id(nowMillis);
    for (KeyEntry e; (e = pending.poll()) != null; ) {
      queued.decrementAndGet();
      synchronized (e) {
        e.queued = false;
        if (e.window() == id) {
          out.add(e.report(nowMillis, window.millis()));
        }
      }
    }
    return out;
  }

  /** Takes a grant from the key's home; one for a forgotten key or another window is counted. */
  public void grant(KeyGrant g, long nowMillis) {
    KeyEntry e = table.get(g.key());
    if (e == null) {
      staleGrants.increment();
      return;
    }
    synchronized (e) {
      e.roll(window.id(nowMillis), nowMillis);
      if (!e.grant(g, nowMillis, settings.refreshMillis())) {
        staleGrants.increment();
      } else if (!e.queued && e.wantsReport(0, settings, nowMillis)) {
        enqueue(e);
      }
    }
  }

  /**
   * Forgets keys once more than {@link KeyShareSettings#maxKeys} are held, down to 90% of it: the
   * keys asked for once in their window first, then the others; of each, the keys last asked for in
   * the oldest seconds first; returns how many. One thread at a time; another caller meanwhile
   * returns 0 at once.
   */
  public int forget() {
    int bound = settings.maxKeys();
    if (table.size() <= bound || !forgetting.tryLock()) {
      return 0;
    }
    try {
      int excess = table.size() - bound * 9 / 10;
      if (excess <= 0) {
        return 0;
      }
      // a histogram of the seconds the keys were last asked in, oldest first
      int newest = Integer.MIN_VALUE;
      int oldest = Integer.MAX_VALUE;
      for (KeyEntry e : table.values()) {
        newest = Math.max(newest, e.touched);
        oldest = Math.min(oldest, e.touched);
      }
      int span = Math.max(1, Math.min(1 << 20, newest - oldest + 1));
      // the keys asked for once in their window go first (a flood of new keys), oldest first;
      // then the others, oldest first; in the last second reached, only as many as needed
      int[] perSlot = new int[2 * span];
      for (KeyEntry e : table.values()) {
        perSlot[slot(e, oldest, span)]++;
      }
      int cut = 0;
      int before = 0;
      while (cut < perSlot.length - 1 && before + perSlot[cut] < excess) {
        before += perSlot[cut++];
      }
      int fromCut = excess - before;
      int removed = 0;
      var it = table.values().iterator();
      while (it.hasNext()) {
        KeyEntry e = it.next();
        int slot = slot(e, oldest, span);
        if (slot < cut || (slot == cut && fromCut-- > 0)) {
          e.forgotten = true;
          it.remove();
          removed++;
          if (e.count > 0) {
            forgottenCounting.increment();
          }
        }
      }
      forgotten.add(removed);
      return removed;
    } finally {
      forgetting.unlock();
    }
  }

  /**
   * Calls {@code out} with every key that admitted requests in the window of {@code nowMillis}: its
   * hash, its count and its arrivals here, and whether it is shared with other PoPs (for {@link
   * KeyStateFile}).
   */
  public void eachCounted(long nowMillis, CountVisitor out) {
    long id = window.id(nowMillis);
    for (KeyEntry e : table.values()) {
      int count;
      int arrivals;
      boolean shared;
      synchronized (e) {
        if (e.window() != id || e.count == 0) {
          continue;
        }
        count = e.count;
        arrivals = e.arrivals;
        shared = e.shared();
      }
      out.visit(e.key, count, arrivals, shared);
    }
  }

  /** One counted key. */
  @FunctionalInterface
  public interface CountVisitor {
    void visit(long key, int count, int arrivals, boolean shared);
  }

  /**
   * Takes a key's count and arrivals in the window of {@code nowMillis} back (a restart's state
   * file); the key reports to its home at the next round, so a shared key is known as shared again.
   * A key already counting more keeps its count. A key that was {@code shared} admits nothing more
   * until its home answers (the file may be a few seconds behind what the home counted of it); one
   * that was this PoP's alone goes on from the restored count at once.
   */
  public void restore(long key, int count, int arrivals, boolean shared, long nowMillis) {
    KeyEntry e = table.computeIfAbsent(key, KeyEntry::new);
    synchronized (e) {
      e.restore(window.id(nowMillis), count, arrivals, shared, nowMillis);
      enqueue(e);
    }
  }

  /** The order {@link #forget} drops {@code e} in: asked for once first, then by last second. */
  private static int slot(KeyEntry e, int oldest, int span) {
    int age = Math.max(0, Math.min(span - 1, e.touched - oldest));
    return (e.arrivals <= 1 ? 0 : span) + age;
  }

  /**
   * Has every key counted in the window of {@code nowMillis} whose home {@code homeLost} names
   * report again at the next round: that home restarted and lost what it held (the agent sees a
   * peer's new incarnation). Walks the table.
   */
  public void reportAgain(java.util.function.LongPredicate homeLost, long nowMillis) {
    long id = window.id(nowMillis);
    for (KeyEntry e : table.values()) {
      if (!homeLost.test(e.key)) {
        continue;
      }
      synchronized (e) {
        if (e.window() == id && e.arrivals > 0) {
          e.owesReport();
          enqueue(e);
        }
      }
    }
  }

  /** Queues {@code e} for a report unless it is queued or the queue is full; under its lock. */
  private void enqueue(KeyEntry e) {
    if (e.queued || queued.get() >= maxQueued) {
      return;
    }
    e.queued = true;
    queued.incrementAndGet();
    pending.add(e);
  }

  /** Keys held now. */
  public long keys() {
    return table.size();
  }

  /** Requests of new keys admitted without a count while the table was full. */
  public long uncounted() {
    return uncounted.sum();
  }

  /** Keys forgotten to keep the bound ({@link #forget}). */
  public long forgotten() {
    return forgotten.sum();
  }

  /** Of those, keys that had admitted requests in their window (their count restarts at 0). */
  public long forgottenCounting() {
    return forgottenCounting.sum();
  }

  /** Grants for a forgotten key or another window. */
  public long staleGrants() {
    return staleGrants.sum();
  }

  /** Keys shared now (a home's grant in this window or the last); walks the table. */
  public long sharedKeys() {
    return table.values().stream().filter(KeyEntry::shared).count();
  }
}
