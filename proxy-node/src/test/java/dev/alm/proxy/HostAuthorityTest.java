package dev.alm.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Chars;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

/**
 * {@link HostAuthority}: exactly {@code uri-host [":" port]}, nothing an origin could read
 * otherwise.
 */
class HostAuthorityTest {

  private static HostAuthority ok(String s) {
    Optional<HostAuthority> a = HostAuthority.parse(s);
    assertTrue(a.isPresent(), "refused: '" + s + "'");
    return a.get();
  }

  @Test
  void namesAddressesAndPortsAreReadLowerCase() {
    assertEquals(new HostAuthority("acme.example", -1), ok("acme.example"));
    assertEquals(new HostAuthority("acme.example", 8080), ok("ACME.Example:8080"));
    assertEquals(new HostAuthority("acme.example.", -1), ok("acme.example."), "dot kept");
    assertEquals(new HostAuthority("acme.example", -1), ok("acme.example:"), "empty port");
    assertEquals(new HostAuthority("acme.example", 80), ok("acme.example:00080"));
    assertEquals(new HostAuthority("acme.example", 0), ok("acme.example:0"));
    assertEquals(new HostAuthority("acme.example", 65535), ok("acme.example:65535"));
    assertEquals(new HostAuthority("localhost", -1), ok("localhost"));
    assertEquals(
        new HostAuthority("_svc.xn--bcher-kva.example", -1), ok("_svc.xn--bcher-kva.example"));
    assertEquals(new HostAuthority("192.0.2.1", 80), ok("192.0.2.1:80"));
    assertEquals(new HostAuthority("0.0.0.0", -1), ok("0.0.0.0"));
    assertEquals(new HostAuthority("[::1]", 8080), ok("[::1]:8080"));
    assertEquals(new HostAuthority("[::1]", -1), ok("[::1]:"));
    assertEquals(new HostAuthority("[2001:db8::a]", -1), ok("[2001:DB8::A]"));
    assertEquals(new HostAuthority("[::]", -1), ok("[::]"));
    assertEquals(new HostAuthority("[::ffff:192.0.2.1]", -1), ok("[::ffff:192.0.2.1]"));
    assertEquals(new HostAuthority("[1:2:3:4:5:6:7:8]", -1), ok("[1:2:3:4:5:6:7:8]"));
    assertEquals(new HostAuthority("[1:2:3:4:5:6:7::]", -1), ok("[1:2:3:4:5:6:7::]"));
    assertEquals(new HostAuthority("[1:2:3:4:5:6:1.2.3.4]", -1), ok("[1:2:3:4:5:6:1.2.3.4]"));
    assertEquals("acme.example:8080", ok("Acme.Example:08080").header());
    assertEquals("acme.example", ok("acme.example:").header());
    String label = "a".repeat(63);
    String longest = String.join(".", label, label, label, "b".repeat(61));
    assertEquals(253, longest.length());
    assertEquals(longest + ".", ok(longest + ".:443").host());
  }

  @Test
  void anythingElseIsRefused() {
    List<String> refused =
        List.of(
            "",
            ":80",
            "acme.example:80:80",
            "acme.example::80",
            "acme.example:80:",
            "acme.example:8o",
            "acme.example:65536",
            "acme.example:000080",
            "acme.example:99999999999999999999",
            "acme.example:-1",
            "acme.example:+80",
            "acme.example: 80",
            "acme .example",
            " acme.example",
            "acme.example ",
            "acme\t.example",
            "acme.example\r\n",
            "acme%2eexample",
            "acme.example%00",
            "acme.example\0",
            "u@acme.example",
            "u:p@acme.example",
            "acme..example",
            ".acme.example",
            "acme.example..",
            ".",
            "acme.example/x",
            "acme.example\\x",
            "acme.example?",
            "acme.example#",
            "acme,other.example",
            "acme.example*",
            "bücher.example",
            "\u212Aacme.example",
            "1.2.3.04",
            "01.2.3.4",
            "256.1.1.1",
            "1.2.3",
            "1.2.3.4.5",
            "1.2.3.4.",
            "0x7f.0.0.1",
            "acme.123",
            "2130706433",
            "[::1",
            "::1",
            "[::1]x",
            "[::1]:80:80",
            "[::1]]",
            "[1.2.3.4]",
            "[fe80::1%25eth0]",
            "[fe80::1%eth0]",
            "[v1.x]",
            "[:::]",
            "[1:2:3:4:5:6:7:8:9]",
            "[1:2:3:4:5:6:7:8::]",
            "[1::2::3]",
            "[12345::]",
            "[::g]",
            "[:1::]",
            "[::1:]",
            "[1.2.3.4::]",
            "[::1.2.3.4:1]",
            "[]",
            "a".repeat(64) + ".example",
            "a."
                + "b".repeat(62)
                + "."
                + "c".repeat(63)
                + "."
                + "d".repeat(63)
                + "."
                + "e".repeat(63),
            "acme.example:" + "1".repeat(10_000),
            "a".repeat(100_000));
    for (String s : refused) {
      assertFalse(HostAuthority.parse(s).isPresent(), "accepted: '" + s + "'");
    }
  }

  @Property
  void aNameWithAPortIsReadAsItIs(
      @ForAll("names") String name, @ForAll @IntRange(min = 0, max = 65535) int port) {
    HostAuthority a = ok(name + ":" + port);
    assertEquals(name.toLowerCase(Locale.ROOT), a.host());
    assertEquals(port, a.port());
    assertEquals(new HostAuthority(a.host(), -1), ok(name));
    assertEquals(a, ok(a.header()));
  }

  @Property
  void aSecondPortIsNeverIgnored(
      @ForAll("names") String name,
      @ForAll @IntRange(min = 0, max = 65535) int port,
      @ForAll @StringLength(max = 6) @Chars({'0', '8', ':', ' '}) String rest) {
    assertFalse(HostAuthority.parse(name + ":" + port + ":" + rest).isPresent());
  }

  /** Whatever comes in, the answer is total, and what it forwards reads back as itself. */
  @Property(tries = 5000)
  void theForwardedFormReadsBackAsItself(
      @ForAll
          @StringLength(max = 24)
          @Chars({'a', 'B', 'f', '0', '1', '9', '.', ':', '[', ']', '%', '@', ' ', '-', '_', '/'})
          String s) {
    Optional<HostAuthority> a = HostAuthority.parse(s);
    if (a.isPresent()) {
      assertEquals(a, HostAuthority.parse(a.get().header()), s);
      assertEquals(a.get().host(), a.get().host().toLowerCase(Locale.ROOT));
      assertTrue(a.get().header().chars().noneMatch(c -> " %@/".indexOf(c) >= 0), s);
    }
  }

  @Property
  void anyUnicodeStringIsAnsweredWithoutAnException(@ForAll @StringLength(max = 300) String s) {
    HostAuthority.parse(s).ifPresent(a -> assertEquals(a, ok(a.header())));
  }

  @Provide
  Arbitrary<String> names() {
    Arbitrary<String> label =
        Arbitraries.strings().withChars("abcxyzABCXYZ0123456789-_").ofMinLength(1).ofMaxLength(63);
    Arbitrary<String> last =
        Combinators.combine(
                Arbitraries.strings().withChars("abzAZ").ofMinLength(1).ofMaxLength(3), label)
            .as((a, b) -> (a + b).substring(0, Math.min(63, a.length() + b.length())));
    return Combinators.combine(label.list().ofMaxSize(3), last)
        .as((ls, l) -> String.join(".", ls) + (ls.isEmpty() ? "" : ".") + l)
        .filter(n -> n.length() <= 253);
  }
}
