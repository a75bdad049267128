package dev.alm.ratelimit.sim;

import com.fasterxml.jackson.databind.JsonNode;
import dev.alm.io.InputException;
import dev.alm.ratelimit.alloc.AllocatorFactory;
import dev.alm.ratelimit.alloc.AllocatorSettings;
import dev.alm.ratelimit.alloc.CentralTokenBucket;
import dev.alm.ratelimit.alloc.FlowProportionalShare;
import dev.alm.ratelimit.alloc.GlobalRandomDrop;
import dev.alm.ratelimit.alloc.GlobalTokenBucket;
import dev.alm.ratelimit.alloc.IndependentLimit;
import dev.alm.ratelimit.alloc.ShareAllocator;
import dev.alm.ratelimit.alloc.StaticShare;
import dev.alm.ratelimit.gdrl.GdrlAllocators;
import dev.alm.ratelimit.gossip.Ewma;
import dev.alm.ratelimit.gossip.PushSumGossip;
import dev.alm.ratelimit.gossip.SumGossip;
import dev.alm.ratelimit.gossip.TableGossip;
import dev.alm.ratelimit.laplacian.DstAllocators;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The algorithms {@code alm drl simulate --algorithm} knows, by name, each an {@link
 * AllocatorFactory}. An algorithm plugs in with one {@link #with} line in {@link #standard()}.
 * Names listed in {@link #PLANNED} but not registered answer "not available yet".
 */
public final class AlgorithmCatalog {

  /** Every name the commands accept, in display order. */
  public static final List<String> PLANNED =
      List.of("share", "ctb", "gtb", "grd", "fps", "gdrl", "dst", "static", "independent");

  private final Map<String, AllocatorFactory> byName;

  private AlgorithmCatalog(Map<String, AllocatorFactory> byName) {
    this.byName = Collections.unmodifiableMap(byName);
  }

  /** The algorithms of paper 001 and the baselines. */
  public static AlgorithmCatalog standard() {
    return new AlgorithmCatalog(new LinkedHashMap<>())
        .with("share", s -> new ShareAllocator(gossip(s), s.ewma()))
        .with("ctb", s -> new CentralTokenBucket())
        .with("gtb", s -> new GlobalTokenBucket(gossip(s), s.ewma()))
        .with("grd", s -> new GlobalRandomDrop(gossip(s), s.ewma()))
        .with("fps", s -> new FlowProportionalShare(gossip(s), s.ewma(), fpsThreshold(s)))
        .with("gdrl", GdrlAllocators::create)
        .with("dst", DstAllocators::create)
        .with("static", s -> new StaticShare())
        .with("independent", s -> new IndependentLimit());
  }

  /** This catalog plus one algorithm. */
  public AlgorithmCatalog with(String name, AllocatorFactory factory) {
    Map<String, AllocatorFactory> m = new LinkedHashMap<>(byName);
    m.put(name, factory);
    return new AlgorithmCatalog(m);
  }

  /** The factory for a name, if registered. */
  public Optional<AllocatorFactory> find(String name) {
    return Optional.ofNullable(byName.get(name));
  }

  /** Registered names. */
  public Set<String> names() {
    return byName.keySet();
  }

  /** The settings a scenario gives algorithm {@code name}. */
  public static AllocatorSettings settings(Scenario sc, String name) {
    JsonNode params = sc.algorithms().get(name);
    return new AllocatorSettings(
        sc.source(),
        sc.limiters(),
        sc.interval(),
        Ewma.perInterval(sc.ewma(), sc.interval()),
        sc.branching(),
        sc.pushSum(),
        sc.dropDisconnected(),
        4 * sc.interval(),
        params);
  }

  private static SumGossip gossip(AllocatorSettings s) {
    return s.pushSum()
        ? new PushSumGossip(s.limiters(), s.branching(), s.dropDisconnected())
        : new TableGossip(s.limiters(), s.branching(), s.dropDisconnected());
  }

  private static double fpsThreshold(AllocatorSettings s) throws InputException {
    JsonNode t = s.parameters().get("threshold");
    if (t == null) {
      return FlowProportionalShare.DEFAULT_THRESHOLD;
    }
    if (!t.isNumber() || !(t.asDouble() > 0 && t.asDouble() <= 1)) {
      throw new InputException(
          s.source(), "algorithms.fps.threshold", "expected a number in (0, 1]");
    }
    return t.asDouble();
  }
}
