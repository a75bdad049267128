package dev.alm.app.drl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.alm.ratelimit.sim.Builtins;
import dev.alm.ratelimit.sim.Scenario;
import org.junit.jupiter.api.Test;

class LiveScenarioCompareTest {

  @Test
  void aScenarioWithoutGossipIsSimulatedWithTheOnePeerALiveAgentGossipsTo() throws Exception {
    Scenario ring = Builtins.standard().resolve("builtin:stanojevic-ring?duration=60");
    assertEquals(0, ring.branching());
    Scenario both = LiveScenarioCompare.withAgentDefaults(ring);
    assertEquals(1, both.branching());
    // GDRL's stable gain for the ring's degree 2, as the agent takes it
    assertEquals(0.25, both.algorithms().get("gdrl").get("eta").asDouble(), 1e-12);
    // the agents' timers and their safe start: a silence period of one second
    assertEquals(true, both.unalignedTimers());
    assertEquals(0, ring.safeStart(), 0);
    assertEquals(1.0, both.safeStart(), 0);
    // a scenario of 2-second intervals: the silence period is one interval
    assertEquals(2.0, LiveScenarioCompare.withAgentDefaults(ring.faster(0.5)).safeStart(), 1e-12);
  }

  @Test
  void aScenarioThatGossipsKeepsItsBranching() throws Exception {
    Scenario shift = Builtins.standard().resolve("builtin:raghavan-shift");
    assertEquals(shift.branching(), LiveScenarioCompare.withAgentDefaults(shift).branching());
  }
}
