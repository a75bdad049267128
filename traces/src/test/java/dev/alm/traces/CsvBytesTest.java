package dev.alm.traces;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;

/**
 * The daemons' CSV lines read back, with any CSV reader, as the records' values: commas, quotes,
 * newlines, non-ASCII text and timestamps of every era included.
 */
class CsvBytesTest {

  private static List<String> parse(String line) throws Exception {
    List<CSVRecord> records = CSVFormat.DEFAULT.parse(new StringReader(line)).getRecords();
    assertEquals(1, records.size(), line);
    return records.get(0).toList();
  }

  /** The values as UTF-8 carries them: a lone surrogate becomes '?'. */
  private static List<String> utf8(List<String> values) {
    return values.stream()
        .map(v -> new String(v.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8))
        .toList();
  }

  private static final String[] AWKWARD = {
    "",
    "plain",
    "a,b",
    "say \"hi\"",
    "two\nlines",
    "cr\rhere",
    ",",
    "caf\u00e9",
    "\u4e2d,\"",
    "\ud83d\ude00",
    "bad \ud800 surrogate"
  };

  @Test
  void linesReadBackAsTheRecordsValues() throws Exception {
    long[] times = {
      1_700_000_000_123L,
      1_700_000_000_999L,
      1_700_000_001_000L,
      0,
      -1,
      -999,
      -1000,
      -1001,
      253402300799999L,
      253402300800000L,
      -62135596800001L,
      1_700_000_000_007L
    };
    CsvBytes all = new CsvBytes(16);
    StringBuilder expected = new StringBuilder();
    for (String s : AWKWARD) {
      for (long t : times) {
        AccessLogRecord a =
            new AccessLogRecord(t, "fra", "10.0.0.1", s, "/p?x=" + s, 503, -12, t, s, "");
        CsvBytes one = new CsvBytes(16);
        a.appendCsv(one);
        assertEquals(utf8(a.values()), parse(one.toString()));
        a.appendCsv(all);
        expected.append(one);

        QueryLogRecord q =
            new QueryLogRecord(
                t, "fra", "10.0.0.1", s, s + ".cdn.example.", "A", "NOERROR", AnswerKind.L2);
        one.clear();
        q.appendCsv(one);
        assertEquals(utf8(q.values()), parse(one.toString()));

        ProbeLogRecord p = new ProbeLogRecord(t, s, "iad", "fra");
        one.clear();
        p.appendCsv(one);
        assertEquals(utf8(p.values()), parse(one.toString()));
      }
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    all.writeTo(out);
    assertEquals(0, all.length());
    assertEquals(expected.toString(), out.toString(StandardCharsets.UTF_8));
  }

  @Test
  void fieldsEncodedOnceHaveTheBytesOfFieldsAppendedOneByOne() {
    String[] awkward = {
      "", "plain", "a,b", "say \"hi\"", "two\nlines", "cr\rhere", "caf\u00e9", "127.0.0.1", "::1"
    };
    for (String client : awkward) {
      for (String host : awkward) {
        CsvBytes expected = new CsvBytes(16);
        new AccessLogRecord(1_700_000_000_123L, "fra", client, host, "/p", 200, 5, 7, "a", "b")
            .appendCsv(expected);
        CsvBytes actual = new CsvBytes(16);
        AccessLogRecord.appendCsv(
            actual,
            1_700_000_000_123L,
            AccessLogRecord.encodePopClientHost("fra", client, host),
            "/p",
            200,
            5,
            7,
            "a",
            "b");
        assertEquals(expected.toString(), actual.toString());
      }
    }
    CsvBytes b = new CsvBytes(1);
    b.fields(CsvBytes.encodeFields("x", "y,z"))
        .field(1)
        .endLine(); // at a line's start: no leading comma
    b.field("w").fields(CsvBytes.encodeFields()).fields(CsvBytes.encodeFields("")).endLine();
    assertEquals("x,\"y,z\",1\nw,\n", b.toString());
  }

  @Test
  void numbersHaveTheDigitsOfLongToString() {
    CsvBytes b = new CsvBytes(1);
    StringBuilder expected = new StringBuilder();
    for (long p = 1; p > 0 && p <= Long.MAX_VALUE / 10; p *= 10) {
      for (long v : new long[] {p - 1, p, p + 1, 2 * p - 1, 9 * p + 7, -p, -(p - 1)}) {
        b.field(v).endLine();
        expected.append(v).append('\n');
      }
    }
    for (long v :
        new long[] {Integer.MAX_VALUE, Integer.MAX_VALUE + 1L, Integer.MIN_VALUE, 99, 100, 101}) {
      b.field(v).endLine();
      expected.append(v).append('\n');
    }
    assertEquals(expected.toString(), b.toString());
  }

  @Test
  void numbersAndHeaders() {
    CsvBytes b = new CsvBytes(1);
    b.field(0).field(-7).field(Long.MAX_VALUE).field(Long.MIN_VALUE).field(1234567890L).endLine();
    b.line(AccessLogRecord.HEADER).line(List.of(""));
    assertEquals(
        "0,-7,"
            + Long.MAX_VALUE
            + ","
            + Long.MIN_VALUE
            + ",1234567890\n"
            + String.join(",", AccessLogRecord.HEADER)
            + "\n\"\"\n",
        b.toString());
  }
}
