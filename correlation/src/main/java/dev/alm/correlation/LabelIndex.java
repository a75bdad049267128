package dev.alm.correlation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Numbers the node ids of C as samples name them, after folding, and remembers what folding did:
 * which raw labels were folded into which node, which were dropped (with how many samples), and
 * which were not among the known PoP ids. Not thread-safe.
 */
public final class LabelIndex {
  /** {@link #index} of a label that folding drops. */
  public static final int DROPPED = -1;

  /** {@link #index} of a label that is not a known PoP id. */
  public static final int UNKNOWN = -2;

  private final LabelFolding folding;
  private final Set<String> known;
  private final Map<String, Integer> raw = new HashMap<>();
  private final Map<String, Integer> nodes = new HashMap<>();
  private final List<String> ids = new ArrayList<>();
  private final Map<String, String> folded = new TreeMap<>();
  private final Map<String, Long> dropped = new TreeMap<>();

  /**
   * @param folding how raw labels become node ids
   * @param known the PoP ids allowed after folding; empty means any
   */
  public LabelIndex(LabelFolding folding, Set<String> known) {
    this.folding = folding;
    this.known = Set.copyOf(known);
    for (String id : known.stream().sorted().toList()) {
      nodes.put(id, ids.size());
      ids.add(id);
    }
  }

  /**
   * The node index of a raw label, {@link #DROPPED} or {@link #UNKNOWN}; new node ids are numbered
   * on sight.
   */
  public int index(String label) {
    return index(label, 1);
  }

  /**
   * As {@link #index(String)}, for {@code samples} samples naming the label at once (counts
   * aggregated elsewhere): a dropped label's count grows by {@code samples}.
   */
  public int index(String label, long samples) {
    Integer i = raw.get(label);
    if (i == null) {
      i = resolve(label);
      raw.put(label, i);
    }
    if (i == DROPPED) {
      dropped.merge(label, samples, Long::sum);
    }
    return i;
  }

  private int resolve(String label) {
    String id = folding.fold(label);
    if (id == null || id.isEmpty()) {
      return DROPPED;
    }
    if (!id.equals(label)) {
      folded.put(label, id);
    }
    Integer n = nodes.get(id);
    if (n != null) {
      return n;
    }
    if (!known.isEmpty()) {
      return UNKNOWN;
    }
    nodes.put(id, ids.size());
    ids.add(id);
    return ids.size() - 1;
  }

  /** The node id of index {@code i}. */
  public String id(int i) {
    return ids.get(i);
  }

  /** How many node ids there are so far. */
  public int size() {
    return ids.size();
  }

  /** Every node id, in index order. */
  public List<String> ids() {
    return List.copyOf(ids);
  }

  /** Raw labels that were folded into another node id (raw -> node). */
  public Map<String, String> folded() {
    return Map.copyOf(folded);
  }

  /** Raw labels that were dropped, with how many times a sample named them. */
  public Map<String, Long> dropped() {
    return Map.copyOf(dropped);
  }
}
