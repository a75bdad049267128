import dev.alm.proxy.limit.CustomerLimiter;
import dev.alm.proxy.limit.CustomerLimits;
import dev.alm.proxy.limit.CustomerSpec;
import dev.alm.proxy.limit.CustomersConfig;
import dev.alm.proxy.limit.KeyDescriptor;
import dev.alm.proxy.limit.KeyRule;
import dev.alm.proxy.limit.LimitDecision;
import dev.alm.proxy.limit.LimitMode;
import dev.alm.ratelimit.keys.KeyShareSettings;
import dev.alm.ratelimit.keys.KeyWindow;
import dev.alm.ratelimit.keys.KeyedLimiter;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.distribution.ZipfDistribution;
import org.apache.commons.math3.random.Well19937c;

/**
 * Keyed decisions only, as alm drl keys-bench makes them (a customer with a per-key limit on
 * header:X-Api-Key, a million keys in its table, requests drawn by Zipf 1.1 from a pool of 65,536),
 * in rounds of 2,000,000 for SECONDS (default 30), printing ns per decision each round: the loop
 * bench/keys-path-profile.sh samples with perf. First, for comparison, the same keys' look-ups
 * alone ({@code KeyedLimiter.admit} on their hashes, a table of a million keys) in a tight loop.
 */
public class KeyedDecisionLoop {
  public static void main(String[] args) {
    long seconds = args.length > 0 ? Long.parseLong(args[0]) : 30;
    int keys = 1_000_000;
    int n = 2_000_000;
    CustomerSpec spec =
        CustomerSpec.builder()
            .name("api")
            .hosts(List.of("api.example"))
            .requestsPerSecond(1e9)
            .mode(LimitMode.INDEPENDENT)
            .keys(
                new KeyRule(
                    KeyDescriptor.of("header:X-Api-Key"),
                    Integer.MAX_VALUE,
                    KeyWindow.parse("1h"),
                    Map.of(),
                    null,
                    keys))
            .build();
    CustomerLimits limits =
        new CustomerLimits(
            CustomersConfig.NONE.withCustomers(List.of(spec)), null, null, System::nanoTime);
    ZipfDistribution z = new ZipfDistribution(new Well19937c(1), keys, 1.1);
    HttpRequest[] pool = new HttpRequest[1 << 16];
    for (int i = 0; i < pool.length; i++) {
      pool[i] = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/v1/items");
      pool[i].headers().set("Host", "api.example").set("X-Api-Key", "key-" + (z.sample() - 1));
    }
    CustomerLimiter k = limits.match("api.example");
    for (int i = 0; i < keys; i++) {
      HttpRequest r = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/");
      r.headers().set("X-Api-Key", "key-" + i);
      k.decide("127.0.0.1", r, null);
    }
    int mask = pool.length - 1;
    admitAlone(pool, keys, n);
    long end = System.nanoTime() + seconds * 1_000_000_000L;
    while (System.nanoTime() < end) {
      long t0 = System.nanoTime();
      long ok = 0;
      for (int i = 0; i < n; i++) {
        LimitDecision d =
            limits.match("api.example").decide("127.0.0.1", pool[i & mask], null, System.nanoTime());
        ok += d.outcome() == LimitDecision.Outcome.ADMIT ? 1 : 0;
      }
      System.out.printf("%.1f ns per keyed decision (%d admitted)%n", (System.nanoTime() - t0) / (double) n, ok);
    }
  }

  /** KeyedLimiter.admit alone on the pool's keys, in a loop that does nothing else. */
  private static void admitAlone(HttpRequest[] pool, int keys, int n) {
    net.openhft.hashing.LongHashFunction f = net.openhft.hashing.LongHashFunction.xx3(7);
    long[] hashes = new long[pool.length];
    for (int i = 0; i < pool.length; i++) {
      hashes[i] = f.hashChars(pool[i].headers().get("X-Api-Key"));
    }
    KeyedLimiter table =
        new KeyedLimiter(KeyWindow.parse("1h"), KeyShareSettings.DEFAULTS.withMaxKeys(keys));
    long now = System.currentTimeMillis();
    for (int i = 0; i < keys; i++) {
      table.admit(f.hashChars("key-" + i), Integer.MAX_VALUE, now);
    }
    int mask = pool.length - 1;
    for (int r = 0; r < 4; r++) {
      long t0 = System.nanoTime();
      long sum = 0;
      for (int i = 0; i < n; i++) {
        sum += table.admit(hashes[i & mask], Integer.MAX_VALUE, now);
      }
      System.out.printf(
          "%.1f ns per admit alone, in a tight loop (%d)%n",
          (System.nanoTime() - t0) / (double) n, sum & 1);
    }
  }
}
