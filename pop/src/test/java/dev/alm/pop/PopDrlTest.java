package dev.alm.pop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.alm.drl.agent.CustomerLimit;
import dev.alm.io.Clocks;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three {@code alm pop} daemons with a {@code drl} section: their agents find each other through
 * SWIM seeds, gossip over authenticated UDP on loopback and divide one customer's limit; demand is
 * counted through each PoP's {@link PopLimits} as the request path would.
 */
class PopDrlTest {

  static final String C = "acme";
  static final double L = 500;

  @Test
  void threePopsDivideOneLimitAndShowItOnStatus(@TempDir Path dir) throws Exception {
    double[] demand = {600, 300, 100};
    List<PopDaemon> pops = new ArrayList<>();
    try {
      for (PopConfig c : DrlPops.configs(3, dir, List.of(new CustomerLimit(C, L)), null)) {
        pops.add(PopDaemon.start(c, false, Clocks.SYSTEM, l -> {}));
      }
      // the request path: a thread counts arrivals at each PoP's demand rate, by elapsed time so
      // that a stalled thread does not change the rate, until the test ends
      AtomicBoolean feeding = new AtomicBoolean(true);
      Thread feeder =
          new Thread(
              () -> {
                long last = System.nanoTime();
                double[] owed = new double[3];
                while (feeding.get()) {
                  long now = System.nanoTime();
                  for (int i = 0; i < 3; i++) {
                    owed[i] += demand[i] * (now - last) / 1e9;
                    long whole = (long) owed[i];
                    owed[i] -= whole;
                    pops.get(i).limits().arrived(C, whole);
                  }
                  last = now;
                  LockSupport.parkNanos(5_000_000L);
                }
              });
      feeder.setDaemon(true);
      feeder.start();
      // each PoP serves min(demand, share); converged: proportional shares and the aggregate at
      // L, held for one second
      long end = System.nanoTime() + 20_000_000_000L;
      double served = 0;
      boolean converged = false;
      long holdingSince = Long.MAX_VALUE;
      while (System.nanoTime() < end && !converged) {
        Thread.sleep(10);
        long now = System.nanoTime();
        served = 0;
        boolean proportional = true;
        for (int i = 0; i < 3; i++) {
          double s = pops.get(i).limits().share(C);
          served += Double.isNaN(s) ? 0 : Math.min(demand[i], s);
          proportional &= Math.abs(s - L * demand[i] / 1000) <= 0.05 * L;
        }
        if (!(proportional && Math.abs(served - L) <= 0.05 * L)) {
          holdingSince = Long.MAX_VALUE;
        } else if (holdingSince == Long.MAX_VALUE) {
          holdingSince = now;
        }
        converged = now - holdingSince >= 1_000_000_000L;
      }
      assertTrue(converged, "aggregate served " + served + " against the limit " + L);
      ObjectMapper json = new ObjectMapper();
      for (int i = 0; i < 3; i++) {
        JsonNode drl = json.readTree(pops.get(i).statusJson()).get("drl");
        assertEquals(i, drl.get("id").asInt());
        assertEquals("normal", drl.get("mode").asText());
        assertEquals(2, drl.get("peers").asInt());
        JsonNode c = drl.get("customers").get(0);
        assertEquals(C, c.get("name").asText());
        assertEquals(L, c.get("limit").asDouble(), 1e-9);
        assertEquals(L * demand[i] / 1000, c.get("share").asDouble(), 0.1 * L, "share of " + i);
        assertEquals(0, drl.get("rejected").get("bad-mac").asLong());
        double gauge =
            pops.get(i).registry().get("alm.drl.share").tag("customer", C).gauge().value();
        assertTrue(gauge > 0 && gauge <= L, "alm.drl.share gauge " + gauge);
      }
      feeding.set(false);
    } finally {
      for (PopDaemon p : pops) {
        p.close();
      }
    }
  }
}
