package dev.alm.drl.agent;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The agent's settings: named defaults, one field per setter, the record's checks. */
class AgentSettingsTest {

  static final List<CustomerLimit> ONE = List.of(new CustomerLimit("c", 100));

  @Test
  void builderDefaultsAreThePapers() {
    AgentSettings s = AgentSettings.builder(2, 5).customers(ONE).build();
    assertEquals(AgentSettings.defaults(2, 5, ONE), s);
    assertEquals(0.05, s.interval());
    assertEquals(3, s.fanOut());
    assertEquals(5, s.lease());
    assertEquals(1, s.silence());
    assertEquals(0, s.peerTimeout());
    assertEquals(0.1, s.ewma());
    assertEquals(AgentSettings.GossipMode.TABLE, s.gossip());
    assertNull(s.neighbours());
    assertEquals(0, s.algorithms().size());
    assertEquals(0.1, s.bucketSeconds());
    assertEquals(List.of(), AgentSettings.builder(0, 1).build().customers());
  }

  @Test
  void eachWithChangesOneField() {
    AgentSettings s = AgentSettings.defaults(1, 4, ONE).withNeighbours(new int[] {0, 2});
    assertEquals(0.1, s.withInterval(0.1).interval());
    assertEquals(s.fanOut(), s.withInterval(0.1).fanOut());
    assertEquals(2, s.withFanOut(2).fanOut());
    assertEquals(7, s.withLease(7).lease());
    assertEquals(2, s.withSilence(2).silence());
    assertEquals(9, s.withPeerTimeout(9).peerTimeout());
    assertEquals(0.5, s.withEwma(0.5).ewma());
    assertEquals(
        AgentSettings.GossipMode.PUSH_SUM,
        s.withGossip(AgentSettings.GossipMode.PUSH_SUM).gossip());
    assertEquals(List.of(), s.withCustomers(List.of()).customers());
    assertArrayEquals(new int[] {0, 2}, s.withLease(7).neighbours());
    // another PoP's neighbours are its own: back to every other PoP
    assertEquals(3, s.withId(3).id());
    assertNull(s.withId(3).neighbours());
    assertEquals(s.withLease(7).withInterval(0.2).withFanOut(2).fanOut(), 2);
  }

  @Test
  void badValuesFailWithTheRecordsMessages() {
    AgentSettings.Builder b = AgentSettings.builder(0, 3);
    assertEquals(
        "interval must be in (0, 10] s: 0.0",
        assertThrows(IllegalArgumentException.class, () -> b.interval(0).build()).getMessage());
    assertEquals(
        "fan-out must be >= 1: 0",
        assertThrows(
                IllegalArgumentException.class, () -> AgentSettings.builder(0, 3).fanOut(0).build())
            .getMessage());
    assertEquals(
        "id 3 must be in 0..2",
        assertThrows(IllegalArgumentException.class, () -> AgentSettings.builder(3, 3).build())
            .getMessage());
    assertEquals(
        "lease >= 0, silence >= interval and peer timeout >= 0 required",
        assertThrows(
                IllegalArgumentException.class,
                () -> AgentSettings.defaults(0, 3, ONE).withSilence(0.01))
            .getMessage());
    assertEquals(
        "ewma must be in [0, 1): 1.0",
        assertThrows(
                IllegalArgumentException.class, () -> AgentSettings.defaults(0, 3, ONE).withEwma(1))
            .getMessage());
    assertEquals(
        "bucket depth must be > 0 s of the limit: 0.0",
        assertThrows(
                IllegalArgumentException.class,
                () -> AgentSettings.builder(0, 3).bucketSeconds(0).build())
            .getMessage());
  }

  @Test
  void theBucketDepthIsSecondsOfEachCustomersLimit() {
    AgentSettings s =
        AgentSettings.builder(0, 2)
            .customers(List.of(new CustomerLimit("c", 110, "gdrl")))
            .bucketSeconds(2.0 / 110)
            .build();
    assertEquals(
        2.0, new CustomerAllocations(s).context(s.customers().get(0)).bucketDepth(), 1e-12);
  }
}
