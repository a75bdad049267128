package dev.alm.pop;

import dev.alm.drl.agent.CustomerShare;
import dev.alm.drl.agent.KeyedCustomer;
import dev.alm.drl.agent.LocalLimits;
import dev.alm.drl.agent.Mode;
import dev.alm.proxy.limit.ShareSource;
import dev.alm.ratelimit.alloc.Enforcement;
import dev.alm.ratelimit.alloc.LocalMeasurement;
import dev.alm.ratelimit.keys.KeyedLimiter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntSupplier;
import java.util.function.Supplier;

/**
 * The PoP's per-customer demand counters and shares, between the request path and the DRL agent:
 * the proxy counts what arrives ({@link #arrived}, from its request path) and reads the share to
 * enforce ({@link #share}, as its {@link ShareSource}); the agent reads the demand rate once per
 * interval and sets the share. Lock-free on the request path (a {@link LongAdder} per customer, a
 * volatile share).
 */
public final class PopLimits implements LocalLimits, ShareSource {

  private static final class Customer {
    final LongAdder arrived = new LongAdder();
    final ClientFlows flows = new ClientFlows();
    long lastCount;
    long lastNanos = Long.MIN_VALUE;
    volatile double share = Double.NaN;
    volatile double drop = Double.NaN;
    volatile Mode mode = Mode.SAFE;
  }

  private final Map<String, Customer> customers = new ConcurrentHashMap<>();
  private volatile IntSupplier peers = () -> 0;
  private volatile Map<String, Double> limits = Map.of();
  private volatile Supplier<Map<String, KeyedLimiter>> keyed = Map::of;

  private Customer customer(String name) {
    return customers.computeIfAbsent(name, k -> new Customer());
  }

  /** Where the per-key tables of the proxy's customers come from (their names and tables). */
  public void keyed(Supplier<Map<String, KeyedLimiter>> source) {
    keyed = source;
  }

  @Override
  public List<KeyedCustomer> keyedCustomers() {
    List<KeyedCustomer> out = new ArrayList<>();
    keyed.get().forEach((name, table) -> out.add(new KeyedCustomer(name, table)));
    return out;
  }

  /** Counts {@code units} (requests or bytes) of the customer's demand, served or not. */
  @Override
  public void arrived(String customer, long units) {
    customer(customer).arrived.add(units);
  }

  /** Counts one request of the customer from {@code client}, also in its flow sample (FPS). */
  @Override
  public void arrivedFrom(String customer, String client) {
    Customer c = customer(customer);
    c.arrived.add(1);
    c.flows.request(client);
  }

  /** The customer's current share in units/s; NaN before the agent's first interval. */
  @Override
  public double share(String customer) {
    Customer c = customers.get(customer);
    return c == null ? Double.NaN : c.share;
  }

  /** The mode the current share was set in. */
  public Mode mode(String customer) {
    Customer c = customers.get(customer);
    return c == null ? Mode.SAFE : c.mode;
  }

  @Override
  public String modeLabel(String customer) {
    return mode(customer).label();
  }

  /** The limits the agent divides, by customer (fixed when the agent starts). */
  void limits(Map<String, Double> byCustomer) {
    limits = Map.copyOf(byCustomer);
  }

  @Override
  public double limit(String customer) {
    Double l = limits.get(customer);
    return l == null ? Double.NaN : l;
  }

  /** Where {@link #peers()} reads the peers the agent hears (set once the agent runs). */
  void peers(IntSupplier source) {
    peers = source;
  }

  @Override
  public int peers() {
    return peers.getAsInt();
  }

  @Override
  public double demand(String customer, long nowNanos) {
    Customer c = customer(customer);
    long count = c.arrived.sum();
    double rate = 0;
    if (c.lastNanos != Long.MIN_VALUE && nowNanos > c.lastNanos) {
      rate = (count - c.lastCount) / ((nowNanos - c.lastNanos) / 1e9);
    }
    c.lastCount = count;
    c.lastNanos = nowNanos;
    return rate;
  }

  /**
   * The demand as {@link #demand}, with the fastest client's request rate as the flow sample's
   * MAXRATE (FPS's flows of a requests/s customer, {@link ClientFlows}).
   */
  @Override
  public LocalMeasurement measure(String customer, long nowNanos, double interval) {
    Customer c = customer(customer);
    long last = c.lastNanos;
    double rate = demand(customer, nowNanos);
    double seconds = last == Long.MIN_VALUE ? interval : (nowNanos - last) / 1e9;
    double maxFlow = c.flows.endInterval(seconds);
    return new LocalMeasurement(
        interval, rate * interval, rate * interval, maxFlow, c.flows.size());
  }

  @Override
  public void setShare(String customer, double rate, Mode mode) {
    Customer c = customer(customer);
    c.share = rate;
    c.drop = Double.NaN;
    c.mode = mode;
  }

  /** A drop probability (GRD) is enforced as such; any other enforcement as its share rate. */
  @Override
  public void enforce(CustomerShare s) {
    Customer c = customer(s.customer());
    c.share = s.share();
    c.drop =
        s.enforcement() instanceof Enforcement.DropProbability p ? p.probability() : Double.NaN;
    c.mode = s.mode();
  }

  @Override
  public double dropProbability(String customer) {
    Customer c = customers.get(customer);
    return c == null ? Double.NaN : c.drop;
  }
}
