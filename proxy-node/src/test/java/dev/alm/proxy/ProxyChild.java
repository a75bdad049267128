package dev.alm.proxy;

import dev.alm.node.HostPort;
import java.io.FileInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A proxy in a process of its own, for tests that must starve it of file descriptors without
 * starving the test: {@code ProxyChild MAX_CONNECTIONS PER_CLIENT [FREE]} starts one on loopback,
 * with FREE: holds every file descriptor the process can open but FREE (so that how many the JVM
 * itself holds does not decide whether a flood exhausts them), prints {@code PORT ADMIN_PORT} and
 * runs until its standard input closes.
 */
public final class ProxyChild {
  private ProxyChild() {}

  public static void main(String[] args) throws Exception {
    HttpLimits limits =
        HttpLimits.defaults().withConnections(Integer.parseInt(args[0]), Integer.parseInt(args[1]));
    ProxyConfig cfg =
        ProxyConfig.builder()
            .pop("child")
            .listen(new HostPort("127.0.0.1", 0))
            .admin(new HostPort("127.0.0.1", 0))
            .limits(limits)
            .ioThreads(1)
            .build();
    List<FileInputStream> held = new ArrayList<>();
    try (ProxyServer s = ProxyServer.start(cfg)) {
      if (args.length > 2) {
        holdAllBut(Integer.parseInt(args[2]), held);
      }
      System.out.println(s.address().getPort() + " " + s.adminAddress().getPort());
      System.out.flush();
      while (System.in.read() >= 0) {
        // run until the parent closes our input
      }
    } finally {
      for (FileInputStream f : held) {
        f.close();
      }
    }
  }

  /** Opens /dev/null until the process is out of descriptors, then closes {@code free} of them. */
  private static void holdAllBut(int free, List<FileInputStream> held) throws IOException {
    try {
      while (true) {
        held.add(new FileInputStream("/dev/null"));
      }
    } catch (IOException e) {
      // out of descriptors
    }
    for (int i = 0; i < free && !held.isEmpty(); i++) {
      held.remove(held.size() - 1).close();
    }
  }
}
