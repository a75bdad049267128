package dev.alm.drl.agent;

import dev.alm.drl.agent.SwimListenerStats.Refusal;
import dev.alm.node.AcceptGuard;
import dev.alm.node.ConnectionGuard;
import dev.alm.node.MessageDeadline;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.netty.handler.codec.LengthFieldPrepender;
import io.netty.handler.timeout.ReadTimeoutHandler;
import io.scalecube.cluster.transport.api.TransportConfig;
import io.scalecube.transport.netty.Receiver;
import io.scalecube.transport.netty.TransportImpl;
import java.util.concurrent.TimeUnit;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.tcp.TcpServer;

/**
 * The SWIM transport's listening side: ScaleCube's TCP receiver (4-byte length, then a frame),
 * bound to the configured address only, with the caps, deadlines and early signature check of
 * {@link SwimListenerLimits} and {@link SwimFrameGate} in front of ScaleCube's decoding.
 */
final class SwimReceiver implements Receiver {

  private final String host;
  private final TransportConfig config;
  private final SwimListenerLimits limits;
  private final SignedSwimCodec codec;
  private final SwimListenerStats stats;
  private final ConnectionGuard guard;
  private final AcceptGuard acceptGuard = new AcceptGuard();

  SwimReceiver(
      String host,
      TransportConfig config,
      SwimListenerLimits limits,
      SignedSwimCodec codec,
      SwimListenerStats stats) {
    this.host = host;
    this.config = config;
    this.limits = limits;
    this.codec = codec;
    this.stats = stats;
    this.guard = new ConnectionGuard(limits.maxConnections(), limits.perAddress(), () -> {});
  }

  @Override
  public Mono<DisposableServer> bind() {
    return Mono.deferContextual(c -> Mono.just(c.get(TransportImpl.ReceiverContext.class)))
        .flatMap(
            context ->
                TcpServer.create()
                    .runOn(context.loopResources())
                    .host(host)
                    .port(config.port())
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childOption(ChannelOption.SO_KEEPALIVE, true)
                    .doOnBound(s -> s.channel().pipeline().addFirst(acceptGuard))
                    .doOnChannelInit((observer, channel, remote) -> init(channel.pipeline()))
                    .handle((in, out) -> in.receive().retain().doOnNext(context::onMessage).then())
                    .bind()
                    .cast(DisposableServer.class));
  }

  private void init(ChannelPipeline p) {
    // added first to last in reverse: guard, deadline, idle, length out, frames in, completion,
    // gate
    p.addFirst(new SwimFrameGate(codec, stats));
    p.addFirst(MessageDeadline.completion());
    p.addFirst(new LengthFieldBasedFrameDecoder(config.maxFrameLength(), 0, 4, 0, 4, true));
    p.addFirst(new LengthFieldPrepender(4));
    p.addFirst(new ReadTimeoutHandler(limits.idle().toMillis(), TimeUnit.MILLISECONDS));
    p.addFirst(new MessageDeadline(limits.frameDeadline(), () -> stats.count(Refusal.DEADLINE)));
    p.addFirst(guard);
  }

  /** Connections refused at a cap since start, by which cap. */
  long refusedAtCap(boolean perAddress) {
    return perAddress ? guard.refusedClientCap() : guard.refusedTotalCap();
  }

  /** Connections open now. */
  int open() {
    return guard.open();
  }
}
