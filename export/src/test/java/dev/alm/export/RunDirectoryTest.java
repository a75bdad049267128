package dev.alm.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.io.InputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code alm export --from DIR} on the files of alm cluster and alm simulate. */
class RunDirectoryTest {

  @TempDir Path dir;

  @Test
  void clusterSamplesGiveTheLastInterval() throws Exception {
    Files.writeString(
        dir.resolve("samples.csv"),
        """
        t,pop,x,mu,beta,betaStdErr,S,T,A,mode,shed,gain
        1.000,a,0.500000,15.000000,14.000000,1.000000,50.000,105.000,150.000,normal,0,1.0000
        1.000,b,0.500000,15.000000,14.000000,1.000000,100.000,105.000,150.000,normal,0,1.0000
        2.000,a,0.300000,4.000000,19.500000,0.400000,48.000,105.000,149.000,normal,0,0.8571
        2.000,b,0.620000,21.000000,12.600000,0.300000,82.000,105.000,151.000,fallback,3,1.0000
        """);
    Files.writeString(dir.resolve("summary.json"), "{\"algorithm\":\"dual\",\"pops\":{}}");
    List<Redirection> rows = RunDirectory.read(dir);
    assertEquals(2, rows.size());
    Redirection b = rows.get(1);
    assertEquals("b", b.pop());
    assertEquals(0.62, b.x(), 1e-12);
    assertEquals(21.0, b.mu(), 1e-12);
    assertEquals(12.6, b.beta(), 1e-12);
    assertEquals(82.0, b.load(), 1e-12);
    assertEquals(105.0, b.capacity(), 1e-12);
    assertEquals(151.0, b.demand(), 1e-12);
    assertEquals("fallback", b.mode());
    assertEquals("dual", b.algorithm());
  }

  @Test
  void clusterSamplesWithTheGuardColumnAreReadToo() throws Exception {
    Files.writeString(
        dir.resolve("samples.csv"),
        """
        t,pop,x,mu,beta,betaStdErr,S,T,A,mode,shed,gain,guard
        1.000,a,0.500000,15.000000,14.000000,1.000000,50.000,105.000,150.000,normal,0,1.0000,
        1.000,b,0.250000,21.000000,12.600000,0.300000,130.000,105.000,151.000,normal,3,1.0000,0.250000
        """);
    List<Redirection> rows = RunDirectory.read(dir);
    assertEquals(List.of("a", "b"), rows.stream().map(Redirection::pop).toList());
    assertEquals(0.25, rows.get(1).x(), 1e-12);
    assertEquals(130.0, rows.get(1).load(), 1e-12);
  }

  @Test
  void clusterSummaryAloneGivesXAndMu() throws Exception {
    Files.writeString(
        dir.resolve("summary.json"),
        "{\"algorithm\":\"greedy\",\"pops\":{\"a\":{\"x\":1.0,\"mu\":0.0},\"b\":{\"x\":0.0,\"mu\":0.0}}}");
    List<Redirection> rows = RunDirectory.read(dir);
    assertEquals(List.of("a", "b"), rows.stream().map(Redirection::pop).toList());
    assertEquals(1.0, rows.get(0).x());
    assertNull(rows.get(0).load());
  }

  @Test
  void simulateSummaryGivesEveryQuantity() throws Exception {
    Files.writeString(
        dir.resolve("summary.json"),
        """
        {"algorithm":"dual","x":{"a":0.265,"b":0.62},"S":{"a":0.34,"b":0.55},"T":{"a":0.7,"b":0.7},
         "A":{"a":1.0,"b":1.0},"mu":{"a":3.7,"b":21.5},"beta":{"a":19.7,"b":12.6}}
        """);
    Files.writeString(dir.resolve("trajectory.csv"), "step,node,x,S,T,mu\n0,a,1.0,0.6,0.7,0.0\n");
    Redirection a = RunDirectory.read(dir).get(0);
    assertEquals(0.265, a.x(), 1e-12);
    assertEquals(19.7, a.beta(), 1e-12);
    assertEquals(1.0, a.demand(), 1e-12);
    assertEquals(Redirection.LOAD_UNITS, a.units());
  }

  @Test
  void trajectoryAloneGivesTheLastStep() throws Exception {
    Files.writeString(
        dir.resolve("trajectory.csv"),
        "step,node,x,S,T,mu\n0,a,1.0,0.6,0.7,0.0\n0,b,1.0,1.4,0.7,0.0\n9,a,0.27,0.33,0.7,3.7\n9,b,0.62,0.55,0.7,21\n");
    List<Redirection> rows = RunDirectory.read(dir);
    assertEquals(0.27, rows.get(0).x(), 1e-12);
    assertEquals(21.0, rows.get(1).mu(), 1e-12);
    assertNull(rows.get(1).beta());
  }

  @Test
  void badFilesNameFileLineAndReason() throws Exception {
    Files.writeString(dir.resolve("trajectory.csv"), "step,node,x,S,T,mu\n0,a,1.5,0.6,0.7,0.0\n");
    InputException e = assertThrows(InputException.class, () -> RunDirectory.read(dir));
    assertTrue(
        e.getMessage().contains("trajectory.csv")
            && e.getMessage().contains("line 2")
            && e.getMessage().contains("x must be"),
        e.getMessage());

    Files.writeString(dir.resolve("trajectory.csv"), "step,node,x\n");
    e = assertThrows(InputException.class, () -> RunDirectory.read(dir));
    assertTrue(
        e.getMessage().contains("line 1") && e.getMessage().contains("header"), e.getMessage());

    Path empty = Files.createDirectory(dir.resolve("empty"));
    e = assertThrows(InputException.class, () -> RunDirectory.read(empty));
    assertTrue(e.getMessage().contains("no samples.csv"), e.getMessage());
  }
}
