package dev.alm.drl.agent;

import io.netty.channel.ChannelOption;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.netty.handler.codec.LengthFieldPrepender;
import io.scalecube.cluster.transport.api.Message;
import io.scalecube.cluster.transport.api.Transport;
import io.scalecube.cluster.transport.api.TransportConfig;
import io.scalecube.transport.netty.Sender;
import io.scalecube.transport.netty.TransportImpl;
import java.net.InetSocketAddress;
import reactor.core.publisher.Mono;
import reactor.netty.Connection;
import reactor.netty.tcp.TcpClient;

/**
 * The SWIM transport's sending side: ScaleCube's TCP sender (4-byte length, then a frame), with its
 * connections leaving from the configured address, so that members see each other by the addresses
 * they announce and the listener's per-address cap counts members apart.
 */
final class SwimSender implements Sender {

  private final String host;
  private final TransportConfig config;

  SwimSender(String host, TransportConfig config) {
    this.host = host;
    this.config = config;
  }

  @Override
  public Mono<Connection> connect(String address) {
    return Mono.deferContextual(c -> Mono.just(c.get(TransportImpl.SenderContext.class)))
        .map(context -> client(context, address))
        .flatMap(TcpClient::connect);
  }

  private TcpClient client(TransportImpl.SenderContext context, String address) {
    TcpClient client =
        TcpClient.newConnection()
            .runOn(context.loopResources())
            .host(Transport.parseHost(address))
            .port(Transport.parsePort(address))
            .option(ChannelOption.TCP_NODELAY, true)
            .option(ChannelOption.SO_KEEPALIVE, true)
            .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, config.connectTimeout())
            .doOnChannelInit(
                (observer, channel, remote) -> {
                  channel
                      .pipeline()
                      .addFirst(
                          new LengthFieldBasedFrameDecoder(
                              config.maxFrameLength(), 0, 4, 0, 4, true));
                  channel.pipeline().addFirst(new LengthFieldPrepender(4));
                });
    return SwimTransportFactory.wildcard(host)
        ? client
        : client.bindAddress(() -> new InetSocketAddress(host, 0));
  }

  @Override
  public Mono<Void> send(Message message) {
    return Mono.deferContextual(
        c -> {
          Connection connection = c.get(Connection.class);
          TransportImpl.SenderContext context = c.get(TransportImpl.SenderContext.class);
          return connection
              .outbound()
              .sendObject(Mono.just(message).map(context.messageEncoder()), o -> true)
              .then();
        });
  }
}
