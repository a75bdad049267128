package dev.alm.lab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The lab's resource use, read from /proc: the resident memory and CPU time of every process inside
 * one lab's namespaces (BIRD daemons, PoPs, users, resolvers, the datacenter), and the machine's
 * busy share over the run.
 */
final class LabResources {
  private final long ticksPerSecond = 100; // USER_HZ on Linux
  private final LabName lab;
  private double peakRssMb;
  private double cpuSeconds;
  private int processes;
  private long[] machineStart;
  private long[] machineEnd;

  /** The resources of lab {@code lab}'s processes. */
  LabResources(LabName lab) {
    this.lab = lab;
  }

  void start() {
    machineStart = machine();
  }

  /** Samples every lab process now. */
  void sample() {
    double rss = 0;
    double cpu = 0;
    int n = 0;
    for (String ns : LabTeardown.namespaces(lab)) {
      Shell.Result r = Shell.run(List.of("ip", "netns", "pids", ns), 5_000);
      for (String pid :
          r.output().lines().map(String::trim).filter(s -> s.matches("\\d+")).toList()) {
        try {
          for (String line : Files.readAllLines(Path.of("/proc", pid, "status"))) {
            if (line.startsWith("VmRSS:")) {
              rss += Double.parseDouble(line.replaceAll("[^0-9]", "")) / 1024.0;
            }
          }
          String stat = Files.readString(Path.of("/proc", pid, "stat"));
          String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
          cpu += (Long.parseLong(f[11]) + Long.parseLong(f[12])) / (double) ticksPerSecond;
          n++;
        } catch (IOException | RuntimeException ignored) {
          // the process exited between listing and reading
        }
      }
    }
    peakRssMb = Math.max(peakRssMb, rss);
    if (cpu > cpuSeconds) {
      cpuSeconds = cpu;
      processes = n;
    }
    machineEnd = machine();
  }

  double peakRssMb() {
    return peakRssMb;
  }

  /** CPU seconds the lab's processes had used at the last sample. */
  double cpuSeconds() {
    return cpuSeconds;
  }

  int processes() {
    return processes;
  }

  /** The machine's busy share (all cores) between start and the last sample. */
  double machineBusy() {
    if (machineStart == null || machineEnd == null) {
      return Double.NaN;
    }
    double total = machineEnd[0] - machineStart[0];
    double idle = machineEnd[1] - machineStart[1];
    return total > 0 ? 1 - idle / total : Double.NaN;
  }

  private static long[] machine() {
    try {
      String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
      long total = 0;
      List<Long> v = new ArrayList<>();
      for (int k = 1; k < f.length; k++) {
        v.add(Long.parseLong(f[k]));
        total += Long.parseLong(f[k]);
      }
      return new long[] {total, v.get(3) + v.get(4)};
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
