package dev.alm.traces;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.StringReader;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;

/** The log writers' direct CSV lines read back, with any CSV reader, as the records' values. */
class CsvLineTest {

  private static List<String> parse(String line) throws Exception {
    List<CSVRecord> records = CSVFormat.DEFAULT.parse(new StringReader(line)).getRecords();
    assertEquals(1, records.size(), line);
    return records.get(0).toList();
  }

  @Test
  void directLinesEqualTheValuesAndSurviveCommasQuotesAndNewlines() throws Exception {
    String[] awkward = {"", "plain", "a,b", "say \"hi\"", "two\nlines", "cr\rhere", ","};
    for (String s : awkward) {
      AccessLogRecord a =
          new AccessLogRecord(
              1_700_000_000_123L, "fra", "10.0.0.1", s, "/p?x=" + s, 503, 12, 345, s, "");
      StringBuilder sb = new StringBuilder();
      a.appendCsv(sb);
      StringBuilder viaValues = new StringBuilder();
      CsvLine.line(viaValues, a.values());
      assertEquals(viaValues.toString(), sb.toString());
      assertEquals(a.values(), parse(sb.toString()));

      QueryLogRecord q =
          new QueryLogRecord(
              1_700_000_000_123L,
              "fra",
              "10.0.0.1",
              s,
              s + ".cdn.example.",
              "A",
              "NOERROR",
              AnswerKind.L2);
      sb.setLength(0);
      q.appendCsv(sb);
      assertEquals(q.values(), parse(sb.toString()));

      ProbeLogRecord p = new ProbeLogRecord(1_700_000_000_123L, s, "iad", "fra");
      sb.setLength(0);
      p.appendCsv(sb);
      assertEquals(p.values(), parse(sb.toString()));
    }
  }
}
