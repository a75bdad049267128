package dev.alm.app.drl;

import dev.alm.app.UserError;
import dev.alm.drl.central.RedisKeyLimiter;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code alm drl keys-central} against Redis: one Bucket4j bucket per key ({@link
 * RedisKeyLimiter}); the outage pauses Redis (CLIENT PAUSE ... ALL); the figures are Redis's
 * used_memory and DBSIZE, sampled every second outside the outage.
 */
final class KeysCentralRedis {

  private KeysCentralRedis() {}

  /** Runs {@code load} against the Redis at {@code uri}. */
  static KeysCentralReport run(KeysCentralLoad load, String uri)
      throws IOException, InterruptedException {
    RedisClient adminClient = null;
    try (RedisKeyLimiter limiter = connect(uri, load)) {
      adminClient = RedisClient.create(uri);
      StatefulRedisConnection<String, String> admin = adminClient.connect();
      admin.setTimeout(Duration.ofSeconds(5));
      long usedBefore = usedMemory(admin);
      long keysBefore = admin.sync().dbsize();
      KeysCentralRun r = load.run(limiter);
      long[] peak = {keysBefore, usedBefore};
      double[] ab = load.outage();
      double warmup = load.warmup();
      Thread pauser =
          load.hasOutage()
              ? KeysCentralLoad.at(
                  warmup + ab[0],
                  "alm-keys-central-outage",
                  () -> admin.async().clientPause(Math.round((ab[1] - ab[0]) * 1000)))
              : null;
      load.load(
          r,
          s -> {
            if (ab[0] < 0 || s < warmup + ab[0] || s > warmup + ab[1] + 1) {
              peak[0] = Math.max(peak[0], dbsize(admin, peak[0]));
              peak[1] = Math.max(peak[1], usedMemory(admin));
            }
          });
      if (pauser != null) {
        pauser.interrupt();
      }
      long keysAfter = admin.sync().dbsize();
      long usedAfter = usedMemory(admin);
      admin.close();
      String example = limiter.keyName(0);
      return new KeysCentralReport(
          load,
          r,
          limiter.counters(),
          store(
              load,
              example.substring(0, example.lastIndexOf(':') + 1),
              new long[] {
                usedBefore,
                usedAfter,
                keysBefore,
                keysAfter,
                Math.max(peak[0], keysAfter),
                Math.max(peak[1], usedAfter)
              }));
    } finally {
      if (adminClient != null) {
        adminClient.shutdown(Duration.ZERO, Duration.ofSeconds(1));
      }
    }
  }

  /**
   * @param redis used_memory before and after, DBSIZE before, after and the most seen during, the
   *     most used_memory seen
   */
  private static KeysCentralStore store(KeysCentralLoad load, String prefix, long[] redis) {
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("usedMemoryBefore", redis[0]);
    r.put("usedMemory", redis[1]);
    r.put("keysBefore", redis[2]);
    r.put("keys", redis[3]);
    r.put("keysMax", redis[4]);
    r.put("usedMemoryMax", redis[5]);
    String end =
        String.format(
            Locale.ROOT,
            "  Redis at the end: used_memory %,d bytes (%,d at the start, at most %,d seen), %,d"
                + " keys (DBSIZE; %,d at the start, at most %,d seen)",
            redis[1],
            redis[0],
            redis[5],
            redis[3],
            redis[2],
            redis[4]);
    double[] ab = load.outage();
    return new KeysCentralStore(
        "redis",
        "Redis, one bucket per key (" + prefix + "...)",
        String.format(Locale.ROOT, "Redis paused from %.1f s to %.1f s", ab[0], ab[1]),
        "Redis",
        new String[] {end},
        "redis",
        r);
  }

  private static RedisKeyLimiter connect(String uri, KeysCentralLoad load) {
    try {
      return RedisKeyLimiter.connect(
          uri,
          RedisKeyLimiter.DEFAULT_PREFIX + load.customer() + ":",
          load.limit(),
          Duration.ofMillis(load.sc().window().millis()),
          Duration.ofMillis(load.timeoutMs()),
          Duration.ofSeconds(5),
          load.policy());
    } catch (IllegalArgumentException | IOException e) {
      throw new UserError("--redis: " + e.getMessage());
    }
  }

  private static long usedMemory(StatefulRedisConnection<String, String> admin) {
    String info;
    try {
      info = admin.async().info("memory").get(500, TimeUnit.MILLISECONDS);
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      return -1;
    }
    for (String line : info.split("\r?\n")) {
      if (line.startsWith("used_memory:")) {
        return Long.parseLong(line.substring("used_memory:".length()).trim());
      }
    }
    return -1;
  }

  private static long dbsize(StatefulRedisConnection<String, String> admin, long otherwise) {
    try {
      return admin.async().dbsize().get(200, TimeUnit.MILLISECONDS);
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      return otherwise;
    }
  }
}
