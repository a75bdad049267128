package dev.alm.cluster;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.alm.drl.central.RedisServerProcess;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Long TCP downloads through two PoPs' proxies sharing one customer's bytes/s limit (paper 001
 * section 5.1, scaled down): with the DRL agents the aggregate is about the limit; with independent
 * limits it is about twice; with one central Redis bucket (a real redis-server) it is about the
 * limit. Real sockets; generous margins.
 */
class FlowRunTest {

  private static FlowReport run(FlowRun.Kind kind) throws Exception {
    List<String> log = new ArrayList<>();
    return FlowRun.run(new FlowRun.Config(kind, 4e6, 1, 2, Duration.ofSeconds(14)), log::add);
  }

  @Test
  void drlPacesTheAggregateToTheLimitAndIndependentLimitsDoubleIt() throws Exception {
    FlowReport drl = run(FlowRun.Kind.DRL);
    assertTrue(
        drl.meanAggregateRatio() > 0.8 && drl.meanAggregateRatio() < 1.15,
        "DRL: the aggregate is about the limit: " + drl);
    // 1 flow at a, 2 at b: flow-weighted shares give each flow about a third of the limit
    assertTrue(drl.jainFlows() > 0.9, "DRL: the flows get about the same rate: " + drl);
    FlowReport independent = run(FlowRun.Kind.INDEPENDENT);
    assertTrue(
        independent.meanAggregateRatio() > 1.5,
        "two independent limits let the flows take about twice the limit: " + independent);
  }

  @Test
  void oneCentralRedisBucketPacesBothProxiesToTheLimit() throws Exception {
    assumeTrue(RedisServerProcess.installed(), "redis-server is not installed");
    FlowReport central = run(FlowRun.Kind.CENTRAL);
    assertTrue(
        central.meanAggregateRatio() > 0.8 && central.meanAggregateRatio() < 1.15,
        "central: one bucket in Redis holds the aggregate of both PoPs to the limit: " + central);
  }
}
