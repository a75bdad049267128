package dev.alm.proxy.fuzz;

import dev.alm.io.fuzz.Mutator;
import dev.alm.proxy.ProxyConfig;
import dev.alm.proxy.ProxyPipelines;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * Fuzzes the proxy's HTTP request path, the same codec, aggregator, screen and handler as a live
 * connection, through an {@link EmbeddedChannel}: mutated requests go in, whatever comes out is
 * released, and the run counts exceptions that escaped the pipeline, inputs slower than a bound,
 * and buffers Netty's leak detector (every buffer tracked) found unreleased. Load this class before
 * any other Netty class in the JVM, so the leak detector is installed in time.
 */
public final class HttpParserFuzz {

  static {
    NettyLeaks.install();
  }

  /**
   * Valid requests the mutations start from: probes, content, pipelined, bodies, proxies, an
   * absolute-form target and an IPv6 literal Host.
   */
  public static final List<String> SEEDS =
      List.of(
          "GET /bytes/10 HTTP/1.1\r\nHost: cdn.example\r\n\r\n",
          "GET / HTTP/1.1\r\nHost: a.b.fc.cdn.example:80\r\n\r\n",
          "HEAD /bytes/5 HTTP/1.0\r\nHost: cdn.example\r\nConnection: keep-alive\r\n\r\n",
          "POST /x HTTP/1.1\r\nHost: cdn.example\r\nContent-Length: 5\r\n\r\nhello",
          "POST /x HTTP/1.1\r\nHost: cdn.example\r\nTransfer-Encoding: chunked\r\n\r\n"
              + "5\r\nhello\r\n0\r\n\r\n",
          "GET /bytes/1 HTTP/1.1\r\nHost: cdn.example\r\n\r\nGET /bytes/2 HTTP/1.1\r\nHost:"
              + " cdn.example\r\n\r\n",
          "GET /fc/a/b HTTP/1.1\r\nHost: cdn.example\r\nX-Forwarded-For: 6.6.6.6\r\n"
              + "Connection: close, X-A\r\nX-A: 1\r\n\r\n",
          "GET http://cdn.example:80/bytes/3?x=1 HTTP/1.1\r\nHost: other.example\r\n\r\n",
          "GET /bytes/1 HTTP/1.1\r\nHost: [::1]:8080\r\n\r\n");

  /** Tokens the mutations insert. */
  public static final List<String> DICTIONARY =
      List.of(
          "HTTP/1.1",
          "HTTP/2.0",
          "HTTP/9.9",
          "\r\n",
          "\r\n\r\n",
          "Host: ",
          "Content-Length: ",
          "Transfer-Encoding: chunked\r\n",
          "Connection: close\r\n",
          "Expect: 100-continue\r\n",
          "99999999999999999999",
          "-1",
          "ffffffff\r\n",
          ".fc.",
          "%00",
          "\u00e9",
          "PRI * HTTP/2.0",
          "http://",
          "@",
          ":80",
          "[::1]",
          "CONNECT ",
          "OPTIONS * ");

  /** What a run found. */
  public record Result(
      long inputs, long escaped, long slow, int leaks, double seconds, List<String> examples) {
    public boolean clean() {
      return escaped == 0 && slow == 0 && leaks == 0;
    }
  }

  private HttpParserFuzz() {}

  /**
   * Runs {@code inputs} mutated requests through a fresh pipeline each.
   *
   * @param slowNanos an input slower than this counts as a hang
   * @param progress called every 100,000 inputs with the number done
   */
  public static Result run(long inputs, long seed, long slowNanos, LongConsumer progress)
      throws Exception {
    List<byte[]> seeds = new ArrayList<>();
    for (String s : SEEDS) {
      seeds.add(s.getBytes(StandardCharsets.ISO_8859_1));
    }
    Mutator m = new Mutator(seeds, DICTIONARY, seed);
    ProxyConfig cfg = ProxyConfig.builder().pop("a").capacity(1e6).build();
    long escaped = 0;
    long slow = 0;
    List<String> examples = new ArrayList<>();
    long start = System.nanoTime();
    try (ProxyPipelines.Harness h = ProxyPipelines.harness(cfg)) {
      for (long i = 0; i < inputs; i++) {
        byte[] in = m.next();
        long t0 = System.nanoTime();
        EmbeddedChannel ch = h.channel();
        try {
          ch.writeInbound(Unpooled.wrappedBuffer(in));
          ch.runPendingTasks();
          ch.checkException();
        } catch (Throwable t) {
          escaped++;
          if (examples.size() < 5) {
            examples.add("input " + i + ": " + t);
          }
        } finally {
          Object o;
          while ((o = ch.readOutbound()) != null) {
            ReferenceCountUtil.release(o);
          }
          ch.finishAndReleaseAll();
        }
        long took = System.nanoTime() - t0;
        if (took > slowNanos) {
          slow++;
          if (examples.size() < 5) {
            examples.add("input " + i + ": slow, " + took / 1_000_000 + " ms");
          }
        }
        if ((i + 1) % 100_000 == 0) {
          progress.accept(i + 1);
        }
      }
    }
    return new Result(
        inputs,
        escaped,
        slow,
        NettyLeaks.leaks().size(),
        (System.nanoTime() - start) / 1e9,
        examples);
  }
}
