import dev.alm.fastcontrol.ProbeAuthConfig;
import dev.alm.fastcontrol.ProbeSigner;
import dev.alm.fastcontrol.ProbeTarget;
import dev.alm.fastcontrol.ProbeVerdict;
import dev.alm.fastcontrol.ProbeVerifier;
import dev.alm.io.KeyRing;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * What verifying a signed probe costs the proxy, on one core: probes checked per CPU-second of the
 * calling thread (so other load on the machine slows the wall clock, not the figure) for
 *
 * <ul>
 *   <li>valid probes: parse the Host, HMAC-SHA256 under the key, expiry, replay-table insert;
 *   <li>forged probes (a guessed key): parse and HMAC, refused as bad-mac;
 *   <li>forged probes during a key rotation (two keys in the ring: two HMACs each);
 *   <li>the peer: one bare HMAC-SHA256 (javax.crypto) of the same input, the floor of the above;
 *   <li>signing, as a PoP's DNS does per probe handed out.
 * </ul>
 *
 * <pre>
 *   ./mvnw -B -q -pl fastcontrol -am compile
 *   java -cp fastcontrol/target/classes:io/target/classes bench/ProbeVerifyCost.java [ROUNDS]
 * </pre>
 *
 * Each round checks 200,000 names per case (about 0.3 s each); the first round is warm-up. Bounded:
 * ROUNDS (default 6) x 5 cases x 200,000.
 */
public class ProbeVerifyCost {
  static final String ZONE = "cdn.example";
  static final int BATCH = 200_000;
  static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

  public static void main(String[] args) throws Exception {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 6;
    KeyRing fleet = KeyRing.ofText("fleet-probe-key-0123456789abcdef");
    KeyRing rotating = KeyRing.ofText("next-probe-key-0123456789abcdef", "fleet-probe-key-0123456789abcdef");
    KeyRing guessed = KeyRing.ofText("guessed-probe-key-0123456789abc");
    AtomicLong nonces = new AtomicLong();
    ProbeSigner signer = new ProbeSigner(fleet, ZONE, 10_000, nonces::incrementAndGet);
    ProbeSigner forger = new ProbeSigner(guessed, ZONE, 10_000, nonces::incrementAndGet);
    ProbeVerifier verifier = new ProbeVerifier(ProbeAuthConfig.of(fleet), ZONE);
    ProbeVerifier rotation = new ProbeVerifier(ProbeAuthConfig.of(rotating), ZONE);
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec("fleet-probe-key-0123456789abcdef".getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
    byte[] input = new byte[11 + 1 + ZONE.length() + 1 + 1 + 1 + 1 + 1 + 12];
    long now = 1_790_000_000_000L;
    System.out.println("round  valid/s  forged/s  forged-2-keys/s  bare-hmac/s  sign/s   (per CPU-second of one thread)");
    for (int r = 0; r < rounds; r++) {
      now += 60_000; // a new window: the replay table drops the last round's nonces
      List<String> valid = new ArrayList<>(BATCH);
      long t0 = cpu();
      for (int i = 0; i < BATCH; i++) {
        valid.add(signer.relativeTarget("b", "a", now) + "." + ZONE);
      }
      double sign = BATCH / secondsSince(t0);
      List<String> forged = new ArrayList<>(BATCH);
      for (int i = 0; i < BATCH; i++) {
        forged.add(forger.relativeTarget("b", "a", now) + "." + ZONE);
      }
      double validRate = check(verifier, valid, now, ProbeVerdict.COUNTED);
      double forgedRate = check(verifier, forged, now, ProbeVerdict.BAD_MAC);
      double rotationRate = check(rotation, forged, now, ProbeVerdict.BAD_MAC);
      t0 = cpu();
      int sink = 0;
      for (int i = 0; i < BATCH; i++) {
        input[input.length - 1] = (byte) i;
        mac.update(input);
        sink += mac.doFinal()[0];
      }
      double bare = BATCH / secondsSince(t0);
      System.out.printf(
          "%5d %9.0f %9.0f %16.0f %12.0f %8.0f%s%n",
          r, validRate, forgedRate, rotationRate, bare, sign, r == 0 ? "  (warm-up)" : (sink == 42 ? " " : ""));
    }
  }

  static double check(ProbeVerifier v, List<String> names, long now, ProbeVerdict expected) {
    long t0 = cpu();
    for (String n : names) {
      ProbeVerdict got = v.check(ProbeTarget.parseHost(n, ZONE), now);
      if (got != expected) {
        throw new IllegalStateException(n + ": " + got + ", expected " + expected);
      }
    }
    return names.size() / secondsSince(t0);
  }

  static long cpu() {
    return CPU.getCurrentThreadCpuTime();
  }

  static double secondsSince(long cpuNanos) {
    return (cpu() - cpuNanos) / 1e9;
  }
}
