package dev.alm.loadgen;

import java.io.IOException;
import java.util.List;
import java.util.SplittableRandom;

/**
 * What one lane of {@link Users} holds alone, used from its one thread: a DNS socket and the HTTP
 * connections.
 *
 * @param dns the socket queries go out on
 * @param l1 the proxy an L1 request (or a probe, or a correlation beacon's fetch) reaches
 * @param l2 the datacenter
 * @param all every connection of the lane, closed with {@code dns} at the end
 */
public record Endpoints(DnsClient dns, L1Route l1, HttpConnection l2, List<HttpConnection> all) {

  /** Opens one lane's endpoints. */
  public interface Opener {
    Endpoints open() throws IOException;
  }

  /** The proxy an L1 request reaches. */
  public interface L1Route {
    /** The connection for the next L1 request; may draw from {@code random}. */
    HttpConnection pick(SplittableRandom random);
  }

  public Endpoints {
    all = List.copyOf(all);
  }

  void close() {
    dns.close();
    for (HttpConnection c : all) {
      c.close();
    }
  }
}
