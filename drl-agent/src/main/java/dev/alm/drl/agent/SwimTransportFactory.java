package dev.alm.drl.agent;

import io.scalecube.cluster.transport.api.Transport;
import io.scalecube.cluster.transport.api.TransportConfig;
import io.scalecube.cluster.transport.api.TransportFactory;
import io.scalecube.transport.netty.TransportImpl;

/**
 * ScaleCube's TCP transport with alm's own ends: a listener bound to the configured address only
 * ({@link SwimReceiver}, where ScaleCube's own binds every interface), capped, with deadlines, and
 * a sender whose connections leave from that address ({@link SwimSender}). ScaleCube's transport
 * core (connection reuse, request-response, encoding through the codec) is used as is.
 */
final class SwimTransportFactory implements TransportFactory {

  private final String host;
  private final SwimListenerLimits limits;
  private final SignedSwimCodec codec;
  private final SwimListenerStats stats;
  private volatile SwimReceiver receiver;

  SwimTransportFactory(
      String host, SwimListenerLimits limits, SignedSwimCodec codec, SwimListenerStats stats) {
    this.host = host;
    this.limits = limits;
    this.codec = codec;
    this.stats = stats;
  }

  @Override
  public Transport createTransport(TransportConfig config) {
    SwimReceiver r = new SwimReceiver(host, config, limits, codec, stats);
    receiver = r;
    return new TransportImpl(
        config.messageCodec(), r, new SwimSender(host, config), config.addressMapper());
  }

  /** The listener of the transport created last, or null before. */
  SwimReceiver receiver() {
    return receiver;
  }

  /** Whether {@code host} names every interface rather than one address. */
  static boolean wildcard(String host) {
    return host == null
        || host.isEmpty()
        || host.equals("0.0.0.0")
        || host.equals("::")
        || host.equals("[::]");
  }
}
