package dev.alm.fastcontrol;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * Takes the price echoes that reach one PoP's DNS (docs/fastcontrol.md, "Price echo"): an echo
 * counts when its origin is this PoP, its MAC verifies under a key of the fleet's ring, its expiry
 * is within the window, its price is a finite number &ge; 0 and its probe's nonce was not echoed
 * before; its price then joins the sample whose mean is beta_i. The origin is compared before the
 * MAC and only verified echoes reach the replay table, so a flood of made-up names costs a parse
 * (and one HMAC each when it names this PoP) and no memory. A verified echo then takes one from its
 * resolver prefix's allowance ({@link ProbeAuthConfig#echoPrefixRate()}, IPv4 /24, IPv6 /56): an
 * outside party who harvests probes and has each answered by the proxy of its choice moves beta_i
 * only by what the prefixes it holds may echo. Thread-safe; time is an argument.
 */
public final class EchoVerifier {

  private final ProbeAuthConfig config;
  private final String zone;
  private final String self;
  private final RecentNonces replay;
  private final long skewMillis;
  private final long lifetimeMillis;
  private final LongAdder count = new LongAdder();
  private final DoubleAdder sum = new DoubleAdder();
  private final DoubleAdder squares = new DoubleAdder();
  private final EnumMap<EchoVerdict, LongAdder> verdicts = new EnumMap<>(EchoVerdict.class);
  private final Map<String, ProxySums> byProxy = new ConcurrentHashMap<>();
  private final ClientAllowance perPrefix;

  /**
   * @param config the fleet's probe keys, lifetime and skew (echoes share the probes')
   * @param zone the CDN zone
   * @param self this PoP's id: only echoes of its own probes count
   * @param nanoClock the monotonic clock of the prefix allowances, ns
   */
  public EchoVerifier(ProbeAuthConfig config, String zone, String self, LongSupplier nanoClock) {
    this.config = config;
    this.zone = ProbeSigner.normalZone(zone);
    this.self = self.toLowerCase(Locale.ROOT);
    this.skewMillis = config.clockSkew().toMillis();
    this.lifetimeMillis = config.lifetime().toMillis();
    this.replay = new RecentNonces(config.maxNonces(), skewMillis);
    for (EchoVerdict v : EchoVerdict.values()) {
      verdicts.put(v, new LongAdder());
    }
    this.perPrefix =
        new ClientAllowance(config.echoPrefixRate(), config.echoPrefixBurst(), nanoClock);
  }

  /** The resolver prefix an echo query counts against: IPv4 /24, IPv6 /56. */
  static String prefix(InetAddress resolver) {
    byte[] a = resolver.getAddress();
    int bytes = resolver instanceof Inet4Address ? 3 : 7;
    StringBuilder b = new StringBuilder(bytes * 3);
    for (int i = 0; i < bytes; i++) {
      b.append(Integer.toHexString(a[i] & 0xff)).append('.');
    }
    return b.toString();
  }

  /**
   * The verdict on one echo query, counted.
   *
   * @param labels the query name's labels in front of {@code echo.<zone>}, lower case
   * @param resolver the query's source address
   * @param nowMillis the wall clock, ms since the epoch
   */
  public EchoVerdict accept(String[] labels, InetAddress resolver, long nowMillis) {
    EchoVerdict v = check(labels, resolver, nowMillis);
    verdicts.get(v).increment();
    return v;
  }

  private EchoVerdict check(String[] labels, InetAddress resolver, long nowMillis) {
    if (!config.enabled()) {
      return EchoVerdict.NO_KEY;
    }
    PriceEcho e = PriceEcho.parse(labels);
    if (e == null) {
      return EchoVerdict.MALFORMED;
    }
    if (!e.origin().equals(self)) {
      return EchoVerdict.OTHER_ORIGIN;
    }
    if (!config.keys().verify(e.macInput(zone), e.mac())) {
      return EchoVerdict.BAD_MAC;
    }
    long expiryMillis = e.expirySeconds() * 1000;
    if (nowMillis > expiryMillis + skewMillis
        || expiryMillis > nowMillis + lifetimeMillis + skewMillis) {
      return EchoVerdict.EXPIRED;
    }
    double price = e.price();
    if (!(price >= 0)
        || !Double.isFinite(price)
        || (e.version() == PriceEcho.VERSION
            && !(e.capacity() > 0 && Float.isFinite(e.capacity())))) {
      return EchoVerdict.MALFORMED;
    }
    return switch (replay.add(e.nonce(), e.expirySeconds(), nowMillis)) {
      case FIRST -> {
        if (!perPrefix.tryTake(prefix(resolver))) {
          yield EchoVerdict.OVER_PREFIX_ALLOWANCE;
        }
        count.increment();
        sum.add(price);
        squares.add(price * price);
        // the proxy is one the fleet's key signed for: the maps hold the fleet's PoPs at most
        byProxy.computeIfAbsent(e.proxy(), k -> new ProxySums()).add(e);
        yield EchoVerdict.COUNTED;
      }
      case REPLAYED -> EchoVerdict.REPLAYED;
      case FULL -> EchoVerdict.NONCE_TABLE_FULL;
    };
  }

  /**
   * The counted echoes since start. Read while echoes arrive, the three sums may be one echo apart;
   * the loop's differences over an interval absorb that.
   */
  public EchoTotals totals() {
    long n = count.sum();
    Map<String, EchoTotals.Stratum> split = new HashMap<>();
    byProxy.forEach((proxy, sums) -> split.put(proxy, sums.stratum()));
    return new EchoTotals(n, Math.max(0, sum.sum()), Math.max(0, squares.sum()), split);
  }

  /** One proxy's counted echoes: their prices and, of version 3 echoes, loads and capacities. */
  private static final class ProxySums {
    private final LongAdder count = new LongAdder();
    private final DoubleAdder prices = new DoubleAdder();
    private final LongAdder loaded = new LongAdder();
    private final DoubleAdder loads = new DoubleAdder();
    private final DoubleAdder capacities = new DoubleAdder();

    void add(PriceEcho e) {
      count.increment();
      prices.add(e.price());
      if (e.version() == PriceEcho.VERSION) {
        loaded.increment();
        loads.add(e.load());
        capacities.add(e.capacity());
      }
    }

    /** The sums as a stratum; read while echoes arrive, they may be one echo apart. */
    EchoTotals.Stratum stratum() {
      long k = count.sum();
      long l = Math.min(k, loaded.sum());
      return new EchoTotals.Stratum(
          k,
          Math.max(0, prices.sum()),
          l,
          l == 0 ? 0 : Math.max(0, loads.sum()),
          l == 0 ? 0 : Math.max(0, capacities.sum()));
    }
  }

  /** Echo queries with {@code verdict} since start. */
  public long count(EchoVerdict verdict) {
    return verdicts.get(verdict).sum();
  }

  /**
   * Counted echoes by the proxy that answered the probe, since start: how this PoP's users spread
   * over the proxies, row i of C as routing has it now. Only proxies of verified echoes appear.
   */
  public Map<String, Long> byProxy() {
    Map<String, Long> m = new TreeMap<>();
    byProxy.forEach((k, v) -> m.put(k, v.count.sum()));
    return m;
  }
}
