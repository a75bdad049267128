package dev.alm.lab;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs one system command (iproute2, BIRD's birdc) and returns its exit code and output: the lab's
 * only way to change the network. A command that does not finish within its timeout is killed.
 */
public final class Shell {
  /** What a command did. */
  public record Result(int exit, String output) {
    public boolean ok() {
      return exit == 0;
    }
  }

  private Shell() {}

  /** {@code command} run inside network namespace {@code ns} ({@code ip netns exec}). */
  public static List<String> inNamespace(String ns, List<String> command) {
    List<String> c = new ArrayList<>(List.of("ip", "netns", "exec", ns));
    c.addAll(command);
    return c;
  }

  /** Runs {@code command}, stderr merged into the output; exit 127 when it cannot start. */
  public static Result run(List<String> command, long timeoutMillis) {
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
    pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    Process p;
    try {
      p = pb.start();
    } catch (IOException e) {
      return new Result(127, e.getMessage());
    }
    try (InputStream in = p.getInputStream()) {
      byte[] out = in.readNBytes(1 << 20);
      if (!p.waitFor(timeoutMillis, TimeUnit.MILLISECONDS)) {
        p.destroyForcibly();
        return new Result(124, "timed out: " + String.join(" ", command));
      }
      return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8).strip());
    } catch (IOException e) {
      p.destroyForcibly();
      return new Result(126, e.getMessage());
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      return new Result(130, "interrupted");
    }
  }

  /** Runs {@code command} and fails with its first output line unless it exits 0. */
  public static String check(List<String> command) {
    Result r = run(command, 20_000);
    if (!r.ok()) {
      String first = r.output().lines().findFirst().orElse("");
      throw new IllegalStateException(
          String.join(" ", command) + ": exit " + r.exit() + (first.isEmpty() ? "" : ": " + first));
    }
    return r.output();
  }

  /** Whether a program is on the PATH (or in /usr/sbin, /sbin). */
  public static boolean found(String program) {
    for (String dir : (System.getenv().getOrDefault("PATH", "") + ":/usr/sbin:/sbin").split(":")) {
      if (!dir.isEmpty() && new File(dir, program).canExecute()) {
        return true;
      }
    }
    return false;
  }
}
