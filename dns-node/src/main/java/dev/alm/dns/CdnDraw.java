package dev.alm.dns;

import dev.alm.fastcontrol.BalancedSplit;
import dev.alm.traces.AnswerKind;
import java.net.InetAddress;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;
import org.xbill.DNS.ClientSubnetOption;

/**
 * The CDN answer's draw (paper 004 section II): L1 with probability x, else L2. In {@link
 * AnswerMode#BALANCED} mode (the default) each query draws with the probability that keeps the
 * share of L1 answers at x over every few answers ({@link BalancedSplit}); in {@link
 * AnswerMode#RANDOM} mode each query draws a fresh uniform u; in {@link AnswerMode#STICKY} mode u
 * is the {@link StickyHash} of the client subnet (the ECS prefix if the query gives one, else the
 * resolver's address), cut to the configured /24 or /56. Either way the answer is L1 when u &lt; x.
 * The fast path ({@link FastAnswers}) and the general path ({@link QueryAnswerer}) draw here, so
 * they give the same answer to the same client. Thread-safe.
 */
final class CdnDraw {
  private final AnswerMode mode;
  private final RedirectionProbability x;
  private final StickyHash sticky;
  private final BalancedSplit balanced = new BalancedSplit();
  private final int scopeV4;
  private final int scopeV6;
  private final DoubleSupplier uniform;

  /** The draw of {@code config}'s mode, drawing from {@link ThreadLocalRandom}. */
  CdnDraw(DnsConfig config, RedirectionProbability x) {
    this(config, x, () -> ThreadLocalRandom.current().nextDouble());
  }

  /**
   * The draw of {@code config}'s mode.
   *
   * @param uniform u in [0, 1) for each query of the balanced and random modes
   */
  CdnDraw(DnsConfig config, RedirectionProbability x, DoubleSupplier uniform) {
    this.mode = config.mode();
    this.x = x;
    this.sticky = new StickyHash(config.salt());
    this.scopeV4 = config.ecsScopeV4();
    this.scopeV6 = config.ecsScopeV6();
    this.uniform = uniform;
  }

  /**
   * L1 or L2 for one query.
   *
   * @param ecs the query's client subnet, or null
   * @param client the resolver
   */
  AnswerKind kind(ClientSubnetOption ecs, InetAddress client) {
    double u;
    if (mode == AnswerMode.BALANCED) {
      return balanced.l1(x.get(), uniform.getAsDouble()) ? AnswerKind.L1 : AnswerKind.L2;
    } else if (mode == AnswerMode.STICKY) {
      byte[] key = hasPrefix(ecs) ? ecs.getAddress().getAddress() : client.getAddress();
      int cap = key.length == 4 ? scopeV4 : scopeV6;
      u = sticky.draw(key, hasPrefix(ecs) ? Math.min(cap, ecs.getSourcePrefixLength()) : cap);
    } else {
      u = uniform.getAsDouble();
    }
    return u < x.get() ? AnswerKind.L1 : AnswerKind.L2;
  }

  /**
   * The ECS scope an answer echoes (RFC 7871): the prefix the sticky hash read, or 0 when the
   * answer does not depend on the subnet (balanced or random mode, or no ECS prefix given).
   */
  int scope(ClientSubnetOption ecs) {
    if (mode != AnswerMode.STICKY || !hasPrefix(ecs)) {
      return 0;
    }
    int cap = ecs.getAddress().getAddress().length == 4 ? scopeV4 : scopeV6;
    return Math.min(cap, ecs.getSourcePrefixLength());
  }

  private static boolean hasPrefix(ClientSubnetOption ecs) {
    return ecs != null && ecs.getSourcePrefixLength() > 0;
  }
}
