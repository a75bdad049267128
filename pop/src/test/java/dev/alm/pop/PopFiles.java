package dev.alm.pop;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Configuration files of a PoP of paper-fig2 that the pop tests (and alm pop's) start from. */
public final class PopFiles {
  private PopFiles() {}

  /**
   * PoP b's dns-b.json and proxy-b.json in {@code dir}: the proxy listens on {@code proxyListen}.
   */
  public static void writeB(Path dir, String proxyListen) throws IOException {
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

  /**
   * pop.json in {@code dir} for PoP {@code id} of paper-fig2 over its dns-ID.json and
   * proxy-ID.json, with {@code extra} fields (JSON members).
   */
  public static Path popJson(Path dir, String id, String extra) throws IOException {
    Path f = dir.resolve("pop.json");
    Files.writeString(
        f,
        "{\"topology\": \"builtin:paper-fig2\", \"dns\": \"dns-"
            + id
            + ".json\", \"proxy\": \"proxy-"
            + id
            + ".json\""
            + (extra.isEmpty() ? "" : ", " + extra)
            + "}");
    return f;
  }
}
