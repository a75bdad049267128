package dev.alm.proxy;

import dev.alm.io.Clocks;
import dev.alm.node.MessageDeadline;
import dev.alm.proxy.limit.CentralLimiter;
import dev.alm.proxy.limit.ShareSource;
import io.netty.channel.ChannelHandler;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpServerKeepAliveHandler;
import java.io.IOException;

/**
 * The HTTP handlers of one proxy connection, in order, as the server and the fuzz harness build
 * them: the codec with the configured line and header limits, keep-alive, the aggregator with the
 * body limit, the end of the message deadline's clock, and the proxy's handler.
 */
public final class ProxyPipelines {

  private ProxyPipelines() {}

  static ChannelHandler[] http(
      HttpLimits limits, ProxyNode node, GeneratedContent generated, OriginClient origin) {
    return new ChannelHandler[] {
      new HttpServerCodec(limits.maxInitialLineBytes(), limits.maxHeaderBytes(), 8192),
      new HttpServerKeepAliveHandler(),
      new HttpObjectAggregator(limits.maxBodyBytes()),
      MessageDeadline.completion(),
      new ProxyHandler(node, generated, origin)
    };
  }

  /** A proxy with generated content, whose connections are {@link EmbeddedChannel}s. */
  public static Harness harness(ProxyConfig config) throws IOException {
    return new Harness(config, null, null);
  }

  /**
   * A proxy with generated content and embedded connections whose customers' limits follow {@code
   * shares} and ask {@code central} (either may be null).
   */
  public static Harness harness(ProxyConfig config, ShareSource shares, CentralLimiter central)
      throws IOException {
    return new Harness(config, shares, central);
  }

  /** A proxy node and content generator feeding embedded connections; close it to free both. */
  public static final class Harness implements AutoCloseable {
    private final ProxyConfig config;
    private final ProxyNode node;
    private final GeneratedContent generated;

    private Harness(ProxyConfig config, ShareSource shares, CentralLimiter central)
        throws IOException {
      this.config = config;
      this.node = new ProxyNode(config, Clocks.SYSTEM, shares, central);
      this.generated = new GeneratedContent(config.content().bodyBytes());
    }

    /** A new connection with the live pipeline's HTTP handlers. */
    public EmbeddedChannel channel() {
      return new EmbeddedChannel(http(config.limits(), node, generated, null));
    }

    public ProxyNode node() {
      return node;
    }

    @Override
    public void close() throws IOException {
      generated.close();
      node.close();
    }
  }
}
