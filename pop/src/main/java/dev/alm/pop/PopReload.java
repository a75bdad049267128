package dev.alm.pop;

import dev.alm.drl.agent.DrlNode;
import dev.alm.io.Clocks;
import dev.alm.io.InputException;
import dev.alm.io.KeyRing;
import dev.alm.node.AdminLimits;
import dev.alm.node.FileDescriptors;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Reloading a running PoP's configuration without a restart (docs/pop/reload.md, "Reload"): {@code
 * POST /reload} and, in {@code alm pop}, SIGHUP. The files are read again as at start ({@link
 * PopConfigSource}); the whole configuration is checked before anything is applied, so a reload is
 * applied whole or not at all.
 *
 * <ul>
 *   <li>Live: the customers (checked and applied as a {@code POST /customers} body), the loop's
 *       tunables, the plan's floor, the DNS TTLs and the proxy's admission ceiling and burst
 *       ({@link LiveFields}, applied together between two control intervals), the probe key file
 *       (the DNS signer, the echo signer and verifier and the proxy's probe verifier hold the ring,
 *       rotated in place: {@link KeyRing#rotate}), the gossip key file (the agent's datagrams and
 *       its SWIM frames), the admin token file.
 *   <li>Refused ({@link Outcome#REFUSED}): any other field that differs from the running one, named
 *       with both values; adding or removing a probe key, an admin token or the drl section.
 *   <li>Failed ({@link Outcome#FAILED}): a file that cannot be read or a field that is invalid.
 * </ul>
 *
 * A refused or failed reload keeps the running configuration, says why in one line and is counted
 * ({@code alm_pop_reloads_total{outcome}}).
 */
public final class PopReload {

  /** What a reload did. */
  public enum Outcome {
    /** Read, checked and applied. */
    APPLIED,
    /** A field that needs a restart changed: nothing applied. */
    REFUSED,
    /** A file unreadable or a field invalid: nothing applied. */
    FAILED;

    /** The metric tag and status word. */
    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /**
   * A reload's outcome and its one-line reason ("" when applied).
   *
   * @param outcome what the reload did
   * @param reason why it was refused or failed, one line naming the file and field
   */
  public record Result(Outcome outcome, String reason) {}

  private final String id;
  private final PopCustomers customers;
  private final Live live;
  private final Clocks clocks;
  private final Consumer<String> log;
  private final Map<Outcome, Counter> counted = new EnumMap<>(Outcome.class);
  private volatile PopConfigSource source;

  /** The configuration running now: the start's, then each applied reload's; guarded by this. */
  private PopConfig running;

  private int version = 1;
  private long loadedAtMillis;
  private Result last;

  PopReload(
      PopConfig running,
      PopCustomers customers,
      Live live,
      MeterRegistry registry,
      Clocks clocks,
      Consumer<String> log) {
    this.id = running.id();
    this.running = running;
    this.customers = customers;
    this.live = live;
    this.clocks = clocks;
    this.log = log;
    this.loadedAtMillis = clocks.millis();
    for (Outcome o : Outcome.values()) {
      counted.put(
          o,
          Counter.builder("alm.pop.reloads")
              .description("configuration reloads (POST /reload, SIGHUP) by outcome")
              .tag("pop", id)
              .tag("outcome", o.label())
              .register(registry));
    }
  }

  /** Where a reload's live settings go: the running PoP's loop, DNS and proxy. */
  interface Live {
    /**
     * Prepares running with {@code after}'s live settings ({@link LiveFields}): whatever can fail
     * (a new loop, new DNS answers) is built here and changes nothing; the result applies them all
     * and cannot fail.
     */
    Runnable prepare(PopConfig after);
  }

  /** Where reloads read the configuration; without one, a reload fails saying so. */
  void source(PopConfigSource s) {
    this.source = s;
  }

  /**
   * Reads the configuration again and applies what can change live, or nothing. Logs and counts the
   * outcome.
   */
  public synchronized Result reload() {
    Result r;
    try {
      r = apply();
    } catch (InputException e) {
      r = new Result(Outcome.FAILED, oneLine(e.getMessage()));
    } catch (IllegalArgumentException e) {
      r = new Result(Outcome.FAILED, oneLine(e.getMessage()));
    } catch (RuntimeException e) {
      r = new Result(Outcome.FAILED, oneLine("reload: " + e));
    }
    last = r;
    counted.get(r.outcome()).increment();
    log.accept(
        "pop "
            + id
            + ": reload "
            + r.outcome().label()
            + (r.outcome() == Outcome.APPLIED
                ? " (configuration version " + version + ")"
                : ": " + r.reason()));
    return r;
  }

  private Result apply() throws InputException {
    PopConfigSource s = source;
    if (s == null) {
      return new Result(
          Outcome.FAILED, "reload: this PoP was not started from a configuration file");
    }
    PopConfig read = s.read();
    PopConfig next =
        DescriptorBudget.of(
                PopWiring.resolved(read, line -> {}),
                AdminLimits.defaults(),
                FileDescriptors.softLimit())
            .config();
    Optional<String> presence = presenceChange(running, next);
    if (presence.isPresent()) {
      return refused(s, presence.get());
    }
    Optional<String> change = ConfigChange.first("", running, LiveFields.withLiveOf(running, next));
    if (change.isPresent()) {
      return refused(s, change.get().replaceFirst("^loop\\.", ""));
    }
    // everything is checked before anything is applied
    customers.check(next.proxy().customers().customers(), s.customersName());
    KeyRing gossip =
        next.drl() == null ? null : KeyRing.load(next.drl().keyFile(), s.name() + ":drl.keyFile");
    PopConfig after = LiveFields.withSettingsOf(next, running);
    Runnable settings = live.prepare(after);
    customers.replace(next.proxy().customers().customers(), s.customersName());
    KeyRing probes = running.proxy().probeAuth().keys();
    if (probes != null) {
      probes.rotate(next.proxy().probeAuth().keys());
    }
    DrlNode drl = customers.drl();
    if (drl != null && gossip != null) {
      drl.rotateKeys(gossip);
    }
    if (running.adminAccess().tokenRequired()) {
      running.adminAccess().rotateToken(next.adminAccess());
    }
    settings.run();
    running = after;
    version++;
    loadedAtMillis = clocks.millis();
    return new Result(Outcome.APPLIED, "");
  }

  private static Result refused(PopConfigSource s, String change) {
    int paren = change.indexOf(" (");
    String field = paren < 0 ? change : change.substring(0, paren);
    String values = paren < 0 ? "" : change.substring(paren);
    return new Result(
        Outcome.REFUSED,
        oneLine(s.name() + ":" + field + ": cannot change without a restart" + values));
  }

  /**
   * Adding or removing a probe key, an admin token or the drl section: each changes what the PoP
   * listens to or trusts, so a restart.
   */
  private static Optional<String> presenceChange(PopConfig before, PopConfig after) {
    if ((before.proxy().probeAuth().keys() == null) != (after.proxy().probeAuth().keys() == null)) {
      return Optional.of("probeKeyFile (" + keyed(before) + " -> " + keyed(after) + ")");
    }
    if (before.adminAccess().tokenRequired() != after.adminAccess().tokenRequired()) {
      return Optional.of(
          "adminTokenFile ("
              + before.adminAccess().tokenRequired()
              + " -> "
              + after.adminAccess().tokenRequired()
              + ")");
    }
    if ((before.drl() == null) != (after.drl() == null)) {
      return Optional.of("drl (" + (before.drl() != null) + " -> " + (after.drl() != null) + ")");
    }
    return Optional.empty();
  }

  private static String keyed(PopConfig c) {
    return c.proxy().probeAuth().keys() == null ? "no key" : "a key";
  }

  private static String oneLine(String s) {
    return String.valueOf(s).replace('\n', ' ');
  }

  /**
   * The {@code config} part of {@code /status}: {@code version} (1 at start, one more per applied
   * reload), {@code loadedAtMillis} and {@code lastReload} ({@code outcome}, {@code reason}; null
   * before the first reload).
   */
  public synchronized Map<String, Object> status() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("version", version);
    m.put("loadedAtMillis", loadedAtMillis);
    if (last == null) {
      m.put("lastReload", null);
    } else {
      Map<String, Object> l = new LinkedHashMap<>();
      l.put("outcome", last.outcome().label());
      l.put("reason", last.reason());
      m.put("lastReload", l);
    }
    return m;
  }
}
