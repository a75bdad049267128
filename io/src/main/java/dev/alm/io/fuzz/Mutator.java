package dev.alm.io.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Seeded mutations of valid inputs, for the fuzz runs of alm's parsers ({@code alm fuzz}): each
 * call takes one of the seeds and applies one to four mutations (flip a bit, replace a byte with an
 * interesting one, delete, duplicate or move a span, insert a token from the dictionary, truncate).
 * The same seed of the random generator always gives the same inputs, so a finding is replayed by
 * its input index.
 */
public final class Mutator {

  private static final byte[] INTERESTING = {
    0,
    1,
    '\r',
    '\n',
    ' ',
    '"',
    ',',
    ':',
    '{',
    '}',
    '[',
    ']',
    '-',
    '.',
    'e',
    '9',
    0x7f,
    (byte) 0x80,
    (byte) 0xc3,
    (byte) 0xff
  };

  private final List<byte[]> seeds;
  private final List<byte[]> dictionary;
  private final Random random;

  /**
   * @param seeds valid inputs to start from (at least one)
   * @param dictionary tokens worth inserting (field names, numbers at the edges, keywords)
   * @param seed the random generator's seed
   */
  public Mutator(List<byte[]> seeds, List<String> dictionary, long seed) {
    if (seeds.isEmpty()) {
      throw new IllegalArgumentException("a mutator needs at least one seed input");
    }
    this.seeds = List.copyOf(seeds);
    this.dictionary = dictionary.stream().map(s -> s.getBytes(StandardCharsets.UTF_8)).toList();
    this.random = new Random(seed);
  }

  /** The next mutated input. */
  public byte[] next() {
    byte[] b = seeds.get(random.nextInt(seeds.size())).clone();
    int n = 1 + random.nextInt(4);
    for (int i = 0; i < n; i++) {
      b = mutate(b);
    }
    return b;
  }

  private byte[] mutate(byte[] b) {
    int len = b.length;
    int at = len == 0 ? 0 : random.nextInt(len);
    switch (random.nextInt(7)) {
      case 0 -> {
        if (len > 0) {
          b[at] ^= (byte) (1 << random.nextInt(8));
        }
        return b;
      }
      case 1 -> {
        if (len > 0) {
          b[at] = INTERESTING[random.nextInt(INTERESTING.length)];
        }
        return b;
      }
      case 2 -> {
        int span = len == 0 ? 0 : 1 + random.nextInt(Math.min(16, len - at));
        return concat(Arrays.copyOf(b, at), Arrays.copyOfRange(b, at + span, len));
      }
      case 3 -> {
        int span = len == 0 ? 0 : 1 + random.nextInt(Math.min(64, len - at));
        byte[] part = Arrays.copyOfRange(b, at, at + span);
        return concat(
            concat(Arrays.copyOf(b, at + span), part), Arrays.copyOfRange(b, at + span, len));
      }
      case 4 -> {
        byte[] token =
            dictionary.isEmpty()
                ? new byte[] {INTERESTING[random.nextInt(INTERESTING.length)]}
                : dictionary.get(random.nextInt(dictionary.size()));
        return concat(concat(Arrays.copyOf(b, at), token), Arrays.copyOfRange(b, at, len));
      }
      case 5 -> {
        return Arrays.copyOf(b, at);
      }
      default -> {
        if (len < 2) {
          return b;
        }
        int other = random.nextInt(len);
        byte t = b[at];
        b[at] = b[other];
        b[other] = t;
        return b;
      }
    }
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] r = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, r, a.length, b.length);
    return r;
  }
}
