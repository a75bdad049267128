package dev.alm.drl.central;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.util.Arrays;

/**
 * Who the token server spends a MAC verification on. Every source address holds a token bucket of
 * refusals ({@link RefusalBudget}): a datagram that fails verification spends a token, and once an
 * address's tokens are spent its datagrams are dropped unverified, unless the request's client id
 * is one that authenticated from that address (a real PoP behind the same address, or whose address
 * a forger spoofs, keeps being heard). Addresses not in the table share one bucket: a new address's
 * first refusal is paid from it, and its own bucket then starts empty, so a flood from ever-new
 * (spoofed) sources costs at most the shared rate plus the tracked addresses' rates. A PoP that
 * signs with the fleet key spends nothing.
 *
 * <p>The table is fixed in size: open addressing over {@link RefusalBudget#addresses} slots, probed
 * {@value #PROBES} deep; a new address takes an empty slot or the least recently refused one
 * without an authenticated client. Nothing is allocated per datagram. Time is an argument. Not
 * thread-safe: the server's event loop owns it.
 */
final class SourceBudget {

  /** Slots probed for one address. */
  static final int PROBES = 8;

  /** Client ids remembered per address. */
  static final int CLIENTS = 4;

  /** What to do with a datagram before its MAC is checked. */
  enum Verdict {
    /** Verify it. */
    VERIFY,
    /** Drop it unverified: the address spent its refusals. */
    OVER_ADDRESS,
    /** Drop it unverified: an untracked address while the shared refusals are spent. */
    OVER_SHARED
  }

  private final RefusalBudget budget;
  private final int mask;
  private final long[] keys;
  private final double[] tokens;
  private final long[] refilled;
  private final long[] clients;
  private final int[] nextClient;
  private double sharedTokens;
  private long sharedRefilled;

  SourceBudget(RefusalBudget budget, long nowNanos) {
    this.budget = budget;
    int n = budget.addresses();
    this.mask = n - 1;
    this.keys = new long[n];
    this.tokens = new double[n];
    this.refilled = new long[n];
    this.clients = new long[n * CLIENTS];
    this.nextClient = new int[n];
    this.sharedTokens = budget.sharedBurst();
    this.sharedRefilled = nowNanos;
  }

  /**
   * The key of a source address: nonzero, the IPv4 address itself, or for IPv6 a hash of it
   * (addresses whose hashes collide share a budget).
   */
  static long key(InetAddress a) {
    long family = a instanceof Inet4Address ? 1L << 32 : 2L << 32;
    return family | (a.hashCode() & 0xffff_ffffL);
  }

  /** Whether to verify a request of {@code client} from {@code source} at {@code nowNanos}. */
  Verdict check(long source, long client, long nowNanos) {
    int s = find(source);
    if (s < 0) {
      refillShared(nowNanos);
      return sharedTokens >= 1 ? Verdict.VERIFY : Verdict.OVER_SHARED;
    }
    if (known(s, client)) {
      return Verdict.VERIFY;
    }
    refill(s, nowNanos);
    return tokens[s] >= 1 ? Verdict.VERIFY : Verdict.OVER_ADDRESS;
  }

  /** A datagram from {@code source} failed verification: spends one of its refusals. */
  void refused(long source, long nowNanos) {
    int s = find(source);
    if (s < 0) {
      // Paid from the shared budget; the address's own budget starts empty and fills at its
      // rate, so ever-new sources cannot each bring a burst.
      refillShared(nowNanos);
      sharedTokens = Math.max(0, sharedTokens - 1);
      tokens[claim(source, nowNanos)] = 0;
      return;
    }
    refill(s, nowNanos);
    tokens[s] = Math.max(0, tokens[s] - 1);
  }

  /** A request of {@code client} from {@code source} authenticated: hear that client from there. */
  void authenticated(long source, long client, long nowNanos) {
    int s = find(source);
    if (s < 0) {
      s = claim(source, nowNanos);
    }
    if (!known(s, client)) {
      int i = nextClient[s];
      clients[s * CLIENTS + i] = client;
      nextClient[s] = (i + 1) % CLIENTS;
    }
  }

  /** Addresses held in the table now. */
  int tracked() {
    int n = 0;
    for (long k : keys) {
      if (k != 0) {
        n++;
      }
    }
    return n;
  }

  private boolean known(int s, long client) {
    int base = s * CLIENTS;
    for (int i = 0; i < CLIENTS; i++) {
      if (clients[base + i] == client && client != 0) {
        return true;
      }
    }
    return false;
  }

  private boolean hasClients(int s) {
    int base = s * CLIENTS;
    for (int i = 0; i < CLIENTS; i++) {
      if (clients[base + i] != 0) {
        return true;
      }
    }
    return false;
  }

  private int find(long source) {
    int h = hash(source);
    for (int i = 0; i < PROBES; i++) {
      int s = (h + i) & mask;
      if (keys[s] == source) {
        return s;
      }
    }
    return -1;
  }

  /**
   * A slot for {@code source}: an empty one, else the stalest without clients, else the stalest.
   */
  private int claim(long source, long nowNanos) {
    int h = hash(source);
    int victim = -1;
    boolean victimHasClients = true;
    for (int i = 0; i < PROBES; i++) {
      int s = (h + i) & mask;
      if (keys[s] == 0) {
        victim = s;
        break;
      }
      boolean c = hasClients(s);
      if (victim < 0
          || (victimHasClients && !c)
          || (victimHasClients == c && refilled[s] < refilled[victim])) {
        victim = s;
        victimHasClients = c;
      }
    }
    keys[victim] = source;
    tokens[victim] = budget.perAddressBurst();
    refilled[victim] = nowNanos;
    Arrays.fill(clients, victim * CLIENTS, victim * CLIENTS + CLIENTS, 0L);
    nextClient[victim] = 0;
    return victim;
  }

  private void refill(int s, long nowNanos) {
    long dt = nowNanos - refilled[s];
    if (dt > 0) {
      tokens[s] =
          Math.min(budget.perAddressBurst(), tokens[s] + dt * 1e-9 * budget.perAddressRate());
      refilled[s] = nowNanos;
    }
  }

  private void refillShared(long nowNanos) {
    long dt = nowNanos - sharedRefilled;
    if (dt > 0) {
      sharedTokens = Math.min(budget.sharedBurst(), sharedTokens + dt * 1e-9 * budget.sharedRate());
      sharedRefilled = nowNanos;
    }
  }

  private static int hash(long key) {
    long h = key * 0x9E37_79B9_7F4A_7C15L;
    return (int) (h ^ (h >>> 29));
  }
}
