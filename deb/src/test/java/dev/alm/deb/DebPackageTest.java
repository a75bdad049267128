package dev.alm.deb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.alm.app.AlmCommand;
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
import picocli.CommandLine;

/**
 * The Debian package as an operator gets it (docs/operations/deploying.md, "Deploying"): lintian
 * finds nothing beyond the tags the docs explain, and on this machine it installs, its units pass
 * {@code systemd-analyze verify}, its logrotate file passes {@code logrotate -d} and its man page
 * renders, it runs a PoP from {@code alm fleet init}'s files as user {@code alm} on port 53 with
 * only CAP_NET_BIND_SERVICE, whose query log logrotate rotates and a real SIGUSR1 reopens, and it
 * is removed and purged without a trace. Root only (but the man page's check).
 */
class DebPackageTest {

  /**
   * Lintian tags docs/operations/deploying.md ("The Debian package") explains; anything else fails.
   */
  static final Set<String> EXPLAINED =
      Set.of("maintainer-script-calls-systemctl", "unknown-java-class-version");

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
  void theManPageNamesEveryCommand() throws Exception {
    String page =
        Files.readString(Path.of("src/deb/man/alm.1"))
            .replace("\\-", "-")
            .replaceAll("\\\\f[BRI]", "");
    for (String c : new CommandLine(new AlmCommand()).getSubcommands().keySet()) {
      assertTrue(
          Pattern.compile("(?m)^\\.B\\s.*\\b" + Pattern.quote(c) + "\\b").matcher(page).find(),
          "alm(1) lists the command " + c);
    }
    for (String s : new String[] {"SIGHUP", "SIGUSR1", "/etc/logrotate.d/alm", "EXIT STATUS"}) {
      assertTrue(page.contains(s), "alm(1) says " + s);
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
      assertTrue(Files.isRegularFile(Path.of("/usr/share/man/man1/alm.1.gz")), "alm(1)");
      if (Files.isExecutable(Path.of("/usr/bin/man"))) {
        Result man = run("man", "-l", "/usr/share/man/man1/alm.1.gz");
        assertTrue(man.code == 0 && man.output.contains("SIGUSR1"), man.output);
      }
      Path logrotate = Path.of("/etc/logrotate.d/alm");
      assertTrue(Files.isRegularFile(logrotate), "the logrotate file");
      assertTrue(
          run("dpkg-query", "-W", "-f", "${Conffiles}", "alm")
              .output
              .contains(logrotate.toString()),
          "a conffile");
      boolean rotates = Files.isExecutable(Path.of("/usr/sbin/logrotate"));
      if (rotates) {
        Result debug =
            run(
                "logrotate",
                "-d",
                "-s",
                tmp.resolve("debug.state").toString(),
                logrotate.toString());
        assertEquals(0, debug.code, debug.output);
        assertFalse(debug.output.contains("error"), debug.output);
      }
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
      // as docs/operations/deploying.md "Deploying" puts a PoP's directory in place
      assertEquals(0, run("cp", "-a", fleet.resolve("a").toString(), "/etc/alm/a").code);
      // a query log under /var/log/alm, for logrotate
      Path dnsJson = Path.of("/etc/alm/a/dns.json");
      Files.writeString(
          dnsJson,
          Files.readString(dnsJson)
              .replaceFirst("\\{", "{\"queryLog\": \"/var/log/alm/a.query.log\", "));
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
      if (rotates) {
        rotateTheQueryLog(pop, log);
      }
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

  /**
   * logrotate renames the PoP's query log, and SIGUSR1 (what its postrotate sends through systemd)
   * makes the PoP write a new one: the lines before are in the renamed file, the three queries
   * after in the new one.
   */
  private void rotateTheQueryLog(Process pop, Path log) throws Exception {
    Path query = Path.of("/var/log/alm/a.query.log");
    Path rotated = Path.of("/var/log/alm/a.query.log.1");
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    // SIGUSR1 only once alm pop has said it runs: its handler is in place
    while (System.nanoTime() < deadline
        && !(Files.readString(log).contains("pop a (") && dataLines(query) > 0)) {
      Thread.sleep(100);
    }
    assertTrue(dataLines(query) > 0, "the PoP logs its queries\n" + Files.readString(log));
    Result r =
        run(
            "logrotate",
            "-f",
            "-s",
            tmp.resolve("logrotate.state").toString(),
            "/etc/logrotate.d/alm");
    assertEquals(0, r.code, r.output);
    assertTrue(Files.exists(rotated) && !Files.exists(query), "logrotate renamed the log");
    assertEquals(0, run("kill", "-USR1", Long.toString(pop.pid())).code);
    deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (System.nanoTime() < deadline && !Files.exists(query)) {
      Thread.sleep(50);
    }
    for (int i = 0; i < 3; i++) {
      Result a =
          run("dig", "@127.0.0.71", "-p", "53", "www.cdn.example", "+short", "+time=2", "+tries=1");
      assertFalse(a.output.isBlank(), a.output);
    }
    deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (System.nanoTime() < deadline && dataLines(query) < 3) {
      Thread.sleep(50);
    }
    assertTrue(pop.isAlive(), "SIGUSR1 does not stop the PoP\n" + Files.readString(log));
    assertTrue(Files.readString(query).startsWith("ts,"), "the new log starts with its header");
    assertEquals(3, dataLines(query), "the queries after the rotation, in the new file");
    assertTrue(dataLines(rotated) > 0, "the ones before, in the renamed file");
    assertEquals("alm", run("stat", "-c", "%U", query.toString()).output.strip());
  }

  private static long dataLines(Path f) throws IOException {
    if (!Files.exists(f)) {
      return 0;
    }
    try (Stream<String> s = Files.lines(f)) {
      return s.filter(l -> !l.startsWith("ts,")).count();
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
