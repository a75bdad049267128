package dev.alm.proxy.limit;

import dev.alm.io.InputException;
import dev.alm.ratelimit.keys.KeyedLimiter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * A proxy's per-customer enforcement (docs/ratelimit/enforcement.md): the current {@link
 * CustomerTable}, swapped atomically when the customers change at run time ({@code POST
 * /customers}), the per-customer state kept by name across swaps, the share source (the DRL agent
 * in {@code alm pop}) and the central limiter when there is one. The request path only reads the
 * table and takes tokens; {@link #refresh} (every {@link #REFRESH_NANOS}) moves the buckets and
 * pacers to the current shares and {@link #tick} measures the demands.
 */
public final class CustomerLimits {

  /** How often the shares are read into the buckets and pacers. */
  public static final long REFRESH_NANOS = 50_000_000L;

  /** Where a run-time update's refusals say they come from. */
  private static final String UPDATE = "POST /customers";

  private final CustomersConfig settings;
  private final ShareSource source;
  private final CentralLimiter central;
  private final LongSupplier nanoClock;

  /** Wall-clock time from the request path's monotonic readings, for per-key windows. */
  private final WallAnchor wall;

  private final Map<String, CustomerState> states = new ConcurrentHashMap<>();
  private final List<Consumer<CustomerState>> listeners = new ArrayList<>();
  private final LongAdder updatesApplied = new LongAdder();
  private final LongAdder updatesRefused = new LongAdder();
  private volatile CustomerTable table = CustomerTable.EMPTY;

  /**
   * @param settings the customers at start and the enforcement settings
   * @param source the shares of DRL customers, or null (a standalone proxy: L/N)
   * @param central the store of central customers, or null (their requests are then decided by the
   *     fail-open policy)
   */
  public CustomerLimits(
      CustomersConfig settings,
      ShareSource source,
      CentralLimiter central,
      LongSupplier nanoClock) {
    this.settings = settings;
    this.source = source;
    this.central = central;
    this.nanoClock = nanoClock;
    this.wall = new WallAnchor(nanoClock, System::currentTimeMillis);
    replace(settings.customers());
  }

  /** The customer of a Host name (lower-case, no port), or null: one or two hash look-ups. */
  public CustomerLimiter match(String host) {
    return table.match(host);
  }

  /**
   * The per-key tables of the customers in force that have a per-key limit, by name (the DRL agent
   * shares them with the other PoPs, docs/ratelimit/keys.md).
   */
  public Map<String, KeyedLimiter> keyed() {
    Map<String, KeyedLimiter> out = new java.util.LinkedHashMap<>();
    for (CustomerLimiter c : table.customers()) {
      KeyedLimiter k = c.spec().keys() == null ? null : c.state().keyed();
      if (k != null) {
        out.put(c.name(), k);
      }
    }
    return out;
  }

  /** The table in force. */
  public CustomerTable table() {
    return table;
  }

  public ShareSource source() {
    return source;
  }

  /** The central store, or null. */
  public CentralLimiter central() {
    return central;
  }

  public CustomersConfig settings() {
    return settings;
  }

  /**
   * Calls {@code listener} with the state of every customer known now and of every customer added
   * later (the metrics binding).
   */
  public synchronized void onCustomer(Consumer<CustomerState> listener) {
    listeners.add(listener);
    states.values().forEach(listener);
  }

  /**
   * Replaces the customers: a new table, built and swapped in at once; counters kept by name. The
   * central store, if any, takes the central customers' limits first ({@link
   * CentralLimiter#setCustomers}).
   *
   * @throws IllegalArgumentException when the list does not fit the settings
   */
  public synchronized void replace(List<CustomerSpec> customers) {
    apply(settings.withCustomers(customers));
  }

  private void apply(CustomersConfig checked) {
    if (central != null) {
      central.setCustomers(
          checked.customers().stream().filter(c -> c.mode() == LimitMode.CENTRAL).toList());
    }
    List<CustomerLimiter> limiters = new ArrayList<>();
    for (CustomerSpec spec : checked.customers()) {
      CustomerState s = states.get(spec.name());
      boolean fresh = s == null;
      if (fresh) {
        s = new CustomerState(spec.name());
      }
      CustomerLimiter c =
          new CustomerLimiter(
              spec, s, 1, settings.maxClients(), nanoClock, wall, settings.rateLimitHeaders());
      c.refresh(source, settings.limiters());
      limiters.add(c);
      if (fresh) {
        states.put(spec.name(), s);
        for (Consumer<CustomerState> l : listeners) {
          l.accept(s);
        }
      }
    }
    table = new CustomerTable(limiters);
  }

  /**
   * Replaces the customers from the text of a {@code POST /customers} body; a bad body changes
   * nothing and is counted.
   *
   * @throws IllegalArgumentException with the one-line reason
   */
  public void replace(String body) {
    replace(body, customers -> {});
  }

  /**
   * Replaces the customers from the text of a {@code POST /customers} body, checked as at start:
   * the document strictly, then against the settings, then that a central customer has a store to
   * ask (the start-up refusal of a central customer without {@code --redis} or {@code
   * --token-server}), then by {@code check} (what the caller adds: in {@code alm pop}, what the DRL
   * agent can share). A body refused by any of them changes nothing and is counted.
   *
   * @param check throws {@link IllegalArgumentException} with a one-line reason to refuse
   * @throws IllegalArgumentException with the one-line reason
   */
  public synchronized void replace(String body, Consumer<List<CustomerSpec>> check) {
    try {
      apply(checked(CustomersJson.parse(UPDATE, body), UPDATE, check));
    } catch (InputException e) {
      updatesRefused.increment();
      throw new IllegalArgumentException(e.getMessage(), e);
    } catch (IllegalArgumentException e) {
      updatesRefused.increment();
      throw new IllegalArgumentException(UPDATE + ": " + e.getMessage(), e);
    }
    updatesApplied.increment();
  }

  /**
   * Replaces the customers with {@code specs} (a customers file read again), checked and counted as
   * {@link #replace(String, Consumer)} checks and counts a body.
   *
   * @param source the file the customers were read from, as reasons name it
   * @throws IllegalArgumentException with the one-line reason, having changed nothing
   */
  public synchronized void replace(
      List<CustomerSpec> specs, String source, Consumer<List<CustomerSpec>> check) {
    try {
      apply(checked(specs, source, check));
    } catch (InputException e) {
      updatesRefused.increment();
      throw new IllegalArgumentException(e.getMessage(), e);
    } catch (IllegalArgumentException e) {
      updatesRefused.increment();
      throw new IllegalArgumentException(source + ": " + e.getMessage(), e);
    }
    updatesApplied.increment();
  }

  /**
   * Checks {@code specs} as {@link #replace(List, String, Consumer)} would, changing and counting
   * nothing: the first half of an all-or-nothing reload.
   *
   * @throws IllegalArgumentException with the one-line reason
   */
  public synchronized void check(
      List<CustomerSpec> specs, String source, Consumer<List<CustomerSpec>> check) {
    try {
      checked(specs, source, check);
    } catch (InputException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(source + ": " + e.getMessage(), e);
    }
  }

  /** The customers checked against the settings, the central store and {@code check}. */
  private CustomersConfig checked(
      List<CustomerSpec> specs, String source, Consumer<List<CustomerSpec>> check)
      throws InputException {
    CustomersConfig checked = settings.withCustomers(specs);
    requireStore(checked.customers(), source);
    check.accept(checked.customers());
    return checked;
  }

  /** Refuses a central customer when this proxy was started without a central store. */
  private void requireStore(List<CustomerSpec> customers, String source) throws InputException {
    if (central != null) {
      return;
    }
    for (int i = 0; i < customers.size(); i++) {
      if (customers.get(i).mode() == LimitMode.CENTRAL) {
        throw new InputException(
            source,
            "customers[" + i + "].mode",
            "central needs a central store: start with --redis URI or --token-server HOST:PORT");
      }
    }
  }

  /** Moves every customer's bucket and pacer to its current share. */
  public void refresh() {
    wall.anchor();
    for (CustomerLimiter c : table.customers()) {
      c.refresh(source, settings.limiters());
      KeyedLimiter k = c.spec().keys() == null ? null : c.state().keyed();
      if (k != null) {
        k.forget();
        c.state().saveKeys(c.spec().keys(), wall.now(), false);
      }
    }
  }

  /**
   * Moves every customer's bucket and pacer to its current share, and reports the paced DRL
   * customers' flow weights to the share source up to {@code nowNanos} ({@link
   * CustomerLimiter#reportFlows}).
   */
  public void refresh(long nowNanos) {
    for (CustomerLimiter c : table.customers()) {
      c.reportFlows(nowNanos, source);
    }
    refresh();
  }

  /** Measures every customer's demand since the previous tick. */
  public void tick(long nowNanos) {
    for (CustomerState s : states.values()) {
      s.tick(nowNanos);
    }
  }

  /** Customer updates applied through the admin API. */
  public long updatesApplied() {
    return updatesApplied.sum();
  }

  /** Customer updates refused (bad body). */
  public long updatesRefused() {
    return updatesRefused.sum();
  }

  /**
   * The {@code customers} section of /status: per customer its limit, share, demand, served,
   * rejected, peers and mode.
   */
  public List<Map<String, Object>> status() {
    List<Map<String, Object>> out = new ArrayList<>();
    int peers = source == null ? 0 : source.peers();
    for (CustomerLimiter c : table.customers()) {
      CustomerState s = c.state();
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("name", c.name());
      m.put("unit", c.spec().unit().label());
      m.put("limit", c.spec().limit());
      m.put("share", s.share());
      m.put("demand", s.demand());
      m.put("served", s.served());
      m.put("rejected", s.rejected());
      m.put("bytes", s.bytes());
      m.put("peers", c.spec().mode() == LimitMode.DRL ? peers : 0);
      m.put("mode", c.modeLabel(source));
      if (c.spec().mode() == LimitMode.CENTRAL) {
        m.put("centralFailures", s.centralFailures());
      }
      KeyedLimiter k = c.spec().keys() == null ? null : s.keyed();
      if (k != null) {
        m.put("keys", keyStatus(c.spec().keys(), s, k));
      }
      out.add(m);
    }
    return out;
  }

  /** A customer's per-key limit on /status: its rule, the keys held and what was refused. */
  private static Map<String, Object> keyStatus(KeyRule rule, CustomerState s, KeyedLimiter k) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("key", rule.key().text());
    m.put("limit", rule.limit());
    m.put("window", rule.window().text());
    m.put("namedKeys", rule.overrides().size());
    m.put("held", k.keys());
    m.put("maxKeys", rule.maxKeys());
    m.put("forgotten", k.forgotten());
    m.put("forgottenCounting", k.forgottenCounting());
    m.put("uncounted", k.uncounted());
    m.put("rejected", s.keyRejected());
    m.put("staleGrants", k.staleGrants());
    if (rule.stateFile() != null) {
      m.put("stateFile", rule.stateFile());
      m.put("stateLoaded", String.valueOf(s.keyStateLoaded()));
      m.put("stateWrites", s.keyStateWrites.sum());
      m.put("stateFailures", s.keyStateFailures.sum());
    }
    return m;
  }

  /** Releases what the customers hold; the per-key counts go to their state files. */
  public void close() {
    for (CustomerLimiter c : table.customers()) {
      if (c.spec().keys() != null) {
        c.state().saveKeys(c.spec().keys(), System.currentTimeMillis(), true);
      }
    }
    for (CustomerState s : states.values()) {
      s.release();
    }
  }
}
