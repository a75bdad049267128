package dev.alm.loadgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The response head the cluster's HTTP clients read: lines, Content-Length, Connection: close. */
class ResponseHeadTest {

  private static InputStream of(String s) {
    return new ByteArrayInputStream(s.getBytes(StandardCharsets.US_ASCII));
  }

  /** A stream whose first {@code timeouts} reads time out, as a socket with SO_TIMEOUT does. */
  private static InputStream slow(String s, int timeouts) {
    InputStream data = of(s);
    return new InputStream() {
      int left = timeouts;

      @Override
      public int read() throws IOException {
        if (left > 0) {
          left--;
          throw new SocketTimeoutException("Read timed out");
        }
        return data.read();
      }
    };
  }

  @Test
  void readsTheStatusLineAndTheFieldsUpToTheEmptyLine() throws IOException {
    InputStream in =
        of(
            "HTTP/1.1 200 OK\r\nServer: alm\r\nCONTENT-LENGTH:  12 \r\nConnection: Close\r\n\r\n"
                + "body");
    assertEquals("HTTP/1.1 200 OK", ResponseHead.line(in, ResponseHead.NO_PATIENCE));
    ResponseHead.Fields f = ResponseHead.fields(in, ResponseHead.NO_PATIENCE);
    assertEquals(12, f.contentLength());
    assertTrue(f.close());
    assertEquals('b', in.read(), "the body is left unread");
  }

  @Test
  void aBareLfEndsALineAndTheLastContentLengthCounts() throws IOException {
    InputStream in = of("HTTP/1.1 204 No Content\nContent-Length: 3\nContent-Length: 5\n\n");
    assertEquals("HTTP/1.1 204 No Content", ResponseHead.line(in, ResponseHead.NO_PATIENCE));
    ResponseHead.Fields f = ResponseHead.fields(in, ResponseHead.NO_PATIENCE);
    assertEquals(5, f.contentLength());
    assertFalse(f.close());
  }

  @Test
  void noContentLengthIsMinusOneAndKeepAliveIsNotClose() throws IOException {
    ResponseHead.Fields f =
        ResponseHead.fields(of("Connection: keep-alive\r\n\r\n"), ResponseHead.NO_PATIENCE);
    assertEquals(-1, f.contentLength());
    assertFalse(f.close());
  }

  @Test
  void aConnectionClosedInTheHeadIsAnIoException() {
    IOException e =
        assertThrows(
            IOException.class,
            () -> ResponseHead.fields(of("Content-Length: 4\r\n"), ResponseHead.NO_PATIENCE));
    assertEquals("connection closed", e.getMessage());
  }

  @Test
  void withoutPatienceATimeoutIsThrownAndBeforeTheDeadlineItIsWaitedOut() throws IOException {
    assertThrows(
        SocketTimeoutException.class,
        () -> ResponseHead.line(slow("HTTP/1.1 200 OK\r\n", 1), ResponseHead.NO_PATIENCE));
    long farAhead = System.nanoTime() + 3_600_000_000_000L;
    assertEquals("HTTP/1.1 200 OK", ResponseHead.line(slow("HTTP/1.1 200 OK\r\n", 3), farAhead));
    long past = System.nanoTime() - 1;
    assertThrows(
        SocketTimeoutException.class,
        () -> ResponseHead.line(slow("HTTP/1.1 200 OK\r\n", 1), past));
  }
}
