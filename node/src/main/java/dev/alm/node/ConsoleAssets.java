package dev.alm.node;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Properties;

/**
 * The files of the browser console, served from the jar under {@code /assets/}: uPlot (the WebJar
 * {@code org.webjars.npm:uplot}) and the console's own script and style. Nothing is fetched from
 * the network, so the page works on an isolated management network.
 */
public final class ConsoleAssets {

  /** One asset: its bytes and content type. */
  public record Asset(byte[] bytes, String type) {}

  private static final Map<String, Asset> ASSETS = load();

  private ConsoleAssets() {}

  /** The asset at {@code path} ({@code /assets/NAME}), or null. */
  public static Asset get(String path) {
    return ASSETS.get(path);
  }

  /**
   * The fleet page: all PoPs on one screen (events of {@code alm console} and {@code alm cluster}).
   */
  public static String fleetPage(String title) {
    return page(title, "fleet.js", "matrix", "almFleet();");
  }

  /** The console page of one daemon: its title and the kind of document its events carry. */
  public static String page(String title, String kind) {
    return page(title, "console.js", "plan", "almConsole(\"" + escape(kind) + "\");");
  }

  /**
   * The page: a summary, charts and a third section {@code section} drawn by the asset {@code
   * script}, which {@code start} starts.
   */
  private static String page(String title, String script, String section, String start) {
    String html = new String(read("dev/alm/node/console/page.html"), StandardCharsets.UTF_8);
    return html.replace("{{title}}", escape(title))
        .replace("{{script}}", script)
        .replace("{{section}}", section)
        .replace("{{start}}", start);
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }

  private static Map<String, Asset> load() {
    String v = uplotVersion();
    String dist = "META-INF/resources/webjars/uplot/" + v + "/dist/";
    return Map.of(
        "/assets/uPlot.iife.min.js",
        new Asset(read(dist + "uPlot.iife.min.js"), "text/javascript; charset=utf-8"),
        "/assets/uPlot.min.css",
        new Asset(read(dist + "uPlot.min.css"), "text/css; charset=utf-8"),
        "/assets/console.js",
        new Asset(read("dev/alm/node/console/console.js"), "text/javascript; charset=utf-8"),
        "/assets/console.css",
        new Asset(read("dev/alm/node/console/console.css"), "text/css; charset=utf-8"),
        "/assets/fleet.js",
        new Asset(read("dev/alm/node/console/fleet.js"), "text/javascript; charset=utf-8"));
  }

  private static String uplotVersion() {
    Properties p = new Properties();
    try (InputStream in =
        ConsoleAssets.class
            .getClassLoader()
            .getResourceAsStream("META-INF/maven/org.webjars.npm/uplot/pom.properties")) {
      if (in == null) {
        throw new IllegalStateException("the uPlot WebJar is missing from the class path");
      }
      p.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return p.getProperty("version");
  }

  private static byte[] read(String resource) {
    try (InputStream in = ConsoleAssets.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("missing console resource " + resource);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
