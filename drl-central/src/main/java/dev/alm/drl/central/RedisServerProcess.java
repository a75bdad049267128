package dev.alm.drl.central;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A redis-server on a free loopback port, as a child process: the central store of {@code alm
 * cluster --customer-mode central} and of the tests. Started without persistence; {@link #stop}
 * kills it (a store failing mid-run), {@link #restart} brings it back on the same port.
 */
public final class RedisServerProcess implements AutoCloseable {

  private final int port;
  private Process process;

  private RedisServerProcess(int port) {
    this.port = port;
  }

  /** Whether redis-server is on the PATH (tests skip with that reason otherwise). */
  public static boolean installed() {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      if (new File(dir, "redis-server").canExecute()) {
        return true;
      }
    }
    return false;
  }

  /** Starts a server on a free loopback port and waits until it accepts connections. */
  public static RedisServerProcess start() throws IOException, InterruptedException {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    RedisServerProcess r = new RedisServerProcess(port);
    r.restart();
    return r;
  }

  /** (Re)starts the server on the same port. */
  public void restart() throws IOException, InterruptedException {
    process =
        new ProcessBuilder(
                List.of(
                    "redis-server",
                    "--port",
                    Integer.toString(port),
                    "--bind",
                    "127.0.0.1",
                    "--save",
                    "",
                    "--appendonly",
                    "no"))
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (System.nanoTime() < deadline) {
      try (Socket s = new Socket()) {
        s.connect(new InetSocketAddress("127.0.0.1", port), 200);
        return;
      } catch (IOException e) {
        if (!process.isAlive()) {
          throw new IOException("redis-server exited with " + process.exitValue());
        }
        Thread.sleep(20);
      }
    }
    stop();
    throw new IOException("redis-server did not listen on " + port + " within 10 s");
  }

  public int port() {
    return port;
  }

  public String uri() {
    return "redis://127.0.0.1:" + port;
  }

  /** Stops the server (SIGTERM, then SIGKILL) and waits for it to exit. */
  public void stop() throws InterruptedException {
    if (process == null) {
      return;
    }
    process.destroy();
    if (!process.waitFor(5, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
    }
    process = null;
  }

  @Override
  public void close() {
    try {
      stop();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      if (process != null) {
        process.destroyForcibly();
      }
    }
  }
}
