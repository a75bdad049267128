package dev.alm.loadgen;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * Users that keep their connection, as browsers and HTTP libraries' connection pools do: each
 * client asks its resolver cache once, when it opens a connection, and sends every later request on
 * that connection until the server closes it (a {@code Connection: close} from the proxy's
 * connection age, docs/proxy-node.md "Connection age", or a failure); only then does it ask again.
 * A request of {@link Users} is sent by one of these clients, drawn at random, with the configured
 * share. One lane's clients, used from its one thread; each holds its own connections (its own
 * {@link Endpoints}, opened when the lane starts), so a close reaches the client whose connection
 * it was.
 */
final class KeepAliveClients implements AutoCloseable {

  /** One client: its endpoints, and the connection it holds (null: it asks again first). */
  private static final class Client {
    final Endpoints io;
    HttpConnection held;
    boolean l1;

    Client(Endpoints io) {
      this.io = io;
    }
  }

  private final List<Client> clients = new ArrayList<>();

  /** Opens {@code n} clients' endpoints; on failure closes those opened. */
  KeepAliveClients(int n, Endpoints.Opener opener) throws IOException {
    try {
      for (int k = 0; k < n; k++) {
        clients.add(new Client(opener.open()));
      }
    } catch (IOException | RuntimeException e) {
      close();
      throw e;
    }
  }

  /**
   * One request by a client drawn from {@code random}: on its held connection, or, when it holds
   * none, on the connection the answer of {@code resolve} names (L1: the proxy its route reaches).
   *
   * @return the response status; -1 when the request failed or the resolver had no answer (then
   *     nothing is sent)
   */
  int request(
      SplittableRandom random,
      Supplier<ResolverCaches.Answer> resolve,
      UserStats stats,
      String host,
      String path) {
    Client c = clients.get(random.nextInt(clients.size()));
    if (c.held == null || !c.held.isOpen()) {
      ResolverCaches.Answer answer = resolve.get();
      if (answer == ResolverCaches.Answer.NONE) {
        c.held = null;
        return -1;
      }
      c.l1 = answer == ResolverCaches.Answer.L1;
      c.held = c.l1 ? c.io.l1().pick(random) : c.io.l2();
    }
    (c.l1 ? stats.toL1 : stats.toL2).increment();
    int status = c.held.get(host, path);
    if (status < 0) {
      c.held = null; // a failed connection: ask again next time
    }
    return status;
  }

  @Override
  public void close() {
    for (Client c : clients) {
      c.io.close();
    }
  }
}
