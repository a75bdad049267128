package dev.alm.lab;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The processes a lab run starts in the namespaces ({@link LabProcess}: the PoPs, the datacenter,
 * the forwarders, the users), each writing to {@code out/logs/<id>.out}: started, waited for, and
 * stopped (asked first, forced after 3 s).
 */
final class LabChildren {

  private final Path out;
  private final List<Process> children = new ArrayList<>();
  private final Map<Process, String> names = new LinkedHashMap<>();

  LabChildren(Path out) {
    this.out = out;
  }

  /** Starts the PoPs, the datacenter, the forwarders and the users in their namespaces. */
  void startAll(LabTopology t, LabPlan plan) throws IOException {
    for (LabTopology.Pop p : t.pops()) {
      start(plan.ns(p.id()), p.id(), "pop");
    }
    start(plan.ns("dc"), "dc", "dc");
    for (LabTopology.Resolver r : t.resolvers()) {
      start(plan.ns(r.id()), r.id(), "forwarder");
    }
    for (LabTopology.Eyeball e : t.eyeballs()) {
      start(plan.ns(e.id()), e.id(), "users");
    }
  }

  /**
   * The catchments every eyeball network and resolver measured, as their processes write them;
   * waits up to 180 s, and fails at once when a process has exited.
   */
  Map<String, LabRun.Catch> awaitCatchments(LabTopology t)
      throws IOException, InterruptedException {
    List<String> ids = new ArrayList<>();
    t.eyeballs().forEach(e -> ids.add(e.id()));
    t.resolvers().forEach(r -> ids.add(r.id()));
    long deadline = System.currentTimeMillis() + 180_000;
    ObjectMapper m = new ObjectMapper();
    while (true) {
      for (Process p : children) {
        if (!p.isAlive()) {
          throw new IOException(
              "lab: the process of "
                  + names.get(p)
                  + " exited (code "
                  + p.exitValue()
                  + "): see "
                  + out.resolve("logs").resolve(names.get(p) + ".out"));
        }
      }
      Map<String, LabRun.Catch> got = new LinkedHashMap<>();
      for (String id : ids) {
        Path f = out.resolve("catchments").resolve(id + ".json");
        if (Files.exists(f)) {
          JsonNode n = m.readTree(f.toFile());
          got.put(
              id,
              new LabRun.Catch(
                  n.path("dns").isNull() ? null : n.path("dns").asText(),
                  n.path("http").isNull() ? null : n.path("http").asText()));
        }
      }
      if (got.size() == ids.size()) {
        return got;
      }
      if (System.currentTimeMillis() > deadline) {
        throw new IOException("lab: catchments not measured within 180 s: have " + got.keySet());
      }
      Thread.sleep(100);
    }
  }

  /** Waits up to {@code seconds} for each process to exit on its own. */
  void awaitExit(long seconds) throws InterruptedException {
    for (Process p : children) {
      p.waitFor(seconds, TimeUnit.SECONDS);
    }
  }

  /** Stops the processes started: asked first, forced after 3 s. */
  void stopAll() throws InterruptedException {
    for (Process p : children) {
      p.destroy();
    }
    for (Process p : children) {
      if (!p.waitFor(3, TimeUnit.SECONDS)) {
        p.destroyForcibly();
      }
    }
  }

  /** Starts {@code id}'s process in {@code role} (a {@link LabProcess}) in {@code namespace}. */
  private void start(String namespace, String id, String role) throws IOException {
    List<String> cmd = new ArrayList<>(List.of(javaBinary()));
    cmd.addAll(LabRun.JVM_OPTIONS);
    cmd.addAll(
        List.of(
            "-cp",
            System.getProperty("java.class.path"),
            LabProcess.class.getName(),
            role,
            LabSettings.file(out).toString(),
            id));
    Process p =
        new ProcessBuilder(Shell.inNamespace(namespace, cmd))
            .redirectErrorStream(true)
            .redirectOutput(out.resolve("logs").resolve(id + ".out").toFile())
            .start();
    children.add(p);
    names.put(p, id);
  }

  /** The java binary of this JVM. */
  static String javaBinary() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }
}
