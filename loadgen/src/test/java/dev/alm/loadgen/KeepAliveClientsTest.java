package dev.alm.loadgen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * {@link KeepAliveClients} against a real socket: a client asks its resolver once, sends on its
 * connection until the server answers {@code Connection: close}, and only then asks again.
 */
class KeepAliveClientsTest {

  /** Answers 200 to every request; every third response on a connection closes it. */
  private static Thread server(ServerSocket listener, AtomicInteger connections) {
    Thread t =
        new Thread(
            () -> {
              while (!listener.isClosed()) {
                try (Socket s = listener.accept()) {
                  connections.incrementAndGet();
                  BufferedReader in =
                      new BufferedReader(
                          new InputStreamReader(s.getInputStream(), StandardCharsets.US_ASCII));
                  OutputStream out = s.getOutputStream();
                  for (int n = 1; ; n++) {
                    String line = in.readLine();
                    while (line != null && !line.isEmpty()) {
                      line = in.readLine();
                    }
                    if (line == null) {
                      break;
                    }
                    boolean close = n % 3 == 0;
                    out.write(
                        ("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n"
                                + (close ? "Connection: close\r\n" : "")
                                + "\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                    if (close) {
                      break;
                    }
                  }
                } catch (IOException e) {
                  // the listener closed, or the client went away
                }
              }
            });
    t.setDaemon(true);
    t.start();
    return t;
  }

  @Test
  void aClientAsksAgainOnlyWhenTheServerClosesItsConnection() throws Exception {
    try (ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      AtomicInteger connections = new AtomicInteger();
      server(listener, connections);
      InetSocketAddress at = (InetSocketAddress) listener.getLocalSocketAddress();
      Endpoints.Opener opener =
          () -> {
            HttpConnection proxy = new HttpConnection(at, 5000);
            HttpConnection datacenter = new HttpConnection(at, 5000);
            return new Endpoints(
                new DnsClient(at, 1000), r -> proxy, datacenter, List.of(proxy, datacenter));
          };
      UserStats stats = new UserStats();
      AtomicInteger asked = new AtomicInteger();
      try (KeepAliveClients one = new KeepAliveClients(1, opener)) {
        SplittableRandom random = new SplittableRandom(1);
        for (int k = 0; k < 9; k++) {
          int status =
              one.request(
                  random,
                  () -> {
                    asked.incrementAndGet();
                    return ResolverCaches.Answer.L1;
                  },
                  stats,
                  "www.cdn.example",
                  "/");
          assertEquals(200, status);
        }
      }
      assertEquals(3, asked.get(), "asked at the first request and after each close");
      assertEquals(3, connections.get());
      assertEquals(9, stats.toL1.sum());
    }
  }
}
