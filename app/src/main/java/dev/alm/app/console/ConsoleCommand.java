package dev.alm.app.console;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.alm.app.UserError;
import dev.alm.export.StatusCollector;
import dev.alm.node.DaemonLifecycle;
import dev.alm.node.DurationText;
import dev.alm.node.HostPort;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code alm console}: the fleet page for running PoPs, from their admin addresses. */
@Command(
    name = "console",
    header = "The fleet console in a browser for running PoPs (their admin addresses).",
    mixinStandardHelpOptions = true,
    description = {
      "Reads every PoP's /status once per interval and serves one page with all of them: x_i(t), S_i/T_i",
      "against capacity and the prices, live (docs/console.md). Open the printed address in a browser.",
      "Runs until interrupted or --duration."
    })
public final class ConsoleCommand implements Callable<Integer> {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Spec CommandSpec spec;

  @Option(
      names = "--from",
      required = true,
      paramLabel = "HOST:PORT[,HOST:PORT...]",
      description = "The PoPs' admin addresses (as alm export --from).")
  String from;

  @Option(
      names = "--ui",
      defaultValue = "127.0.0.1:9400",
      paramLabel = "ADDR:PORT",
      description = "Where to serve the page; loopback only. Default: ${DEFAULT-VALUE}.")
  String ui;

  @Option(
      names = "--interval",
      defaultValue = "1s",
      description = "How often the PoPs are read. Default: ${DEFAULT-VALUE}.")
  String interval;

  @Option(
      names = "--duration",
      paramLabel = "DURATION",
      description = "Stop after this long (90s, 2m). Default: run until interrupted.")
  String duration;

  @Override
  public Integer call() throws Exception {
    List<URI> uris = new ArrayList<>();
    for (String a : from.split(",")) {
      try {
        uris.add(StatusCollector.statusUri(a));
      } catch (IllegalArgumentException e) {
        throw new UserError("--from: " + e.getMessage());
      }
    }
    HostPort at;
    try {
      at = HostPort.parse(ui);
    } catch (IllegalArgumentException e) {
      throw new UserError("--ui: " + e.getMessage());
    }
    Duration every;
    try {
      every = DurationText.parse(interval);
    } catch (IllegalArgumentException e) {
      throw new UserError("--interval: " + e.getMessage());
    }
    Duration stop = DaemonLifecycle.duration("--duration", duration);
    HttpClient http =
        HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(2))
            .proxy(HttpClient.Builder.NO_PROXY)
            .build();
    PrintWriter out = spec.commandLine().getOut();
    DaemonLifecycle.run(
        "alm console",
        () -> {
          try {
            return FleetConsole.start(at, "alm fleet", () -> read(http, uris), every);
          } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
          }
        },
        c -> {
          out.printf(
              "alm console: %d PoPs, open http://%s:%d/%n",
              uris.size(), c.address().getHostString(), c.address().getPort());
          out.flush();
        },
        stop,
        System.err::println);
    return 0;
  }

  /** The fleet document: every PoP's status by its id (or its address when unreachable). */
  static Map<String, Object> read(HttpClient http, List<URI> uris) {
    Map<String, Object> pops = new LinkedHashMap<>();
    for (URI u : uris) {
      try {
        HttpResponse<String> r =
            http.send(
                HttpRequest.newBuilder(u).timeout(Duration.ofSeconds(2)).build(),
                HttpResponse.BodyHandlers.ofString());
        @SuppressWarnings("unchecked")
        Map<String, Object> status = JSON.readValue(r.body(), Map.class);
        Object id = status.getOrDefault("pop", u.getAuthority());
        pops.put(String.valueOf(id), status);
      } catch (Exception e) {
        if (e instanceof InterruptedException) {
          Thread.currentThread().interrupt();
        }
        pops.put(u.getAuthority(), Map.of("mode", "unreachable"));
      }
    }
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("pops", pops);
    doc.put("correlation", null);
    doc.put("marks", List.of());
    return doc;
  }
}
