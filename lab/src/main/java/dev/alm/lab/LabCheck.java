package dev.alm.lab;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether this machine can run the lab: root (namespaces, veth, routes), iproute2's {@code ip},
 * BIRD 2's {@code bird} and {@code birdc}; netem ({@code tc}, sch_netem) is optional (without it
 * links carry no delay or loss).
 */
public final class LabCheck {
  private LabCheck() {}

  /** What is missing, one phrase each; empty when the lab can run. */
  public static List<String> missing() {
    List<String> m = new ArrayList<>();
    if (!root()) {
      m.add("root (namespaces and links need it: run as root)");
    }
    if (!Shell.found("ip")) {
      m.add("ip (install iproute2)");
    }
    if (!Shell.found("bird") || !Shell.found("birdc")) {
      m.add("bird and birdc (install bird2)");
    }
    if (m.isEmpty() && !namespaces()) {
      m.add(
          "network namespaces (ip netns add is refused here: a container without CAP_SYS_ADMIN?)");
    }
    return m;
  }

  /** The name of the namespace {@link #namespaces} creates and removes at once. */
  static final String PROBE_NAMESPACE = "alm-check";

  /** Whether this machine lets us create a network namespace (creates one and removes it). */
  static boolean namespaces() {
    Shell.Result add = Shell.run(List.of("ip", "netns", "add", PROBE_NAMESPACE), 10_000);
    Shell.run(List.of("ip", "netns", "del", PROBE_NAMESPACE), 10_000);
    return add.ok() || add.output().contains("File exists");
  }

  /** Whether this process runs as root. */
  public static boolean root() {
    try {
      Object uid = Files.getAttribute(Path.of("/proc/self"), "unix:uid");
      return Integer.valueOf(0).equals(uid);
    } catch (Exception e) {
      return "root".equals(System.getProperty("user.name"));
    }
  }

  /** Whether {@code tc} is installed (netem itself is known only when a lab tries it). */
  public static boolean tc() {
    return Shell.found("tc");
  }
}
