package dev.alm.node;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The daemon's page and the fleet's come from one template, each with its script and section. */
class ConsoleAssetsTest {

  @Test
  void aDaemonsPageStartsTheConsoleScriptForItsKind() {
    String html = ConsoleAssets.page("proxy <a>", "proxy");
    assertTrue(html.contains("<title>proxy &lt;a&gt;</title>"), html);
    assertTrue(html.contains("<script src=\"/assets/console.js\"></script>"), html);
    assertTrue(html.contains("<section id=\"plan\"></section>"), html);
    assertTrue(html.contains("<script>almConsole(\"proxy\");</script>"), html);
    assertFalse(html.contains("{{"), html);
  }

  @Test
  void theFleetPageStartsTheFleetScript() {
    String html = ConsoleAssets.fleetPage("fleet");
    assertTrue(html.contains("<script src=\"/assets/fleet.js\"></script>"), html);
    assertTrue(html.contains("<section id=\"matrix\"></section>"), html);
    assertTrue(html.contains("<script>almFleet();</script>"), html);
    assertFalse(html.contains("{{"), html);
  }
}
