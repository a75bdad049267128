package dev.alm.controller.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.controller.builtin.SyntheticCorrelation;
import dev.alm.controller.model.CorrelationMatrix;
import dev.alm.io.InputException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MatrixCsvTest {

  @TempDir Path dir;

  private Path file(String text) throws Exception {
    Path p = dir.resolve("C.csv");
    Files.writeString(p, text);
    return p;
  }

  @Test
  void readsRowsInAnyOrder() throws Exception {
    MatrixCsv.Result r = MatrixCsv.read(file(",a,b\nb,0.5,0.5\na,0.1,0.9\n"), false);
    CorrelationMatrix c = r.matrix();
    assertEquals(List.of("a", "b"), c.ids());
    assertEquals(0.9, c.get(0, 1), 0.0);
    assertEquals(0.5, c.get(1, 0), 0.0);
    assertTrue(r.notes().isEmpty());
  }

  @Test
  void roundTripsThroughTheWriter() throws Exception {
    CorrelationMatrix c = SyntheticCorrelation.generate(7, 3);
    StringWriter w = new StringWriter();
    MatrixCsv.write(c, w);
    assertEquals(c, MatrixCsv.read(file(w.toString()), false).matrix());
  }

  @Test
  void rejectsBadInputWithFileLineAndReason() throws Exception {
    assertError(",a,b\na,0.1,0.9\nc,0.5,0.5\n", "line 3", "unknown node id 'c'");
    assertError(",a,b\na,0.1,0.9\nb,0.5\n", "line 3", "expected a node id and 2 numbers");
    assertError(",a,b\na,0.1,0.9\nb,-0.5,1.5\n", "line 3", ">= 0");
    assertError(",a,b\na,NaN,0.9\nb,0.5,0.5\n", "line 2", "finite");
    assertError(",a,b\na,0.1,0.8\nb,0.5,0.5\n", "line 2", "sums to 0.9");
    assertError(",a,b\na,0.1,0.9\n", "", "no row for node(s) [b]");
    assertError(",a,b\na,x,0.9\nb,0.5,0.5\n", "line 2", "not a number");
    assertError(",a,a\na,0.1,0.9\n", "line 1", "appears twice");
    assertError("", "line 1", "empty file");
  }

  @Test
  void normalisesWhenAskedAndSaysSo() throws Exception {
    MatrixCsv.Result r = MatrixCsv.read(file(",a,b\na,1,3\nb,0.5,0.5\n"), true);
    assertEquals(0.25, r.matrix().get(0, 0), 1e-12);
    assertEquals(1, r.notes().size());
    assertTrue(r.notes().get(0).contains("row 'a'"), r.notes().get(0));
  }

  private void assertError(String text, String where, String reason) throws Exception {
    Path p = file(text);
    InputException e = assertThrows(InputException.class, () -> MatrixCsv.read(p, false));
    assertEquals(p.toString(), e.source());
    assertEquals(where, e.where(), e.getMessage());
    assertTrue(e.reason().contains(reason), e.getMessage());
  }
}
