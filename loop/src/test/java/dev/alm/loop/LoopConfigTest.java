package dev.alm.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class LoopConfigTest {

  @Test
  void aWitherChangesOnlyItsFieldAndToBuilderKeepsTheRest() {
    LoopConfig c =
        LoopConfig.builder(Algorithm.DUAL)
            .interval(Duration.ofMillis(500))
            .loadUnit(150)
            .requestsPerQuery(7)
            .safeX(0.1)
            .probeTimeout(9)
            .build();
    assertEquals(c, c.toBuilder().build());
    LoopConfig g = c.withGreedyGain(4);
    assertEquals(4, g.greedyGain());
    assertEquals(c, g.withGreedyGain(c.greedyGain()));
    LoopConfig l = c.withLoad(20, 3);
    assertEquals(20, l.loadUnit());
    assertEquals(3, l.requestsPerQuery());
    assertEquals(Duration.ofMillis(500), l.interval());
    assertEquals(9, l.probeTimeout());
    assertEquals(Algorithm.GREEDY, c.withAlgorithm(Algorithm.GREEDY).algorithm());
  }

  @Test
  void resolvedForTurnsAutoIntoASourceAndKeepsAChosenOne() {
    LoopConfig auto = LoopConfig.builder(Algorithm.DUAL).betaSource(BetaSource.AUTO).build();
    assertEquals(BetaSource.ECHO, auto.resolvedFor(true).betaSource());
    assertEquals(BetaSource.PROBES, auto.resolvedFor(false).betaSource());
    assertEquals(auto.withBetaSource(BetaSource.ECHO), auto.resolvedFor(true));
    LoopConfig chosen = auto.withBetaSource(BetaSource.PROBES);
    assertEquals(chosen, chosen.resolvedFor(true));
  }

  @Test
  void buildRefusesABadValueNamingTheField() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> LoopConfig.builder(Algorithm.DUAL).maxStep(1.5).build());
    assertTrue(e.getMessage().startsWith("maxStep"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> LoopConfig.defaults(Algorithm.GREEDY).toBuilder().loadUnit(0).build());
    assertTrue(e.getMessage().startsWith("loadUnit"), e.getMessage());
  }
}
