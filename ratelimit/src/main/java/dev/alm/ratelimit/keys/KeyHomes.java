package dev.alm.ratelimit.keys;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Which PoP is a key's home: rendezvous (highest random weight) hashing of the key with every
 * member's name, so every PoP that sees the same members picks the same home without talking, and a
 * member's arrival or departure moves only the keys it wins or held (1/n of them).
 */
public final class KeyHomes {

  private final List<String> members;
  private final long[] seeds;

  /**
   * @param members the PoPs' names, in any order (at least one)
   */
  public KeyHomes(List<String> members) {
    if (members.isEmpty()) {
      throw new IllegalArgumentException("members: at least one");
    }
    this.members = List.copyOf(members);
    this.seeds = new long[members.size()];
    for (int i = 0; i < seeds.length; i++) {
      seeds[i] = nameHash(members.get(i));
    }
  }

  /** The members, in the order given. */
  public List<String> members() {
    return members;
  }

  /** The index in {@link #members} of {@code key}'s home. */
  public int home(long key) {
    int best = 0;
    long bestWeight = Long.MIN_VALUE;
    for (int i = 0; i < seeds.length; i++) {
      long w = mix(key ^ seeds[i]);
      if (w > bestWeight) {
        bestWeight = w;
        best = i;
      }
    }
    return best;
  }

  private static long nameHash(String name) {
    long h = 0x9E3779B97F4A7C15L;
    for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
      h = mix(h ^ (b & 0xff));
    }
    return h;
  }

  /** MurmurHash3's finaliser (fmix64). */
  static long mix(long k) {
    return dev.alm.io.Fmix64.mix(k);
  }
}
