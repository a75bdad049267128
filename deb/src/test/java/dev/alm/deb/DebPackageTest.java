package dev.alm.deb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Debian package as an operator gets it (docs/operations.md, "Deploying"): lintian finds
 * nothing beyond the tags the docs explain, and on this machine it installs, its units pass {@code
 * systemd-analyze verify}, it runs a PoP from {@code alm fleet init}'s files as user {@code alm} on
 * port 53 with only CAP_NET_BIND_SERVICE, and is removed and purged without a trace. Root only.
 */
class DebPackageTest {

  /** Lintian tags docs/operations.md ("The Debian package") explains; anything else fails. */
  static final Set<String> EXPLAINED =
      Set.of("maintainer-script-calls-systemctl", "no-manual-page", "unknown-java-class-version");

  static final String[] UNITS = {"alm-pop@.service", "alm-dns.service", "alm-proxy.service"};

  static Path deb;

  @TempDir Path tmp;

  @BeforeAll
  static void findPackage() throws IOException {
    Path dir = Path.of(System.getProperty("alm.deb.dir", "target"));
    try (Stream<Path> s = Files.list(dir)) {
      deb =
          s.filter(p -> p.getFileName().toString().matches("alm_.*_all\\.deb"))
              .findFirst()
              .orElse(null);
    }
  }

  static void assumeTools(String... tools) {
    assumeTrue(deb != null, "no alm_*_all.deb in target: run in the package phase");
    assumeTrue("root".equals(System.getProperty("user.name")), "installs a .deb: root only");
    for (String t : tools) {
      assumeTrue(
          Stream.of("/usr/bin", "/usr/sbin", "/bin", "/sbin")
              .anyMatch(d -> Files.isExecutable(Path.of(d, t))),
          t + " is not installed");
    }
  }

  @Test
  void lintianFindsOnlyWhatTheDocsExplain() throws Exception {
    assumeTools("lintian");
    Result r = run("lintian", "--tag-display-limit", "0", deb.toString());
    Set<String> tags = new TreeSet<>();
    Matcher m = Pattern.compile("(?m)^([EWIXP]): alm: (\\S+)").matcher(r.output);
    while (m.find()) {
      assertNotEquals("E", m.group(1), r.output);
      tags.add(m.group(2));
    }
    System.out.println("lintian: " + tags);
    assertTrue(EXPLAINED.containsAll(tags), "unexplained lintian tags: " + r.output);
  }

  @Test
  void installRunAPopAsAlmOnPort53ThenRemoveAndPurge() throws Exception {
    assumeTools("dpkg", "dpkg-deb", "setpriv", "dig", "adduser", "systemd-analyze");
    assumeTrue(run("dpkg", "-s", "alm").code != 0, "alm is installed here: not touching it");
    assumeTrue(run("getent", "passwd", "alm").code != 0, "a user alm exists here: not touching it");
    for (String d : new String[] {"/etc/alm", "/var/lib/alm", "/var/log/alm", "/usr/share/alm"}) {
      assumeTrue(!Files.exists(Path.of(d)), d + " exists here: not touching it");
    }
    Process pop = null;
    try {
      Result install = run("dpkg", "-i", deb.toString());
      assertEquals(0, install.code, install.output);
      assertEquals(0, run("getent", "passwd", "alm").code, "postinst made the user alm");
      assertEquals("alm:alm 750", run("stat", "-c", "%U:%G %a", "/var/lib/alm").output.strip());
      assertEquals("alm:alm 750", run("stat", "-c", "%U:%G %a", "/var/log/alm").output.strip());
      List<String> verify = new ArrayList<>(List.of("systemd-analyze", "verify"));
      for (String u : UNITS) {
        verify.add("/lib/systemd/system/" + u);
      }
      Result verified = run(verify.toArray(String[]::new));
      assertEquals(0, verified.code, verified.output);
      assertEquals("", verified.output.strip(), "the units verify without a warning");
      Result help = run(asAlm("/usr/bin/alm", "--help"));
      assertEquals(0, help.code, help.output);
      assertTrue(help.output.contains("fleet"), help.output);

      Path fleet = tmp.resolve("fleet");
      Result init =
          run(
              "/usr/bin/alm",
              "fleet",
              "init",
              "--pops",
              "a,b,c",
              "--addresses",
              "127.0.0.71,127.0.0.72,127.0.0.73",
              "--dns-port",
              "53",
              "--proxy-port",
              "80",
              "--state-dir",
              "/var/lib/alm",
              "--out",
              fleet.toString());
      assertEquals(0, init.code, init.output);
      Result check = run("/usr/bin/alm", "fleet", "check", fleet.toString());
      assertEquals(0, check.code, check.output);
      // as docs/operations.md "Deploying" puts a PoP's directory in place
      assertEquals(0, run("cp", "-a", fleet.resolve("a").toString(), "/etc/alm/a").code);
      assertEquals(0, run("chown", "-R", "alm:alm", "/etc/alm/a").code);

      // the unit's ExecStart, as its User= and AmbientCapabilities= run it
      List<String> start =
          new ArrayList<>(
              List.of(
                  "setpriv",
                  "--reuid",
                  "alm",
                  "--regid",
                  "alm",
                  "--init-groups",
                  "--reset-env",
                  "--inh-caps",
                  "-all,+net_bind_service",
                  "--ambient-caps",
                  "-all,+net_bind_service",
                  "--bounding-set",
                  "-all,+net_bind_service"));
      start.addAll(
          List.of("/usr/bin/alm", "pop", "--config", "/etc/alm/a/pop.json", "--duration", "30"));
      Path log = tmp.resolve("pop.log");
      pop =
          new ProcessBuilder(start).redirectErrorStream(true).redirectOutput(log.toFile()).start();
      String answer = "";
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while (System.nanoTime() < deadline && pop.isAlive()) {
        answer =
            run(
                    "dig",
                    "@127.0.0.71",
                    "-p",
                    "53",
                    "www.cdn.example",
                    "+short",
                    "+time=1",
                    "+tries=1")
                .output
                .strip();
        if (answer.equals("192.0.2.1") || answer.equals("198.51.100.1")) {
          break;
        }
        Thread.sleep(300);
      }
      assertTrue(
          answer.equals("192.0.2.1") || answer.equals("198.51.100.1"),
          "the PoP answers on port 53 as alm: " + answer + "\n" + Files.readString(log));
      String uid = run("stat", "-c", "%u", "/proc/" + pop.pid()).output.strip();
      assertEquals(run("id", "-u", "alm").output.strip(), uid, "it runs as alm");
      Path state = Path.of("/var/lib/alm/a.state.json");
      deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (System.nanoTime() < deadline && !Files.exists(state)) {
        Thread.sleep(200);
      }
      assertTrue(Files.exists(state), "it writes its state as alm\n" + Files.readString(log));
      pop.destroy();
      assertTrue(pop.waitFor(15, TimeUnit.SECONDS), "it stops on SIGTERM");

      Result remove = run("dpkg", "-r", "alm");
      assertEquals(0, remove.code, remove.output);
      assertFalse(Files.exists(Path.of("/usr/bin/alm")));
      assertFalse(Files.exists(Path.of("/usr/share/alm")));
      assertTrue(Files.exists(Path.of("/etc/alm/a/pop.json")), "remove keeps the PoPs' files");
      Result purge = run("dpkg", "-P", "alm");
      assertEquals(0, purge.code, purge.output);
      assertNotEquals(0, run("getent", "passwd", "alm").code, "purge removed the user");
      assertNotEquals(0, run("getent", "group", "alm").code, "and the group");
      for (String d :
          new String[] {
            "/etc/alm",
            "/var/lib/alm",
            "/var/log/alm",
            "/usr/share/alm",
            "/usr/bin/alm",
            "/lib/systemd/system/alm-pop@.service"
          }) {
        assertFalse(Files.exists(Path.of(d)), d + " is gone");
      }
      assertNotEquals(0, run("pgrep", "-U", uid).code, "no process of the former alm user");
    } finally {
      if (pop != null && pop.isAlive()) {
        pop.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
      if (run("dpkg", "-s", "alm").code == 0) {
        run("dpkg", "-P", "alm");
      }
      run("rm", "-rf", "/etc/alm", "/var/lib/alm", "/var/log/alm", "/usr/share/alm");
      if (run("getent", "passwd", "alm").code == 0) {
        run("deluser", "--quiet", "--system", "alm");
      }
      if (run("getent", "group", "alm").code == 0) {
        run("delgroup", "--quiet", "--system", "alm");
      }
    }
  }

  private static String[] asAlm(String... cmd) {
    List<String> c =
        new ArrayList<>(
            List.of("setpriv", "--reuid", "alm", "--regid", "alm", "--init-groups", "--reset-env"));
    c.addAll(List.of(cmd));
    return c.toArray(String[]::new);
  }

  record Result(int code, String output) {}

  static Result run(String... cmd) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    byte[] out = p.getInputStream().readAllBytes();
    if (!p.waitFor(60, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      return new Result(-1, String.join(" ", cmd) + ": timed out");
    }
    return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8));
  }
}
