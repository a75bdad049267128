package dev.alm.pop;

import dev.alm.drl.agent.AgentSettings;
import dev.alm.drl.agent.CustomerLimit;
import dev.alm.drl.agent.DrlNode;
import dev.alm.drl.agent.SwimListenerLimits;
import dev.alm.io.Clocks;
import dev.alm.proxy.ProxyConfig;
import dev.alm.proxy.limit.CustomerLimiter;
import dev.alm.proxy.limit.CustomerLimits;
import dev.alm.proxy.limit.CustomerSpec;
import dev.alm.proxy.limit.LimitMode;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One PoP's rate-limited customers (docs/ratelimit/enforcement.md and docs/ratelimit/agent.md): the
 * proxy's customers ({@link CustomerLimits}), the demand counters and shares between the request
 * path and the agent ({@link PopLimits}), and, with a {@code drl} section, the DRL agent that
 * divides each customer's global limit among the PoPs (papers 001, 000). It owns the agent's life,
 * its part of {@code /status} and {@code /metrics}, and {@code POST /customers}: a customer added
 * at run time is handed to the agent and gets its {@code alm.drl.*} gauges at once; a removed one's
 * gauges are removed.
 */
public final class PopCustomers implements AutoCloseable {

  private final PopConfig config;
  private final PopLimits limits;
  private final CustomerLimits customers;
  private final MeterRegistry registry;
  private final DrlNode drl;

  /** The agent's per-customer gauges, by customer; guarded by this. */
  private final Map<String, List<Meter>> drlMeters = new LinkedHashMap<>();

  private PopCustomers(
      PopConfig config,
      PopLimits limits,
      CustomerLimits customers,
      MeterRegistry registry,
      DrlNode drl) {
    this.config = config;
    this.limits = limits;
    this.customers = customers;
    this.registry = registry;
    this.drl = drl;
  }

  /**
   * Starts the DRL agent when the config has a {@code drl} section (its customers' limits set in
   * {@code limits}, its gauges in {@code registry}); without one, only the proxy's enforcement.
   *
   * @param limits the counters and shares the proxy was started with
   * @param customers the proxy's customers
   * @param registry the registry behind /metrics
   */
  static PopCustomers start(
      PopConfig config,
      PopLimits limits,
      CustomerLimits customers,
      MeterRegistry registry,
      Clocks clocks,
      SwimListenerLimits swimLimits)
      throws IOException, InterruptedException {
    if (config.drl() == null) {
      return new PopCustomers(config, limits, customers, registry, null);
    }
    AgentSettings settings = drlSettings(config);
    DrlNode agent = startDrl(config, settings, limits, clocks, swimLimits);
    PopCustomers self = new PopCustomers(config, limits, customers, registry, agent);
    try {
      limits.limits(divided(settings.customers()));
      limits.keyed(customers::keyed);
      limits.peers(() -> agent.agent().status().hearing() - 1);
      agent.bindMetrics(registry, List.of());
      synchronized (self) {
        self.bindCustomers(settings.customers());
      }
      return self;
    } catch (RuntimeException e) {
      agent.close();
      throw e;
    }
  }

  /**
   * The agent's settings: its customers are the drl section's, or else the proxy's customers in
   * mode drl, each in its unit (requests/s when it has a requests/s limit, else bytes/s).
   */
  static AgentSettings drlSettings(PopConfig config) {
    try {
      return config
          .drl()
          .settings(config.index(), config.topology().size(), proxyCustomers(config.proxy()));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("drl: " + e.getMessage(), e);
    }
  }

  /** The proxy's DRL customers as the agent shares them: one limit, in the customer's unit. */
  public static List<CustomerLimit> proxyCustomers(ProxyConfig proxy) {
    return drlCustomers(proxy.customers().customers());
  }

  /**
   * The customers in mode drl as the agent shares them: one limit each, in its unit (a customer
   * limited by key only has none to share).
   */
  static List<CustomerLimit> drlCustomers(List<CustomerSpec> customers) {
    List<CustomerLimit> out = new ArrayList<>();
    for (CustomerSpec c : customers) {
      if (c.mode() == LimitMode.DRL && c.limit() > 0) {
        out.add(new CustomerLimit(c.name(), c.limit(), c.algorithm()));
      }
    }
    return out;
  }

  /** The proxy's config with N (static shares, L/N) set to the number of PoPs sharing limits. */
  static ProxyConfig withLimiters(PopConfig config) {
    int n =
        config.drl() != null && config.drl().limiters() > 0
            ? config.drl().limiters()
            : config.topology().size();
    return config.proxy().withLimiters(n);
  }

  private static DrlNode startDrl(
      PopConfig config,
      AgentSettings settings,
      PopLimits limits,
      Clocks clocks,
      SwimListenerLimits swimLimits)
      throws IOException, InterruptedException {
    try {
      return DrlNode.start(config.drl(), settings, limits, clocks, swimLimits);
    } catch (IOException | InterruptedException | RuntimeException e) {
      throw e;
    } catch (Exception e) {
      // a bad key file: one line naming the file and the reason
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  private static Map<String, Double> divided(List<CustomerLimit> customers) {
    Map<String, Double> divided = new LinkedHashMap<>();
    customers.forEach(k -> divided.put(k.name(), k.limit()));
    return divided;
  }

  /**
   * {@code POST /customers}: replaces the proxy's customers with the document {@code body}, checked
   * as at start (refused in one line, changing nothing, when it is bad: {@link
   * IllegalArgumentException}): the document, a central customer without a central store ({@link
   * CustomerLimits#replace(String, java.util.function.Consumer)}), and, when the agent shares the
   * proxy's customers, the drl customers the agent can share ({@link
   * AgentSettings#checkedCustomers}: at most 59). Then the agent takes the new list, so a customer
   * added or changed at run time is shared by gossip from the next interval on, without a restart,
   * and its gauges are registered now.
   */
  synchronized void replace(String body) {
    customers.replace(body, this::checkShared);
    shareWithAgent();
  }

  /**
   * A reload's customers (the customers file or the proxy file read again): checked and applied as
   * a {@code POST /customers} body ({@link #replace(String)}).
   *
   * @param source the file they were read from, as reasons name it
   */
  synchronized void replace(List<CustomerSpec> specs, String source) {
    customers.replace(specs, source, this::checkShared);
    shareWithAgent();
  }

  /**
   * Checks a reload's customers as {@link #replace(List, String)} would, changing nothing.
   *
   * @throws IllegalArgumentException with the one-line reason
   */
  synchronized void check(List<CustomerSpec> specs, String source) {
    customers.check(specs, source, this::checkShared);
  }

  /** Whether the agent shares the proxy's customers (its drl section lists none of its own). */
  private boolean shared() {
    return drl != null && config.drl().customers().isEmpty();
  }

  private void checkShared(List<CustomerSpec> specs) {
    if (shared()) {
      checkDrl(specs);
    }
  }

  /** Hands the proxy's drl customers to the agent when it shares them. Call holding this. */
  private void shareWithAgent() {
    if (!shared()) {
      return;
    }
    List<CustomerLimit> next =
        drlCustomers(customers.table().customers().stream().map(CustomerLimiter::spec).toList());
    limits.limits(divided(next));
    drl.agent().setCustomers(next);
    bindCustomers(next);
  }

  /** Refuses drl customers the agent cannot share, as its start-up check does. */
  private static void checkDrl(List<CustomerSpec> specs) {
    try {
      AgentSettings.checkedCustomers(drlCustomers(specs));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("customers: " + e.getMessage(), e);
    }
  }

  /**
   * Makes the agent's per-customer gauges those of {@code next}: registers the added ones, removes
   * the gone ones from the registry. Call holding this.
   */
  private void bindCustomers(List<CustomerLimit> next) {
    Set<String> names = new LinkedHashSet<>();
    next.forEach(k -> names.add(k.name()));
    drlMeters
        .entrySet()
        .removeIf(
            e -> {
              if (names.contains(e.getKey())) {
                return false;
              }
              e.getValue().forEach(registry::remove);
              return true;
            });
    for (String name : names) {
      drlMeters.computeIfAbsent(name, c -> drl.bindCustomerMetrics(registry, c));
    }
  }

  /** The per-customer demand counters and shares the DRL agent and the request path share. */
  public PopLimits limits() {
    return limits;
  }

  /** The DRL agent, or null without a {@code drl} section. */
  public DrlNode drl() {
    return drl;
  }

  /**
   * Adds this PoP's part of {@code /status} to {@code m} (docs/pop/status.md): {@code customers},
   * the proxy's enforcement per customer, and with a {@code drl} section {@code drl}, the agent's.
   */
  void status(Map<String, Object> m) {
    m.put("customers", customers.status());
    if (drl != null) {
      m.put("drl", drl.status());
    }
  }

  /** Stops the DRL agent, if any. */
  @Override
  public void close() {
    if (drl != null) {
      drl.close();
    }
  }
}
