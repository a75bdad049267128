package dev.alm.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.proxy.RequestAuthority.Accepted;
import dev.alm.proxy.RequestAuthority.Reason;
import dev.alm.proxy.RequestAuthority.Refused;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Chars;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

/** {@link RequestAuthority}: RFC 9112 sections 3.2 and 3.2.2 as the proxy applies them. */
class RequestAuthorityTest {

  private static final HttpVersion H11 = HttpVersion.HTTP_1_1;

  private static RequestAuthority get(String target, String... hosts) {
    return RequestAuthority.of(HttpMethod.GET, target, List.of(hosts), H11);
  }

  private static Accepted accepted(String host, int port, String target) {
    return new Accepted(new HostAuthority(host, port), target);
  }

  @Test
  void anOriginFormTargetIsForTheHostHeadersHost() {
    assertEquals(accepted("acme.example", -1, "/a?b"), get("/a?b", "ACME.example"));
    assertEquals(accepted("acme.example", 80, "/"), get("/", " acme.example:80\t"));
    assertEquals("acme.example", ((Accepted) get("/", "acme.example:80")).host());
    assertEquals(
        new Accepted(null, "/"),
        RequestAuthority.of(HttpMethod.GET, "/", List.of(), HttpVersion.HTTP_1_0),
        "HTTP/1.0 needs no Host");
    assertEquals("", new Accepted(null, "/").host());
  }

  @Test
  void anAbsoluteFormTargetNamesTheHostWhateverTheHostHeaderSays() {
    assertEquals(accepted("acme.example", -1, "/"), get("http://acme.example", "other.example"));
    assertEquals(accepted("acme.example", -1, "/?q=1"), get("http://acme.example?q=1", "x"));
    assertEquals(
        accepted("acme.example", 8443, "/a/b?c=d"),
        get("HTTPS://Acme.Example:8443/a/b?c=d", "other.example"));
    assertEquals(accepted("[::1]", 80, "/x"), get("http://[::1]:80/x", "other.example"));
    assertEquals(accepted("acme.example", -1, "/"), get("http://acme.example:/", "a"));
    assertEquals(
        accepted("acme.example", -1, "/"),
        RequestAuthority.of(
            HttpMethod.GET, "http://acme.example/", List.of(), HttpVersion.HTTP_1_0));
  }

  @Test
  void theHostHeaderMustBeOneAndValidAlsoWithAnAbsoluteFormTarget() {
    assertEquals(new Refused(Reason.HOSTS), get("/", "acme.example", "acme.example"));
    assertEquals(new Refused(Reason.NO_HOST), get("/"));
    assertEquals(new Refused(Reason.NO_HOST), get("http://acme.example/"));
    assertEquals(new Refused(Reason.HOST), get("/", ""));
    assertEquals(new Refused(Reason.HOST), get("/", "acme.example:80:80"));
    assertEquals(new Refused(Reason.HOST), get("http://acme.example/", "acme.example:80:80"));
  }

  @Test
  void otherTargetsAreRefused() {
    assertEquals(new Refused(Reason.SCHEME), get("ftp://acme.example/", "acme.example"));
    assertEquals(new Refused(Reason.SCHEME), get("httpx://acme.example/", "acme.example"));
    assertEquals(new Refused(Reason.USERINFO), get("http://u@acme.example/", "a"));
    assertEquals(new Refused(Reason.USERINFO), get("http://other.example@acme.example/", "a"));
    assertEquals(new Refused(Reason.USERINFO), get("http://acme.example\\@other.example/", "a"));
    assertEquals(new Refused(Reason.AUTHORITY), get("http:///x", "acme.example"));
    assertEquals(new Refused(Reason.AUTHORITY), get("http://:80/x", "acme.example"));
    assertEquals(new Refused(Reason.AUTHORITY), get("http://acme.example:80:80/", "a"));
    assertEquals(new Refused(Reason.AUTHORITY), get("http://acme%2eexample/", "a"));
    assertEquals(new Refused(Reason.TARGET), get("http://acme.example/#x", "a"));
    assertEquals(new Refused(Reason.TARGET), get("http://acme.example#@other.example/", "a"));
    assertEquals(new Refused(Reason.TARGET), get("http:acme.example", "acme.example"));
    assertEquals(new Refused(Reason.TARGET), get("acme.example:80", "acme.example"));
    assertEquals(new Refused(Reason.TARGET), get("*", "acme.example"));
    assertEquals(new Refused(Reason.TARGET), get("?x", "acme.example"));
    assertEquals(new Refused(Reason.TARGET), get("1http://acme.example/", "acme.example"));
    assertEquals(
        new Refused(Reason.CONNECT),
        RequestAuthority.of(HttpMethod.CONNECT, "acme.example:443", List.of("acme.example"), H11));
    assertEquals(
        new Refused(Reason.CONNECT),
        RequestAuthority.of(HttpMethod.CONNECT, "/", List.of("acme.example"), H11));
    assertEquals(
        accepted("acme.example", -1, "*"),
        RequestAuthority.of(HttpMethod.OPTIONS, "*", List.of("acme.example"), H11));
  }

  /**
   * A GET's accepted target is always origin-form, without a fragment when it was absolute-form (an
   * origin-form target is passed on as it came); its host always parses.
   */
  @Property(tries = 5000)
  void whatIsAcceptedIsOriginFormWithAValidHost(
      @ForAll
          @StringLength(max = 30)
          @Chars({'h', 't', 'p', 's', ':', '/', 'a', '.', 'x', '@', '?', '#', '*', '[', ']', '1'})
          String target) {
    if (get(target, "other.example") instanceof Accepted a) {
      assertTrue(a.target().startsWith("/"), target + " -> " + a);
      if (!target.startsWith("/")) {
        assertEquals(-1, a.target().indexOf('#'), target + " -> " + a);
      }
      assertEquals(a.authority(), HostAuthority.parse(a.authority().header()).orElseThrow());
    }
  }
}
