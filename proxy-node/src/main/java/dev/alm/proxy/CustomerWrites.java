package dev.alm.proxy;

import dev.alm.proxy.limit.CustomerLimiter;
import dev.alm.proxy.limit.CustomerLimits;
import dev.alm.proxy.limit.CustomerSpec;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.nio.charset.StandardCharsets;

/**
 * The responses of customers with limits (docs/ratelimit/enforcement.md): 429 with {@code
 * Retry-After} (RFC 6585 section 4) over the limit, and a paced customer's body handed to {@link
 * PacedBody} (the PoP's byte bucket) or {@link CentralPacedBody} (the central store).
 */
final class CustomerWrites {

  private static final byte[] OVER_LIMIT_BODY =
      "over the customer's rate limit, retry later\n".getBytes(StandardCharsets.US_ASCII);

  private CustomerWrites() {}

  /** 429 Too Many Requests, retry after {@code retryAfterSeconds}, not to be cached. */
  static FullHttpResponse overLimit(long retryAfterSeconds) {
    return ProxyResponses.retryLater(
        HttpResponseStatus.TOO_MANY_REQUESTS, OVER_LIMIT_BODY, retryAfterSeconds);
  }

  /**
   * Starts writing {@code body} (owned from now on) of paced customer {@code c}, completing {@code
   * done} when its last chunk is written.
   */
  static void pace(
      ChannelHandlerContext ctx,
      ByteBuf body,
      CustomerLimiter c,
      ProxyNode node,
      ChannelPromise done) {
    if (c.centralPaced()) {
      CustomerLimits limits = node.customers();
      CustomerSpec spec = c.spec();
      new CentralPacedBody(
              ctx,
              body,
              new CentralPacedBody.Store(
                  limits.central(),
                  c.name(),
                  spec.bytesPerSecond(),
                  (long) Math.floor(spec.bytesPerSecond() * spec.burstSeconds()),
                  limits.settings().centralFailOpen(),
                  limits.settings().centralTimeout().toNanos(),
                  c::centralFailed),
              done)
          .run();
      return;
    }
    new PacedBody(
            ctx,
            body,
            c.state().pacer(node::nanoTime),
            c.state()::activeFlows,
            node::nanoTime,
            done)
        .run();
  }
}
