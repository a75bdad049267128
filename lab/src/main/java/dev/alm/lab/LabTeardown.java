package dev.alm.lab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Tears labs down ({@code alm lab down}): one lab by its {@link LabName} (its namespaces {@code
 * NAME-*}, the processes in them, its BIRD files), or every lab known on the machine. Works from
 * any half-built state and is safe to run twice; a lab's teardown never touches another lab's
 * namespaces or processes.
 */
public final class LabTeardown {
  private LabTeardown() {}

  /** Lab {@code name}'s namespaces now on this machine. */
  public static List<String> namespaces(LabName name) {
    Shell.Result r = Shell.run(List.of("ip", "netns", "list"), 10_000);
    List<String> out = new ArrayList<>();
    if (!r.ok()) {
      return out;
    }
    for (String line : r.output().lines().toList()) {
      String ns = line.trim().split("\\s+")[0];
      if (name.owns(ns)) {
        out.add(ns);
      }
    }
    return out;
  }

  /**
   * The labs known on this machine: the default one and every lab with a run directory under {@code
   * runBase}.
   */
  public static List<LabName> labs(Path runBase) {
    List<LabName> out = new ArrayList<>(List.of(LabName.defaultName()));
    if (runBase != null && Files.isDirectory(runBase)) {
      try (var dirs = Files.list(runBase)) {
        dirs.filter(Files::isDirectory)
            .map(d -> d.getFileName().toString())
            .filter(LabName::valid)
            .sorted()
            .map(LabName::new)
            .filter(n -> !out.contains(n))
            .forEach(out::add);
      } catch (IOException ignored) {
        // an unreadable base: the default lab still goes
      }
    }
    return out;
  }

  /** Tears down every lab {@link #labs} finds ({@code alm lab down --all}); what it removed. */
  public static String downAll(Path runBase, Consumer<String> log) {
    List<String> said = new ArrayList<>();
    for (LabName n : labs(runBase)) {
      said.add(n + ": " + down(n, runBase, log));
    }
    return String.join("; ", said);
  }

  /**
   * Removes lab {@code name}'s namespaces ({@code NAME-*}) and the processes inside them (BIRD
   * daemons, PoPs, users: TERM, then KILL after two seconds), and BIRD's files in {@code
   * runBase/NAME} (its logs stay; the directory goes once empty). Other labs are not touched. Safe
   * to run twice, and from any half-built state. Returns what it removed, in words.
   */
  public static String down(LabName name, Path runBase, Consumer<String> log) {
    Path runDir = runBase == null ? null : name.runDir(runBase);
    List<String> spaces = namespaces(name);
    List<Long> pids = processes(spaces, runDir);
    int killed = stop(pids);
    for (String ns : spaces) {
      Shell.run(List.of("ip", "netns", "del", ns), 10_000);
    }
    removeRunFiles(runDir);
    List<String> left = namespaces(name);
    String said =
        String.format(
            Locale.ROOT,
            "removed %d namespaces, stopped %d processes%s",
            spaces.size() - left.size(),
            killed,
            left.isEmpty() ? "" : "; still present: " + left);
    if (!spaces.isEmpty() || killed > 0) {
      log.accept("lab " + name + " down: " + said);
    }
    return said;
  }

  /**
   * The processes of the lab: those inside its namespaces, and the BIRD daemons whose namespace was
   * already deleted (from their pid files in {@code runDir}).
   */
  private static List<Long> processes(List<String> spaces, Path runDir) {
    List<Long> pids = new ArrayList<>();
    for (String ns : spaces) {
      Shell.Result r = Shell.run(List.of("ip", "netns", "pids", ns), 10_000);
      if (r.ok()) {
        r.output()
            .lines()
            .map(String::trim)
            .filter(s -> s.matches("\\d+"))
            .map(Long::parseLong)
            .forEach(pids::add);
      }
    }
    // BIRD daemons whose namespace was already deleted still have their pid files
    if (runDir != null && Files.isDirectory(runDir)) {
      try (var files = Files.list(runDir)) {
        for (Path f : files.filter(p -> p.toString().endsWith(".pid")).toList()) {
          try {
            long pid = Long.parseLong(Files.readString(f).trim());
            ProcessHandle.of(pid)
                .filter(h -> h.info().command().map(c -> c.endsWith("/bird")).orElse(false))
                .ifPresent(h -> pids.add(pid));
          } catch (IOException | NumberFormatException ignored) {
            // a half-written pid file: nothing to kill
          }
        }
      } catch (IOException ignored) {
        // an unreadable run directory: the namespaces still go
      }
    }
    return pids;
  }

  /** Sends TERM to every process, then KILL to those still running after two seconds. */
  private static int stop(List<Long> pids) {
    int killed = 0;
    for (long pid : pids) {
      if (ProcessHandle.of(pid).map(ProcessHandle::destroy).orElse(false)) {
        killed++;
      }
    }
    long deadline = System.currentTimeMillis() + 2000;
    for (long pid : pids) {
      ProcessHandle.of(pid)
          .ifPresent(
              h -> {
                long left = Math.max(1, deadline - System.currentTimeMillis());
                try {
                  h.onExit().get(left, TimeUnit.MILLISECONDS);
                } catch (Exception e) {
                  h.destroyForcibly();
                }
              });
    }
    return killed;
  }

  /**
   * Removes BIRD's pid, control and config files from {@code runDir}, then the directory if empty.
   */
  private static void removeRunFiles(Path runDir) {
    if (runDir != null && Files.isDirectory(runDir)) {
      try (var files = Files.list(runDir)) {
        for (Path f : files.toList()) {
          String n = f.getFileName().toString();
          if (n.endsWith(".pid") || n.endsWith(".ctl") || n.endsWith(".conf")) {
            Files.deleteIfExists(f);
          }
        }
      } catch (IOException ignored) {
        // left for the next teardown
      }
      try {
        Files.deleteIfExists(runDir);
      } catch (IOException ignored) {
        // BIRD's logs are kept: the directory stays
      }
    }
  }
}
