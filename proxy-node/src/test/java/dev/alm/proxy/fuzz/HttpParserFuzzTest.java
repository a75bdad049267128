package dev.alm.proxy.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A short run of {@code alm fuzz --target http}: no escaped exception, no hang, no leak. */
class HttpParserFuzzTest {

  @Test
  void fiveThousandMutatedRequestsFindNothing() throws Exception {
    HttpParserFuzz.Result r = HttpParserFuzz.run(5_000, 11, TimeUnit.SECONDS.toNanos(5), n -> {});
    assertEquals(5_000, r.inputs());
    assertTrue(r.clean(), r.toString());
  }
}
