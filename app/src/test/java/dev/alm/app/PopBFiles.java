package dev.alm.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The configuration files of PoP b of paper-fig2 that the {@code alm pop} tests start from. */
final class PopBFiles {
  private PopBFiles() {}

  /** dns-b.json and proxy-b.json in {@code dir}: the proxy listens on {@code proxyListen}. */
  static void write(Path dir, String proxyListen) throws IOException {
    Files.writeString(
        dir.resolve("dns-b.json"),
        """
        {"pop": "b", "zone": "cdn.example.", "names": ["www"], "l1": ["192.0.2.1"], "l2": ["198.51.100.1"],
         "x": 0.5, "listen": "127.0.0.1:0"}
        """);
    Files.writeString(
        dir.resolve("proxy-b.json"),
        "{\"pop\": \"b\", \"capacity\": 1, \"listen\": \"" + proxyListen + "\"}");
  }

  /** pop.json in {@code dir} over those two files, with {@code extra} fields (JSON members). */
  static Path pop(Path dir, String extra) throws IOException {
    Path f = dir.resolve("pop.json");
    Files.writeString(
        f,
        "{\"topology\": \"builtin:paper-fig2\", \"dns\": \"dns-b.json\", \"proxy\": \"proxy-b.json\""
            + (extra.isEmpty() ? "" : ", " + extra)
            + "}");
    return f;
  }
}
