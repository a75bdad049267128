package dev.alm.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

/**
 * A few {@code alm pop} daemons run in this process, each by its own command line on its own thread
 * (each stops by its {@code --duration}), and what their admin servers say.
 */
final class InProcessPops implements AutoCloseable {

  private final List<Thread> threads = new ArrayList<>();
  private final int[] codes;
  private final HttpClient http =
      HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY).build();
  private final ObjectMapper json = new ObjectMapper();

  /**
   * Starts one daemon per command line.
   *
   * @param cli runs a command line in process
   * @param commands each PoP's arguments to {@code alm}
   */
  InProcessPops(CliTest cli, List<String[]> commands) {
    codes = new int[commands.size()];
    for (int i = 0; i < commands.size(); i++) {
      int k = i;
      Thread t = new Thread(() -> codes[k] = cli.alm(commands.get(k)), "pop-" + i);
      t.start();
      threads.add(t);
    }
  }

  /**
   * Waits until every PoP's {@code /status} says it hears all the others ({@code drl.peers}), up to
   * {@code within}; returns how many did.
   *
   * @param url PoP i's {@code /status} URL
   * @param token PoP i's admin token, or null for none
   */
  int hearingEachOther(Duration within, IntFunction<String> url, IntFunction<String> token)
      throws InterruptedException {
    int n = codes.length;
    long deadline = System.nanoTime() + within.toNanos();
    int heard = 0;
    while (System.nanoTime() < deadline && heard < n) {
      heard = 0;
      for (int i = 0; i < n; i++) {
        JsonNode s = status(url.apply(i), token.apply(i));
        if (s != null && s.path("drl").path("peers").asInt() == n - 1) {
          heard++;
        }
      }
      Thread.sleep(200);
    }
    return heard;
  }

  /** A PoP's {@code /status}, or null while it does not answer. */
  JsonNode status(String url, String token) {
    try {
      HttpRequest.Builder b =
          HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(2));
      if (token != null) {
        b.header("Authorization", "Bearer " + token);
      }
      HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
      return r.statusCode() == 200 ? json.readTree(r.body()) : null;
    } catch (IOException e) {
      return null; // not listening yet
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  /** Every daemon's exit code, once {@link #close} has waited for them. */
  int[] codes() {
    return codes.clone();
  }

  /** Waits for every daemon to stop (by its {@code --duration}). */
  @Override
  public void close() throws InterruptedException {
    for (Thread t : threads) {
      t.join(TimeUnit.SECONDS.toMillis(40));
    }
  }
}
