package dev.alm.node;

import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Server-Sent Events of a daemon's admin server ({@code GET /events}): every {@link #publish}ed
 * document goes to every open stream as one {@code data:} event. At most {@link #maxStreams}
 * streams are open (more are answered 503, counted); a stream whose client does not keep up (its
 * channel stops being writable) is closed, not buffered, so a page left open for hours or a stalled
 * client costs bounded memory.
 */
public final class EventStream {

  /** Open streams allowed by default. */
  public static final int DEFAULT_MAX_STREAMS = 32;

  private final int maxStreams;
  private final Set<Channel> streams = ConcurrentHashMap.newKeySet();
  private final LongAdder refused = new LongAdder();
  private final LongAdder dropped = new LongAdder();
  private final LongAdder published = new LongAdder();

  public EventStream() {
    this(DEFAULT_MAX_STREAMS);
  }

  public EventStream(int maxStreams) {
    if (maxStreams < 1) {
      throw new IllegalArgumentException("maxStreams must be >= 1, got " + maxStreams);
    }
    this.maxStreams = maxStreams;
  }

  /** Streams open now. */
  public int open() {
    return streams.size();
  }

  /** True when somebody listens: publishers may skip building a document otherwise. */
  public boolean listened() {
    return !streams.isEmpty();
  }

  /** Streams refused at the cap. */
  public long refused() {
    return refused.sum();
  }

  /** Streams closed because their client did not keep up. */
  public long dropped() {
    return dropped.sum();
  }

  /** Documents published. */
  public long published() {
    return published.sum();
  }

  /** Sends {@code json} to every open stream as one event. */
  public void publish(String json) {
    published.increment();
    if (streams.isEmpty()) {
      return;
    }
    byte[] event = ("data: " + json.replace("\n", " ") + "\n\n").getBytes(StandardCharsets.UTF_8);
    for (Channel ch : streams) {
      if (!ch.isActive()) {
        streams.remove(ch);
      } else if (!ch.isWritable()) {
        streams.remove(ch);
        dropped.increment();
        ch.close();
      } else {
        ch.writeAndFlush(new DefaultHttpContent(Unpooled.wrappedBuffer(event)));
      }
    }
  }

  /** Answers {@code GET /events} on {@code ctx}: the stream's headers, then events as published. */
  void subscribe(ChannelHandlerContext ctx) {
    Channel ch = ctx.channel();
    if (streams.size() >= maxStreams) {
      refused.increment();
      ctx.writeAndFlush(
              AdminServerResponses.text(
                  HttpResponseStatus.SERVICE_UNAVAILABLE, "too many event streams\n"))
          .addListener(ChannelFutureListener.CLOSE);
      return;
    }
    HttpResponse r = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
    r.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/event-stream; charset=utf-8");
    r.headers().set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_CACHE);
    r.headers().set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
    ctx.writeAndFlush(r);
    ctx.writeAndFlush(
        new DefaultHttpContent(
            Unpooled.wrappedBuffer("retry: 2000\n\n".getBytes(StandardCharsets.US_ASCII))));
    streams.add(ch);
    ch.closeFuture().addListener(f -> streams.remove(ch));
  }
}
