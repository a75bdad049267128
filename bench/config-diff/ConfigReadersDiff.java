import java.lang.reflect.*;
import java.net.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;

/**
 * The JSON readers of two builds on the same mutated files: every outcome (the value read, or the
 * refusal's line) must be the same. For a change of a reader that must not change what it accepts
 * or how it refuses (bench/config-readers-diff.sh).
 *
 * <p>usage: java ConfigReadersDiff.java OLD.jar NEW.jar DNS|PROXY|POP SEED.json N [FILES beside the input...]
 */
public class ConfigReadersDiff {
  static Method reader(ClassLoader cl) throws Exception {
    Class<?> cf = Class.forName("dev.alm.app.fuzz.ConfigFuzz", true, cl);
    Class<?> t = Class.forName("dev.alm.app.fuzz.ConfigFuzz$Target", true, cl);
    Method m = cf.getDeclaredMethod("read", t, Path.class);
    m.setAccessible(true);
    return m;
  }
  static String outcome(ClassLoader cl, Method m, String target, Path f) {
    Thread.currentThread().setContextClassLoader(cl);
    try {
      Class<?> t = Class.forName("dev.alm.app.fuzz.ConfigFuzz$Target", true, cl);
      Object tv = Enum.valueOf((Class) t, target);
      m.invoke(null, tv, f);
      Object v = switch (target) {
        case "DNS" -> Class.forName("dev.alm.dns.DnsConfigJson", true, cl).getMethod("read", Path.class).invoke(null, f);
        case "POP" -> Class.forName("dev.alm.pop.PopConfigJson", true, cl).getMethod("read", Path.class).invoke(null, f);
        case "PROXY" -> { Class<?> pj = Class.forName("dev.alm.proxy.ProxyConfigJson", true, cl);
          Object b = pj.getMethod("read", Path.class).invoke(null, f);
          yield pj.getMethod("build", b.getClass(), String.class).invoke(null, b, f.toString()); }
        default -> "";
      };
      return "OK " + String.valueOf(v).replaceAll("@[0-9a-f]+", "@");
    } catch (InvocationTargetException e) {
      Throwable c = e.getCause();
      return c.getClass().getSimpleName() + ": " + c.getMessage();
    } catch (Exception e) { return "HARNESS " + e; }
  }
  public static void main(String[] a) throws Exception {
    ClassLoader oldL = new URLClassLoader(new URL[]{Path.of(a[0]).toUri().toURL()}, null);
    ClassLoader newL = new URLClassLoader(new URL[]{Path.of(a[1]).toUri().toURL()}, null);
    String target = a[2];
    Path seedFile = Path.of(a[3]);
    int n = Integer.parseInt(a[4]);
    Path dir = Files.createTempDirectory("diff");
    // copy sibling files (dns.json, proxy.json, keys) next to the input
    for (int i = 5; i < a.length; i++) Files.copy(Path.of(a[i]), dir.resolve(Path.of(a[i]).getFileName()));
    Method mo = reader(oldL), mn = reader(newL);
    Class<?> mut = Class.forName("dev.alm.io.fuzz.Mutator", true, newL);
    List<String> dict = new ArrayList<>(List.of("1e308","-1","0","2147483648","9223372036854775808","null","true","\"\"","[]","{}","\"a\":1,","\"x\"","1.5","-0.5","\"off\"","\"required\"","\"127.0.0.1:0\"","\"nope\""));
    byte[] seed = Files.readAllBytes(seedFile);
    // field names of the seed as tokens
    java.util.regex.Matcher mm = java.util.regex.Pattern.compile("\"[A-Za-z0-9]+\"").matcher(new String(seed, StandardCharsets.UTF_8));
    while (mm.find()) dict.add(mm.group());
    Object m = mut.getConstructor(List.class, List.class, long.class).newInstance(List.of(seed), dict, 7L);
    Method next = mut.getMethod("next");
    Path f = dir.resolve("input.json");
    int same = 0, diff = 0, ok = 0;
    Files.write(f, seed);
    String so = outcome(oldL, mo, target, f), sn = outcome(newL, mn, target, f);
    System.out.println("seed: " + (so.startsWith("OK") ? "read" : so) + (so.equals(sn) ? ", the same in both" : ", DIFFERS: " + sn));
    
    for (int i = 0; i < n; i++) {
      byte[] in = (byte[]) next.invoke(m);
      Files.write(f, in);
      String o = outcome(oldL, mo, target, f), nw = outcome(newL, mn, target, f);
      if (o.equals(nw)) { same++; if (o.startsWith("OK")) ok++; }
      else { diff++; if (diff <= 8) System.out.println("DIFF on " + new String(in, StandardCharsets.UTF_8) + "\n  old: " + o + "\n  new: " + nw); }
    }
    try (var files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
    System.out.println(target + " " + seedFile.getFileName() + ": " + n + " mutated files, the same outcome " + same + " (read " + ok + ", refused " + (same - ok) + "), differ " + diff);
  }
}
