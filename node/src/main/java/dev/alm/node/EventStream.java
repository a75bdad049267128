package dev.alm.node;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
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
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * Server-Sent Events of a daemon's admin server ({@code GET /events}): every {@link #publish}ed
 * document goes to every open stream as one {@code data:} event. Bounded by {@link
 * EventStreamLimits}: at most {@code maxStreams} streams in all and {@code maxStreamsPerClient}
 * from one client address (more are answered 503, counted by {@link Refusal}), so that one client
 * cannot lock the others out; a stream whose client does not read is not buffered for (events are
 * skipped while its channel is unwritable) and is closed once it has been unwritable for longer
 * than {@code stallTimeout}; every stream is closed {@code maxLifetime} after it opened (the page's
 * EventSource reconnects by itself). Closes are counted by {@link Close}.
 */
public final class EventStream {

  /** Open streams allowed by default. */
  public static final int DEFAULT_MAX_STREAMS = EventStreamLimits.DEFAULT_MAX_STREAMS;

  /** Why a stream was refused. */
  public enum Refusal {
    /** {@code maxStreams} were open. */
    TOTAL_CAP,
    /** The client's address had {@code maxStreamsPerClient} open. */
    CLIENT_CAP;

    public String label() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
  }

  /** Why the server closed a stream. */
  public enum Close {
    /** Its client did not read: unwritable for longer than {@code stallTimeout}. */
    STALLED,
    /** It reached {@code maxLifetime}. */
    LIFETIME;

    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  private static final long WRITABLE = Long.MIN_VALUE;

  /** One open stream; {@code unwritableSince} is touched by publishers only. */
  private static final class Stream {
    final Channel channel;
    final InetAddress client;
    volatile long unwritableSince = WRITABLE;

    Stream(Channel channel, InetAddress client) {
      this.channel = channel;
      this.client = client;
    }
  }

  private final EventStreamLimits limits;
  private final LongSupplier nanoClock;
  private final Map<Channel, Stream> streams = new ConcurrentHashMap<>();
  private final Map<InetAddress, Integer> byClient = new HashMap<>(); // guarded by this
  private final Map<Refusal, LongAdder> refused = new ConcurrentHashMap<>();
  private final Map<Close, LongAdder> closed = new ConcurrentHashMap<>();
  private final LongAdder published = new LongAdder();

  /** Streams with the default limits. */
  public EventStream() {
    this(EventStreamLimits.defaults(), System::nanoTime);
  }

  /** At most {@code maxStreams} streams, the other limits at their defaults (lowered to it). */
  public EventStream(int maxStreams) {
    this(
        EventStreamLimits.builder()
            .maxStreams(maxStreams)
            .maxStreamsPerClient(
                Math.min(Math.max(1, maxStreams), EventStreamLimits.DEFAULT_MAX_STREAMS_PER_CLIENT))
            .build(),
        System::nanoTime);
  }

  /**
   * @param limits the caps, the stall timeout and the lifetime
   * @param nanoClock the monotonic clock the stall timeout is measured on
   */
  public EventStream(EventStreamLimits limits, LongSupplier nanoClock) {
    this.limits = limits;
    this.nanoClock = nanoClock;
    for (Refusal r : Refusal.values()) {
      refused.put(r, new LongAdder());
    }
    for (Close c : Close.values()) {
      closed.put(c, new LongAdder());
    }
  }

  public EventStreamLimits limits() {
    return limits;
  }

  /** Streams open now. */
  public int open() {
    return streams.size();
  }

  /** True when somebody listens: publishers may skip building a document otherwise. */
  public boolean listened() {
    return !streams.isEmpty();
  }

  /** Streams refused, for every reason. */
  public long refused() {
    return refused(Refusal.TOTAL_CAP) + refused(Refusal.CLIENT_CAP);
  }

  /** Streams refused for {@code reason}. */
  public long refused(Refusal reason) {
    return refused.get(reason).sum();
  }

  /** Streams closed because their client did not keep up. */
  public long dropped() {
    return closed(Close.STALLED);
  }

  /** Streams the server closed for {@code reason}. */
  public long closed(Close reason) {
    return closed.get(reason).sum();
  }

  /** Documents published. */
  public long published() {
    return published.sum();
  }

  /**
   * Sends {@code json} to every open stream as one event. A stream whose channel is unwritable
   * skips it; one unwritable for longer than the stall timeout is closed.
   */
  public void publish(String json) {
    published.increment();
    if (streams.isEmpty()) {
      return;
    }
    byte[] event = ("data: " + json.replace("\n", " ") + "\n\n").getBytes(StandardCharsets.UTF_8);
    long now = nanoClock.getAsLong();
    long stall = limits.stallTimeout().toNanos();
    for (Stream s : streams.values()) {
      Channel ch = s.channel;
      if (!ch.isActive()) {
        continue; // its close listener removes it
      }
      if (ch.isWritable()) {
        s.unwritableSince = WRITABLE;
        ch.writeAndFlush(new DefaultHttpContent(Unpooled.wrappedBuffer(event)));
      } else if (s.unwritableSince == WRITABLE) {
        s.unwritableSince = now;
      } else if (now - s.unwritableSince > stall) {
        close(s, Close.STALLED);
      }
    }
  }

  private void close(Stream s, Close reason) {
    if (streams.remove(s.channel, s)) {
      release(s.client);
      closed.get(reason).increment();
    }
    s.channel.close();
  }

  /**
   * Answers {@code GET /events} on {@code ctx}: the stream's headers, then events as published; or
   * 503 when a cap is reached.
   *
   * @return true when the stream was opened
   */
  boolean subscribe(ChannelHandlerContext ctx) {
    Channel ch = ctx.channel();
    InetAddress client = ch.remoteAddress() instanceof InetSocketAddress a ? a.getAddress() : null;
    Refusal refusal = null;
    Stream s = new Stream(ch, client);
    synchronized (this) {
      if (streams.size() >= limits.maxStreams()) {
        refusal = Refusal.TOTAL_CAP;
      } else if (client != null
          && byClient.getOrDefault(client, 0) >= limits.maxStreamsPerClient()) {
        refusal = Refusal.CLIENT_CAP;
      } else {
        streams.put(ch, s);
        if (client != null) {
          byClient.merge(client, 1, Integer::sum);
        }
      }
    }
    if (refusal != null) {
      refused.get(refusal).increment();
      ctx.writeAndFlush(
              AdminServerResponses.text(
                  HttpResponseStatus.SERVICE_UNAVAILABLE,
                  refusal == Refusal.TOTAL_CAP
                      ? "too many event streams\n"
                      : "too many event streams from this address\n"))
          .addListener(ChannelFutureListener.CLOSE);
      return false;
    }
    ScheduledFuture<?> lifetime =
        ch.eventLoop()
            .schedule(
                () -> {
                  if (streams.containsKey(ch)) {
                    close(s, Close.LIFETIME);
                  }
                },
                limits.maxLifetime().toNanos(),
                TimeUnit.NANOSECONDS);
    ch.closeFuture()
        .addListener(
            f -> {
              lifetime.cancel(false);
              if (streams.remove(ch, s)) {
                release(client);
              }
            });
    HttpResponse r = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
    r.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/event-stream; charset=utf-8");
    r.headers().set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_CACHE);
    r.headers().set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
    ctx.writeAndFlush(r);
    ctx.writeAndFlush(
        new DefaultHttpContent(
            Unpooled.wrappedBuffer("retry: 2000\n\n".getBytes(StandardCharsets.US_ASCII))));
    return true;
  }

  private synchronized void release(InetAddress client) {
    if (client != null) {
      byClient.computeIfPresent(client, (k, n) -> n <= 1 ? null : n - 1);
    }
  }

  /**
   * Registers {@code alm.admin.events.open}, {@code alm.admin.events.refused{reason}} and {@code
   * alm.admin.events.closed{reason}} in {@code registry}.
   */
  public void bind(MeterRegistry registry) {
    Gauge.builder("alm.admin.events.open", this, EventStream::open)
        .description("Event streams (GET /events) open")
        .register(registry);
    for (Refusal r : Refusal.values()) {
      FunctionCounter.builder("alm.admin.events.refused", this, e -> (double) e.refused(r))
          .description("Event streams refused (503): the cap in all, or the client's")
          .tag("reason", r.label())
          .register(registry);
    }
    for (Close c : Close.values()) {
      FunctionCounter.builder("alm.admin.events.closed", this, e -> (double) e.closed(c))
          .description("Event streams closed: the client did not read, or the lifetime ended")
          .tag("reason", c.label())
          .register(registry);
    }
  }

  /** The status part: caps, open streams and counts. */
  public Map<String, Object> status() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("open", open());
    m.put("maxStreams", limits.maxStreams());
    m.put("maxStreamsPerClient", limits.maxStreamsPerClient());
    m.put("refusedTotalCap", refused(Refusal.TOTAL_CAP));
    m.put("refusedClientCap", refused(Refusal.CLIENT_CAP));
    m.put("closedStalled", closed(Close.STALLED));
    m.put("closedLifetime", closed(Close.LIFETIME));
    return m;
  }
}
