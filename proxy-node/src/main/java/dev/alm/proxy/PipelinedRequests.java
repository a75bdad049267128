package dev.alm.proxy;

import io.netty.channel.Channel;
import io.netty.handler.codec.http.FullHttpRequest;
import java.util.ArrayDeque;

/**
 * The requests of one connection that wait while an earlier one is being answered (HTTP/1.1
 * pipelining: responses leave in request order), with their arrival times. The connection stops
 * being read while {@link HttpLimits#maxPipelined()} wait and is read again when fewer do. The
 * queue owns the requests it holds; {@link #releaseAll()} gives them back when the connection
 * closes. Used on the connection's event loop only.
 */
final class PipelinedRequests {

  /** A request waiting, and when it arrived on the node's clock. */
  record Pending(FullHttpRequest request, long arrivalNanos) {}

  private final ArrayDeque<Pending> queue = new ArrayDeque<>();
  private final int maxPipelined;

  PipelinedRequests(int maxPipelined) {
    this.maxPipelined = maxPipelined;
  }

  /**
   * Queues {@code req} (owned from now on); stops reading {@code channel} when the queue is full.
   */
  void add(Channel channel, FullHttpRequest req, long arrivalNanos) {
    queue.add(new Pending(req, arrivalNanos));
    if (queue.size() >= maxPipelined) {
      channel.config().setAutoRead(false);
    }
  }

  /** The oldest waiting request (owned by the caller from now on), or null. */
  Pending poll() {
    return queue.poll();
  }

  boolean isEmpty() {
    return queue.isEmpty();
  }

  /** Reads {@code channel} again when the queue has room. */
  void readIfRoom(Channel channel) {
    if (queue.size() < maxPipelined) {
      channel.config().setAutoRead(true);
    }
  }

  /** Releases every waiting request (the connection closed). */
  void releaseAll() {
    Pending p;
    while ((p = queue.poll()) != null) {
      p.request().release();
    }
  }
}
