package dev.alm.app.drl;

import dev.alm.proxy.limit.CustomerLimiter;
import dev.alm.proxy.limit.CustomerLimits;
import dev.alm.proxy.limit.CustomerSpec;
import dev.alm.proxy.limit.CustomersConfig;
import dev.alm.proxy.limit.KeyDescriptor;
import dev.alm.proxy.limit.KeyRule;
import dev.alm.proxy.limit.LimitDecision;
import dev.alm.proxy.limit.LimitMode;
import dev.alm.ratelimit.keys.KeyHome;
import dev.alm.ratelimit.keys.KeyReport;
import dev.alm.ratelimit.keys.KeyShareSettings;
import dev.alm.ratelimit.keys.KeyWindow;
import dev.alm.ratelimit.keys.KeyedLimiter;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.IntSupplier;
import org.apache.commons.math3.distribution.ZipfDistribution;
import org.apache.commons.math3.random.Well19937c;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code alm drl keys-bench}: what a per-key limit costs a PoP (docs/ratelimit/keys.md): the
 * nanoseconds it adds to a request's decision on the proxy's path, and the heap its table of keys
 * and its home's reports take at a million keys; with {@code --flood}, what a flood of distinct
 * keys from one client does to the table (docs/ratelimit/keys-hostile.md).
 */
@Command(
    name = "keys-bench",
    header = "The cost of per-key limits at one PoP: ns per request added, heap per million keys.",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Cost: a customer's decision on the proxy's path (Host look-up, its requests/s bucket) with",
      "and without a per-key limit on header:X-Api-Key, in interleaved rounds of --requests each,",
      "the keys drawn from --keys by Zipf(--zipf), so the table holds them all; prints the best",
      "round's ns per request of each and the difference, the cost the key adds. Heap: the used heap",
      "after a full GC before and after a fresh table takes --keys keys (one request each), and",
      "a home holds --keys / --pops of their reports; prints bytes per key and MB. Run it with the",
      "heap it needs (the default -Xmx of the launcher is plenty for a million keys)."
    })
public final class KeysBenchCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(names = "--keys", defaultValue = "1000000", description = "Keys. Default: 1000000.")
  int keys;

  @Option(names = "--zipf", defaultValue = "1.1", description = "Zipf exponent. Default: 1.1.")
  double zipf;

  @Option(
      names = "--pops",
      defaultValue = "10",
      description = "PoPs sharing the keys (a home holds 1/pops of them). Default: 10.")
  int pops;

  @Option(
      names = "--requests",
      defaultValue = "2000000",
      description = "Requests per round. Default: 2000000.")
  int requests;

  @Option(
      names = "--rounds",
      defaultValue = "8",
      description = "Rounds, the first two the JIT's. Default: 8.")
  int rounds;

  @Option(
      names = "--flood",
      defaultValue = "0",
      description = {
        "Instead: one client sends this many distinct random keys (at most 100000000) as fast as",
        "the decide path goes, the table bounded at --max-keys and forgotten every 50 ms as a",
        "proxy's refresh does; prints keys held, uncounted, forgotten, heap and the rate against",
        "10 million keys a minute."
      })
  long flood;

  @Option(
      names = "--max-keys",
      defaultValue = "1048576",
      description = "The flooded customer's maxKeys. Default: 1048576.")
  int maxKeys;

  @Override
  public Integer call() {
    if (flood != 0) {
      if (flood < 1 || flood > 100_000_000 || maxKeys < 1 || maxKeys > 1 << 26) {
        throw new picocli.CommandLine.ParameterException(
            spec.commandLine(), "--flood: in [1, 100000000]; --max-keys: in [1, 2^26]");
      }
      flood(spec.commandLine().getOut());
      return 0;
    }
    if (keys < 1 || pops < 1 || requests < 1000 || rounds < 3 || !(zipf > 0)) {
      throw new picocli.CommandLine.ParameterException(
          spec.commandLine(),
          "--keys, --pops: at least 1; --requests: at least 1000; --rounds: at least 3; --zipf > 0");
    }
    PrintWriter o = spec.commandLine().getOut();
    cost(o);
    heap(o);
    return 0;
  }

  private void cost(PrintWriter o) {
    CustomerLimits plain = limits(null);
    CustomerLimits keyed =
        limits(
            new KeyRule(
                KeyDescriptor.of("header:X-Api-Key"),
                Integer.MAX_VALUE,
                KeyWindow.parse("1h"),
                Map.of(),
                null,
                Math.max(keys, 1)));
    ZipfDistribution z = new ZipfDistribution(new Well19937c(1), keys, zipf);
    IntSupplier draw = () -> z.sample() - 1;
    HttpRequest[] pool = new HttpRequest[1 << 16];
    for (int i = 0; i < pool.length; i++) {
      HttpRequest r = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/v1/items");
      r.headers().set("Host", "api.example").set("X-Api-Key", "key-" + draw.getAsInt());
      pool[i] = r;
    }
    // every key in the table first, as at a PoP that has seen them all
    CustomerLimiter k = keyed.match("api.example");
    for (int i = 0; i < keys; i++) {
      HttpRequest r = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/");
      r.headers().set("X-Api-Key", "key-" + i);
      k.decide("127.0.0.1", r, null);
    }
    double[] best = {Double.MAX_VALUE, Double.MAX_VALUE};
    double[] added = new double[rounds - 2];
    for (int r = 0; r < rounds; r++) {
      // the order alternates, so neither set-up always runs right after a collection
      double a = r % 2 == 0 ? round(plain, pool) : 0;
      double b = round(keyed, pool);
      if (r % 2 == 1) {
        a = round(plain, pool);
      }
      if (r >= 2) {
        best[0] = Math.min(best[0], a);
        best[1] = Math.min(best[1], b);
        added[r - 2] = b - a;
      }
    }
    java.util.Arrays.sort(added);
    long admitted = keyed.match("api.example").state().served();
    o.printf(
        Locale.ROOT,
        "cost on the request path, ns per request (%d rounds of %,d after 2 for the JIT; %,d keys,"
            + " Zipf %.2f): a customer's bucket %.1f (best), with its per-key limit %.1f (best);"
            + " added: median of the rounds %.1f, best %.1f%n",
        rounds - 2,
        requests,
        keys,
        zipf,
        best[0],
        best[1],
        added[added.length / 2],
        best[1] - best[0]);
    o.printf(Locale.ROOT, "(%,d requests admitted by key, none refused)%n", admitted);
    o.flush();
  }

  private double round(CustomerLimits limits, HttpRequest[] pool) {
    long t0 = System.nanoTime();
    int mask = pool.length - 1;
    long ok = 0;
    for (int i = 0; i < requests; i++) {
      CustomerLimiter c = limits.match("api.example");
      // the proxy reads the clock once for every request: its arrival, which the key's window reads
      LimitDecision d = c.decide("127.0.0.1", pool[i & mask], null, System.nanoTime());
      if (d.outcome() == LimitDecision.Outcome.ADMIT) {
        ok++;
      }
    }
    double ns = (System.nanoTime() - t0) / (double) requests;
    if (ok != requests) {
      throw new IllegalStateException("refused " + (requests - ok) + " of " + requests);
    }
    return ns;
  }

  private static CustomerLimits limits(KeyRule rule) {
    CustomerSpec spec =
        CustomerSpec.builder()
            .name("api")
            .hosts(List.of("api.example"))
            .requestsPerSecond(1e9)
            .mode(LimitMode.INDEPENDENT)
            .keys(rule)
            .build();
    return new CustomerLimits(
        CustomersConfig.NONE.withCustomers(List.of(spec)), null, null, System::nanoTime);
  }

  private void heap(PrintWriter o) {
    long before = usedAfterGc();
    KeyedLimiter table =
        new KeyedLimiter(KeyWindow.parse("1h"), KeyShareSettings.DEFAULTS.withMaxKeys(keys));
    long now = System.currentTimeMillis();
    for (int i = 0; i < keys; i++) {
      table.admit(i * 0x9E3779B97F4A7C15L, 1000, now);
    }
    long withTable = usedAfterGc();
    KeyHome home = new KeyHome(KeyShareSettings.DEFAULTS);
    int window = (int) KeyWindow.parse("1h").id(now);
    for (int i = 0; i < keys / pops; i++) {
      home.receive(i % pops, new KeyReport(i, window, 1000, 60, 60, 1, 1, false), now);
    }
    long withHome = usedAfterGc();
    double tableBytes = withTable - before;
    double homeBytes = withHome - withTable;
    o.printf(
        Locale.ROOT,
        "heap: a table of %,d keys %.1f MB (%.0f bytes a key); a home of %,d keys %.1f MB (%.0f"
            + " bytes a key); %.1f MB in all%n",
        table.keys(),
        tableBytes / 1e6,
        tableBytes / Math.max(1, table.keys()),
        home.keys(),
        homeBytes / 1e6,
        homeBytes / Math.max(1, home.keys()),
        (tableBytes + homeBytes) / 1e6);
    o.flush();
  }

  /** 10 million distinct keys a minute, per second. */
  private static final double TEN_MILLION_A_MINUTE = 10_000_000 / 60.0;

  private void flood(PrintWriter o) {
    long before = usedAfterGc();
    CustomerLimits limits =
        limits(
            new KeyRule(
                KeyDescriptor.of("header:X-Api-Key"),
                100,
                KeyWindow.parse("1m"),
                Map.of(),
                null,
                maxKeys));
    CustomerLimiter c = limits.match("api.example");
    KeyedLimiter table = limits.keyed().get("api");
    java.util.SplittableRandom random = new java.util.SplittableRandom(1);
    char[] key = new char[32];
    long refused = 0;
    long maxHeld = 0;
    long refreshes = 0;
    long t0 = System.nanoTime();
    long nextRefresh = t0 + CustomerLimits.REFRESH_NANOS;
    for (long i = 0; i < flood; i++) {
      HttpRequest r = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/v1/items");
      r.headers().set("Host", "api.example").set("X-Api-Key", randomKey(random, key));
      if (c.decide("203.0.113.9", r, null).outcome() != LimitDecision.Outcome.ADMIT) {
        refused++;
      }
      if ((i & 255) == 0) {
        maxHeld = Math.max(maxHeld, table.keys());
        long now = System.nanoTime();
        if (now >= nextRefresh) {
          limits.refresh();
          refreshes++;
          nextRefresh = now + CustomerLimits.REFRESH_NANOS;
        }
      }
    }
    double seconds = (System.nanoTime() - t0) / 1e9;
    maxHeld = Math.max(maxHeld, table.keys());
    long heldAtEnd = table.keys();
    limits.refresh();
    long after = usedAfterGc();
    printFlood(o, seconds, maxHeld, heldAtEnd, table, refreshes, refused, before, after);
    // the limits stay reachable until the heap is measured
    java.lang.ref.Reference.reachabilityFence(limits);
  }

  /** 16 random bytes as hex: a key never seen before. */
  private static String randomKey(java.util.SplittableRandom random, char[] key) {
    char[] hex = HEX;
    long a = random.nextLong();
    long b = random.nextLong();
    for (int j = 0; j < 16; j++) {
      key[j] = hex[(int) (a >>> (j * 4)) & 15];
      key[16 + j] = hex[(int) (b >>> (j * 4)) & 15];
    }
    return new String(key);
  }

  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private void printFlood(
      PrintWriter o,
      double seconds,
      long maxHeld,
      long heldAtEnd,
      KeyedLimiter table,
      long refreshes,
      long refused,
      long before,
      long after) {
    double rate = flood / seconds;
    o.printf(
        Locale.ROOT,
        "flood: %,d distinct keys from one client in %.2f s, %,.0f keys/s: %.1fx 10 million keys"
            + " a minute (%,.0f/s)%n",
        flood,
        seconds,
        rate,
        rate / TEN_MILLION_A_MINUTE,
        TEN_MILLION_A_MINUTE);
    o.printf(
        Locale.ROOT,
        "keys held: at most %,d (sampled every 256 requests; bound %,d + a quarter = %,d), %,d at"
            + " the end, %,d after the last forget%n",
        maxHeld,
        maxKeys,
        maxKeys + Math.max(1, maxKeys / 4),
        heldAtEnd,
        table.keys());
    o.printf(
        Locale.ROOT,
        "uncounted %,d; forgotten %,d (%,d with a count) in %,d refreshes; refused %,d%n",
        table.uncounted(),
        table.forgotten(),
        table.forgottenCounting(),
        refreshes,
        refused);
    o.printf(
        Locale.ROOT,
        "heap used after a full GC: %.1f MB before, %.1f MB after (%+.1f MB, the table included)%n",
        before / 1e6,
        after / 1e6,
        (after - before) / 1e6);
    o.flush();
  }

  private static long usedAfterGc() {
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }
}
