package dev.alm.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.lab.LabCheck;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code alm lab}'s refusals: one line, before anything is built. */
class LabCommandTest {

  private static String[] run(int[] code, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = Main.configure(new CommandLine(new AlmCommand()));
    cl.setOut(new PrintWriter(out));
    cl.setErr(new PrintWriter(err));
    code[0] = cl.execute(args);
    return new String[] {out.toString(), err.toString()};
  }

  @Test
  void checkSaysWhatIsMissingAndExitsTwoOrZero() {
    int[] code = new int[1];
    String[] o = run(code, "lab", "check");
    if (LabCheck.missing().isEmpty()) {
      assertEquals(0, code[0], o[0]);
      assertTrue(o[0].startsWith("alm lab check: ok"), o[0]);
    } else {
      assertEquals(2, code[0], o[0]);
      assertTrue(o[0].startsWith("alm lab check: missing "), o[0]);
    }
  }

  @Test
  void aBadDrillOrMissingRootIsOneLineAndNothingIsBuilt(@TempDir Path dir) {
    int[] code = new int[1];
    String[] o = run(code, "lab", "--withdraw", "a", "--out", dir.resolve("out").toString());
    String err = o[1].strip();
    assertTrue(!err.contains("\n"), "one line: " + err);
    if (LabCheck.missing().isEmpty()) {
      assertEquals(1, code[0], err);
      assertTrue(err.endsWith("--withdraw: expected POP:SECONDS, got 'a'"), err);
    } else {
      assertEquals(2, code[0], err);
      assertTrue(err.startsWith("alm lab: this machine cannot run the lab: missing"), err);
    }
  }

  @Test
  void aDrillOnAnUnknownPopIsRefused(@TempDir Path dir) {
    int[] code = new int[1];
    String[] o =
        run(
            code,
            "lab",
            "-t",
            "builtin:lab-mini",
            "--prepend",
            "zz:2:10",
            "--out",
            dir.resolve("out").toString());
    if (LabCheck.missing().isEmpty()) {
      assertEquals(1, code[0], o[1]);
      assertTrue(o[1].strip().endsWith("--prepend: no PoP 'zz'"), o[1]);
    } else {
      assertEquals(2, code[0], o[1]);
    }
  }

  @Test
  void aBadNameOrRefreshIsOneLineAndNothingIsBuilt(@TempDir Path dir) {
    String out = dir.resolve("out").toString();
    String[][] cases = {
      {"--name", "Hx-1", "--out", out},
      {"--refresh-from", "estimated", "--out", out},
      {"--refresh-c", "10", "--refresh-from", "guessed", "--out", out},
      {"--refresh-c", "10", "--refresh-from", "estimated", "--refresh-settle", "10", "--out", out}
    };
    String[] reasons = {
      "--name: a lower-case letter then up to 5 lower-case letters or digits, got 'Hx-1'",
      "--refresh-from estimated needs --refresh-c SECONDS",
      "--refresh-from: measured or estimated, got 'guessed'",
      "--refresh-settle: in [0, --refresh-c), got 10.0 with --refresh-c 10.0"
    };
    for (int k = 0; k < cases.length; k++) {
      int[] code = new int[1];
      String[] args = new String[cases[k].length + 1];
      args[0] = "lab";
      System.arraycopy(cases[k], 0, args, 1, cases[k].length);
      String err = run(code, args)[1].strip();
      assertTrue(!err.contains("\n"), "one line: " + err);
      if (LabCheck.missing().isEmpty()) {
        assertEquals(1, code[0], err);
        assertTrue(err.endsWith(reasons[k]), err);
      } else {
        assertEquals(2, code[0], err);
      }
    }
  }

  @Test
  void downTakesOneLabByNameOrAll() {
    int[] code = new int[1];
    String[] o = run(code, "lab", "down", "--name", "no-such");
    assertEquals(1, code[0], o[1]);
    assertTrue(
        o[1].strip()
            .endsWith(
                "--name: a lower-case letter then up to 5"
                    + " lower-case letters or digits, got 'no-such'"),
        o[1]);
    o = run(code, "lab", "down", "--all", "--name", "zz9q");
    assertEquals(1, code[0], o[1]);
    assertTrue(o[1].strip().endsWith("--all and --name: give one"), o[1]);
    if (LabCheck.root()) {
      // a lab nobody runs: nothing to remove, and no other lab is touched
      o = run(code, "lab", "down", "--name", "zz9q");
      assertEquals(0, code[0], o[1]);
      assertEquals("alm lab down: zz9q: removed 0 namespaces, stopped 0 processes", o[0].strip());
    }
  }

  @Test
  void theControlIntervalFollowsALongTtl(@TempDir Path dir) {
    CommandLine cl = Main.configure(new CommandLine(new AlmCommand()));
    LabCommand lab = (LabCommand) cl.getSubcommands().get("lab").getCommand();
    cl.parseArgs("lab", "-t", "builtin:lab-fig2");
    assertEquals(1000, lab.settings(dir).intervalMillis());
    cl.parseArgs("lab", "-t", "builtin:lab-fig2", "--ttl", "6");
    assertEquals(3000, lab.settings(dir).intervalMillis());
  }
}
