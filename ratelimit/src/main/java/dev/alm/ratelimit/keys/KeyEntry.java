package dev.alm.ratelimit.keys;

/**
 * One key's counts at one PoP: its window, what arrived and what was admitted there, what it last
 * reported, and the home's last grant while the key is shared. Guarded by its own monitor (the
 * proxy's event loops and the sharing round touch it); every method takes the time as an argument.
 */
final class KeyEntry {

  final long key;

  /** The key's limit at its last request. */
  private int limit;

  /** When the key was last asked for, seconds on the table's clock (for forgetting the oldest). */
  volatile int touched;

  /**
   * Whether the table forgot this entry (the table's cache of recent entries may still hold it).
   */
  volatile boolean forgotten;

  private long window = Long.MIN_VALUE;
  int count;
  int arrivals;

  /** The previous window's global count (for a sliding window). */
  private int previous;

  /**
   * This PoP's arrivals and admitted requests in the previous window (0 if it was not the last).
   */
  private int previousArrivals;

  private int previousCount;

  boolean queued;
  private boolean reported;
  private int reportedArrivals;
  private int reportedCount;
  private long reportedAt;

  /** When the first report after the home's last grant left (wall-clock ms). */
  private long waitingSince = Long.MIN_VALUE;

  private boolean owesReport;

  /** Set by a restore: the key admits nothing more until a grant comes, or a freshness passes. */
  private long holdUntil = Long.MIN_VALUE;

  /**
   * Whether the key is shared: a grant came in this window, or the last window's last grant counted
   * other PoPs.
   */
  private boolean shared;

  /** The home's last grant; null until the key is first shared (most keys never are). */
  private Grant grant;

  /** A home's last grant of the key. */
  private static final class Grant {
    long window = Long.MIN_VALUE;
    int total;
    int totalArrivals;
    int own;
    int ownArrivals;
    float othersRate;

    /** When it came (wall-clock ms). */
    long at;

    /** The PoP's share of the key's arrivals in the last grant, carried into the next window. */
    float share = 1;
  }

  KeyEntry(long key) {
    this.key = key;
  }

  /**
   * Moves the counts to {@code id}'s window, carrying what a sliding window and sharing need. An
   * older window than the key's (a thread that read the clock just before another rolled the key, a
   * clock stepped back) counts in the key's current window: counts never go back.
   */
  void roll(long id, long nowMillis) {
    if (id <= window) {
      return;
    }
    Grant g = grant;
    boolean granted = shared && g.window == window;
    boolean next = id == window + 1;
    previous = next ? (granted ? g.total - g.own + count : count) : 0;
    previousArrivals = next ? arrivals : 0;
    previousCount = next ? count : 0;
    // a key stays shared into the next window only if the last grant had other PoPs in it
    shared = granted && g.totalArrivals > g.ownArrivals;
    if (granted && g.totalArrivals > 0) {
      g.share = g.ownArrivals / (float) g.totalArrivals;
    }
    window = id;
    count = 0;
    arrivals = 0;
    reported = false;
    owesReport = false;
    reportedArrivals = 0;
    reportedCount = 0;
    reportedAt = nowMillis;
  }

  /**
   * The most requests the PoP may have admitted in this window: the whole limit while the key is
   * its alone; when shared, what the home counted of it plus the remaining limit less the others'
   * arrivals over the horizon, but at least its share of the remaining (docs/ratelimit/keys.md);
   * only its share of the remaining once a report went unanswered for {@code freshMillis}.
   */
  double allowance(double limit, double horizonSeconds, long nowMillis, long freshMillis) {
    if (holdUntil != Long.MIN_VALUE) {
      if (nowMillis - holdUntil <= freshMillis) {
        return count;
      }
      holdUntil = Long.MIN_VALUE;
    }
    if (!shared) {
      return limit;
    }
    Grant g = grant;
    double remaining;
    double base;
    double part;
    if (g.window == window) {
      remaining = Math.max(0, limit - g.total);
      base = g.own;
      part = g.totalArrivals > 0 ? g.ownArrivals / (double) g.totalArrivals : g.share;
    } else {
      remaining = limit;
      base = 0;
      part = g.share;
    }
    // the reserve for the others' arrivals holds only while the home answers: a report left
    // unanswered for a freshness (a partition, a lost home) keeps a PoP to its share of what was
    // left, and the shares sum to it
    boolean unanswered = waitingSince > g.at && nowMillis - waitingSince > freshMillis;
    double mine =
        unanswered
            ? remaining * part
            : Math.max(remaining * part, remaining - g.othersRate * horizonSeconds);
    // the PoPs' parts sum to the remaining requests: a part is rounded up past a half, so the
    // requests split between two PoPs are not lost to rounding both down
    double whole = Math.floor(mine);
    return base + (mine - whole > 0.5 ? whole + 1 : whole);
  }

  /**
   * One request at {@code nowMillis}: counts it and admits it while the count stays within the
   * allowance. Returns the requests left in the window after it, or -1 when refused.
   */
  long admit(long limit, KeyWindow w, long nowMillis, double horizonSeconds, long freshMillis) {
    roll(w.id(nowMillis), nowMillis);
    this.limit = (int) Math.min(Integer.MAX_VALUE, limit);
    arrivals++;
    double allowed =
        allowance(limit - w.carried(previous, nowMillis), horizonSeconds, nowMillis, freshMillis);
    if (count + 1 > allowed + 1e-9) {
      return -1;
    }
    count++;
    return (long) Math.max(0, Math.floor(allowed - count));
  }

  /**
   * Whether the key has news for its home: a first report once its arrivals reach theta L (at once
   * when it is shared); then, while it is not shared, each time its admitted count grew by the
   * local update fraction of L; while shared, each time its arrivals grew by delta L, and at least
   * once a refresh period while it arrives.
   */
  boolean wantsReport(long limit, KeyShareSettings s, long nowMillis) {
    if (owesReport) {
      return true;
    }
    if (!reported) {
      return arrivals >= Math.max(1, shared ? 1 : s.reportFraction() * limit);
    }
    if (!shared) {
      return count - reportedCount >= Math.max(1, s.localUpdateFraction() * limit);
    }
    int grown = arrivals - reportedArrivals;
    return grown >= Math.max(1, s.updateFraction() * limit)
        || (grown > 0 && nowMillis - reportedAt >= s.refreshMillis());
  }

  /**
   * The report of the key now, and it is marked reported. Its rates are the window's so far: the
   * home projects the PoP's count with them until the next report.
   */
  KeyReport report(long nowMillis, long windowMillis) {
    // rates over the last window and this one so far: steady for a key of a few requests a
    // minute, and not taken for slow early in a short window
    long elapsed = nowMillis - window * windowMillis;
    long span = Math.max(Math.min(1_000, windowMillis), elapsed + windowMillis);
    float rate = (previousArrivals + arrivals) * 1000f / span;
    float admittedRate = (previousCount + count) * 1000f / span;
    if (previousArrivals == 0) {
      span = Math.max(Math.min(1_000, windowMillis), elapsed);
      rate = arrivals * 1000f / span;
      admittedRate = count * 1000f / span;
    }
    reported = true;
    owesReport = false;
    if (grant == null || waitingSince <= grant.at) {
      waitingSince = nowMillis; // the first report the home has not answered yet
    }
    reportedArrivals = arrivals;
    reportedCount = count;
    reportedAt = nowMillis;
    return new KeyReport(key, (int) window, limit, count, arrivals, rate, admittedRate, shared);
  }

  /** The key owes its home a report (the home restarted and lost what it knew). */
  void owesReport() {
    owesReport = true;
  }

  /**
   * Takes a restored count of window {@code id}; owes its home a report. A key that was {@code
   * shared} is held until its home's grant.
   */
  void restore(long id, int restoredCount, int restoredArrivals, boolean shared, long nowMillis) {
    roll(id, nowMillis);
    if (id != window) {
      return;
    }
    count = Math.max(count, restoredCount);
    arrivals = Math.max(arrivals, restoredArrivals);
    owesReport = true;
    touched = (int) (nowMillis / 1000);
    // the file may be a few seconds behind what the home counted of this PoP: a shared key admits
    // nothing more until the home's grant says what is left (or a grant's freshness passes without
    // one); a key that was this PoP's alone has no home that knows more, and goes on at once
    if (shared) {
      holdUntil = nowMillis;
    }
  }

  /**
   * Takes the home's grant for the current window; returns false for another window's. A key that
   * becomes shared by it, or whose last report is older than a refresh period, owes its home a
   * report ({@link #wantsReport}).
   */
  boolean grant(KeyGrant g, long nowMillis, long refreshMillis) {
    if (g.window() != (int) window) {
      return false;
    }
    if (!shared || nowMillis - reportedAt >= refreshMillis) {
      owesReport = true;
    }
    // what the home holds of this PoP is never less than it counted: after a restart from a state
    // file a few seconds old, the home's count is the truer one
    count = Math.max(count, g.own());
    arrivals = Math.max(arrivals, g.ownArrivals());
    holdUntil = Long.MIN_VALUE;
    shared = true;
    Grant h = grant == null ? (grant = new Grant()) : grant;
    h.window = window;
    h.total = g.total();
    h.totalArrivals = g.totalArrivals();
    h.own = g.own();
    h.ownArrivals = g.ownArrivals();
    h.othersRate = g.othersRate();
    h.at = nowMillis;
    return true;
  }

  long window() {
    return window;
  }

  boolean shared() {
    return shared;
  }
}
