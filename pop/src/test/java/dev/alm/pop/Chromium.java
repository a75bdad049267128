package dev.alm.pop;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Assumptions;

/**
 * Headless Chromium (Debian's {@code chromium}) driven over the Chrome DevTools Protocol: one page,
 * its console errors and exceptions collected, JavaScript evaluated, screenshots taken. The browser
 * gets a fresh profile and no proxy, and is killed on {@link #close()}.
 */
public final class Chromium implements AutoCloseable {
  public static final Path BINARY = Path.of("/usr/bin/chromium");
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Skips the calling test when Chromium is not installed (but never on CI, which has it). */
  public static void assumeInstalled() {
    Assumptions.assumeTrue(
        Files.isExecutable(BINARY) || System.getenv("CI") != null,
        "chromium not installed (apt-get install chromium)");
  }

  private final Process process;
  private final WebSocket socket;
  private final AtomicInteger ids = new AtomicInteger();
  private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
  private final List<String> errors = new CopyOnWriteArrayList<>();

  private Chromium(Process process, WebSocket socket) {
    this.process = process;
    this.socket = socket;
  }

  /** Starts the browser with its profile in {@code profile} and attaches to its first page. */
  public static Chromium start(Path profile) throws Exception {
    Process p =
        new ProcessBuilder(
                BINARY.toString(),
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--no-first-run",
                "--no-proxy-server",
                "--disable-background-networking",
                "--window-size=1280,900",
                "--user-data-dir=" + profile,
                "--remote-debugging-address=127.0.0.1",
                "--remote-debugging-port=0",
                "about:blank")
            .redirectErrorStream(true)
            .redirectOutput(profile.resolveSibling(profile.getFileName() + ".log").toFile())
            .start();
    try {
      Path portFile = profile.resolve("DevToolsActivePort");
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (!(Files.exists(portFile) && Files.readAllLines(portFile).size() >= 2)) {
        if (System.nanoTime() > deadline || !p.isAlive()) {
          throw new IllegalStateException("chromium did not open its DevTools port");
        }
        Thread.sleep(50);
      }
      int port = Integer.parseInt(Files.readAllLines(portFile).get(0).trim());
      HttpClient http = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY).build();
      JsonNode targets =
          JSON.readTree(
              http.send(
                      HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/json/list"))
                          .build(),
                      HttpResponse.BodyHandlers.ofString())
                  .body());
      String ws = null;
      for (JsonNode t : targets) {
        if (t.path("type").asText().equals("page")) {
          ws = t.get("webSocketDebuggerUrl").asText();
          break;
        }
      }
      if (ws == null) {
        throw new IllegalStateException("chromium has no page target: " + targets);
      }
      Chromium[] self = new Chromium[1];
      StringBuilder partial = new StringBuilder();
      WebSocket socket =
          http.newWebSocketBuilder()
              .buildAsync(
                  URI.create(ws),
                  new WebSocket.Listener() {
                    @Override
                    public CompletionStage<?> onText(WebSocket w, CharSequence data, boolean last) {
                      partial.append(data);
                      if (last) {
                        String msg = partial.toString();
                        partial.setLength(0);
                        while (self[0] == null) {
                          Thread.onSpinWait();
                        }
                        self[0].receive(msg);
                      }
                      w.request(1);
                      return null;
                    }
                  })
              .get(30, TimeUnit.SECONDS);
      self[0] = new Chromium(p, socket);
      self[0].call("Runtime.enable", JSON.createObjectNode());
      self[0].call("Log.enable", JSON.createObjectNode());
      self[0].call("Page.enable", JSON.createObjectNode());
      return self[0];
    } catch (Exception e) {
      p.destroyForcibly();
      throw e;
    }
  }

  private void receive(String text) {
    try {
      JsonNode m = JSON.readTree(text);
      if (m.has("id")) {
        CompletableFuture<JsonNode> f = pending.remove(m.get("id").asInt());
        if (f != null) {
          f.complete(m);
        }
        return;
      }
      String method = m.path("method").asText();
      JsonNode params = m.path("params");
      if (method.equals("Runtime.exceptionThrown")) {
        errors.add("exception: " + params.path("exceptionDetails"));
      } else if (method.equals("Runtime.consoleAPICalled")
          && params.path("type").asText().equals("error")) {
        errors.add("console.error: " + params.path("args"));
      } else if (method.equals("Log.entryAdded")
          && params.path("entry").path("level").asText().equals("error")) {
        errors.add("log: " + params.path("entry").path("text").asText());
      }
    } catch (Exception e) {
      errors.add("unreadable DevTools message: " + e);
    }
  }

  /** Calls a DevTools method and returns its result. */
  public JsonNode call(String method, ObjectNode params) throws Exception {
    int id = ids.incrementAndGet();
    CompletableFuture<JsonNode> f = new CompletableFuture<>();
    pending.put(id, f);
    ObjectNode msg = JSON.createObjectNode();
    msg.put("id", id);
    msg.put("method", method);
    msg.set("params", params);
    socket.sendText(msg.toString(), true).get(30, TimeUnit.SECONDS);
    JsonNode reply = f.get(30, TimeUnit.SECONDS);
    if (reply.has("error")) {
      throw new IllegalStateException(method + ": " + reply.get("error"));
    }
    return reply.path("result");
  }

  public void navigate(String url) throws Exception {
    ObjectNode p = JSON.createObjectNode();
    p.put("url", url);
    call("Page.navigate", p);
  }

  /** Evaluates a JavaScript expression and returns its value. */
  public JsonNode evaluate(String expression) throws Exception {
    ObjectNode p = JSON.createObjectNode();
    p.put("expression", expression);
    p.put("returnByValue", true);
    return call("Runtime.evaluate", p).path("result").path("value");
  }

  /** A PNG of the page as it is drawn now. */
  public byte[] screenshot() throws Exception {
    ObjectNode p = JSON.createObjectNode();
    p.put("format", "png");
    return Base64.getDecoder().decode(call("Page.captureScreenshot", p).path("data").asText());
  }

  /** Errors and uncaught exceptions the page reported so far. */
  public List<String> errors() {
    return new ArrayList<>(errors);
  }

  /**
   * Stops the browser and every process it started (renderers, GPU, crash handler), and waits for
   * them: a child left running keeps writing to the profile while the caller deletes it.
   */
  @Override
  public void close() {
    List<ProcessHandle> children = process.descendants().toList();
    try {
      socket.abort();
    } finally {
      process.destroy();
      try {
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
          process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        for (ProcessHandle child : children) {
          child.destroy();
          try {
            child.onExit().get(5, TimeUnit.SECONDS);
          } catch (ExecutionException | TimeoutException e) {
            child.destroyForcibly();
          }
        }
      } catch (InterruptedException e) {
        process.destroyForcibly();
        children.forEach(ProcessHandle::destroyForcibly);
        Thread.currentThread().interrupt();
      }
    }
  }
}
