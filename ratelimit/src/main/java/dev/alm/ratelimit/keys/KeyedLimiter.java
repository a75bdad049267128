package dev.alm.ratelimit.keys;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.RemovalCause;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;

/**
 * One customer's per-key limit at one PoP (docs/ratelimit/keys.md): every key counts its window
 * here, in a table of at most {@link KeyShareSettings#maxKeys} keys (the least recently used are
 * forgotten, counted); a key is enforced at its whole limit while it is this PoP's alone, and at
 * its allowance from its home's grants once another PoP reports it too. No call leaves the PoP on
 * the request path: {@link #admit} counts and decides; {@link #reports} and {@link #grant} run once
 * a sharing round, on the agent's thread.
 */
public final class KeyedLimiter {

  private final KeyWindow window;
  private final KeyShareSettings settings;
  private final double horizonSeconds;
  private final Cache<Long, KeyEntry> table;
  private final Function<Long, KeyEntry> create = KeyEntry::new;
  private final ConcurrentLinkedQueue<KeyEntry> pending = new ConcurrentLinkedQueue<>();
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
    this.table =
        Caffeine.newBuilder()
            .maximumSize(settings.maxKeys())
            .executor(Runnable::run)
            .<Long, KeyEntry>removalListener(
                (k, e, cause) -> {
                  if (cause == RemovalCause.SIZE) {
                    forgotten.increment();
                    if (e != null && e.count > 0) {
                      forgottenCounting.increment();
                    }
                  }
                })
            .build();
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
    KeyEntry e = table.get(key, create);
    long left;
    synchronized (e) {
      left = e.admit(limit, window, nowMillis, horizonSeconds);
      if (!e.queued && e.wantsReport(limit, settings, nowMillis)) {
        e.queued = true;
        pending.add(e);
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
    KeyEntry e = table.getIfPresent(g.key());
    if (e == null) {
      staleGrants.increment();
      return;
    }
    synchronized (e) {
      e.roll(window.id(nowMillis), nowMillis);
      if (!e.grant(g, nowMillis, settings.refreshMillis())) {
        staleGrants.increment();
      } else if (!e.queued && e.wantsReport(0, settings, nowMillis)) {
        e.queued = true;
        pending.add(e);
      }
    }
  }

  /** Keys held now. */
  public long keys() {
    return table.estimatedSize();
  }

  /** Keys forgotten to keep the bound. */
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
    return table.asMap().values().stream().filter(KeyEntry::shared).count();
  }
}
