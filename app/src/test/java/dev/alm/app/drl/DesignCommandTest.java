package dev.alm.app.drl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class DesignCommandTest {

  @TempDir Path dir;

  private record Run(int code, String out, String err) {}

  private static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = new CommandLine(new DrlCommand());
    cl.setOut(new PrintWriter(out));
    cl.setErr(new PrintWriter(err));
    cl.setExecutionExceptionHandler(
        (ex, cmd, parse) -> {
          cmd.getErr().println(ex.getMessage());
          return 1;
        });
    int code = cl.execute(args);
    return new Run(code, out.toString(), err.toString());
  }

  @Test
  void table2WeightsAsJson() throws Exception {
    Run k5 = run("design", "--graph", "builtin:complete?n=5", "--gamma", "1", "--json");
    assertEquals(0, k5.code(), k5.err());
    JsonNode j = new ObjectMapper().readTree(k5.out());
    assertEquals(0.2, j.get("uniformWeight").asDouble(), 1e-12);
    assertEquals(0.2, j.get("optimalCycle").asDouble(), 1e-12);
    assertEquals(0.125, j.get("gdrlGainBound").asDouble(), 1e-12);
    assertTrue(j.get("h2").isNull(), "gamma = 1 is unstable for unit-weight K5");
    Run s5 = run("design", "--graph", "builtin:star?n=5", "--json");
    JsonNode s = new ObjectMapper().readTree(s5.out());
    assertEquals(1.0 / 3, s.get("uniformWeight").asDouble(), 1e-12);
  }

  @Test
  void readsAGraphFileAndRejectsABadOne() throws Exception {
    Path good = dir.resolve("g.csv");
    Files.writeString(good, "a,b,weight\n0,1,1\n1,2,1\n2,0,1\n");
    Run ok = run("design", "--graph", good.toString(), "--gamma", "0.3");
    assertEquals(0, ok.code(), ok.err());
    assertTrue(ok.out().contains("2/(lambda_2 + lambda_n) = 0.333333"), ok.out());
    Path bad = dir.resolve("b.csv");
    Files.writeString(bad, "a,b\n0,1\n1,zz\n");
    Run no = run("design", "--graph", bad.toString());
    assertEquals(1, no.code());
    assertTrue(no.err().contains("b.csv:line 3 b: not a node number: zz"), no.err());
    assertEquals(2, run("design", "--graph", good.toString(), "--gamma", "0").code());
  }
}
