package dev.alm.lab;

import java.util.List;

/**
 * Builds a {@link LabTopology}; each setter names one part, the rest keep their defaults: no part
 * of any kind, hence no public resolver, and no datacenter (which must be set). The topology checks
 * the parts together when built ({@link LabTopologyCheck}).
 */
public final class LabTopologyBuilder {
  private List<LabTopology.Pop> pops = List.of();
  private List<LabTopology.Router> routers = List.of();
  private List<LabTopology.Link> links = List.of();
  private List<LabTopology.Eyeball> eyeballs = List.of();
  private List<LabTopology.Resolver> resolvers = List.of();
  private LabTopology.Stub datacenter;

  public LabTopologyBuilder pops(List<LabTopology.Pop> v) {
    pops = v;
    return this;
  }

  public LabTopologyBuilder routers(List<LabTopology.Router> v) {
    routers = v;
    return this;
  }

  public LabTopologyBuilder links(List<LabTopology.Link> v) {
    links = v;
    return this;
  }

  public LabTopologyBuilder eyeballs(List<LabTopology.Eyeball> v) {
    eyeballs = v;
    return this;
  }

  public LabTopologyBuilder resolvers(List<LabTopology.Resolver> v) {
    resolvers = v;
    return this;
  }

  public LabTopologyBuilder datacenter(LabTopology.Stub v) {
    datacenter = v;
    return this;
  }

  /**
   * @throws IllegalArgumentException {@code where: reason} when the parts do not fit together
   */
  public LabTopology build() {
    return new LabTopology(pops, routers, links, eyeballs, resolvers, datacenter);
  }
}
