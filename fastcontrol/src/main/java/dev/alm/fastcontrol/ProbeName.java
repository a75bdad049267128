package dev.alm.fastcontrol;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * FastControl names under a zone (docs/fastcontrol.md). Every name ending in {@code .fc.<zone>} is
 * a FastControl name. A probe target is exactly {@code <category>.<origin>.fc.<zone>}: a request
 * for it carries the probe's category (a PoP id) and the PoP whose DNS issued it. Any other
 * FastControl name is a beacon, answered by the PoP's {@link ProbeAnswerer}.
 *
 * @param category the probe's category, a PoP id
 * @param origin the PoP whose DNS handed out the probe
 */
public record ProbeName(String category, String origin) {
  /** The label that marks FastControl names. */
  public static final String FC_LABEL = "fc";

  private static final Pattern ID = Pattern.compile("[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?");

  public ProbeName {
    if (!isValidId(category) || !isValidId(origin)) {
      throw new IllegalArgumentException(
          "probe category and origin must be DNS labels of [a-z0-9-], got '"
              + category
              + "', '"
              + origin
              + "'");
    }
  }

  /** Whether a PoP id can appear in a probe name (a lower-case DNS label). */
  public static boolean isValidId(String id) {
    return id != null && ID.matcher(id).matches();
  }

  /** The host name of this probe under {@code zone} (no trailing dot; the zone may have one). */
  public String host(String zone) {
    return category + "." + origin + "." + FC_LABEL + "." + stripDot(zone);
  }

  /**
   * Parses a host name as a probe target under {@code zone}, case-insensitively, with or without
   * trailing dot.
   *
   * @return the probe, or {@code null} if the host is not exactly {@code
   *     <category>.<origin>.fc.<zone>}
   */
  public static ProbeName parse(String host, String zone) {
    String h = stripDot(host).toLowerCase(Locale.ROOT);
    String suffix = "." + FC_LABEL + "." + stripDot(zone).toLowerCase(Locale.ROOT);
    if (!h.endsWith(suffix)) {
      return null;
    }
    String head = h.substring(0, h.length() - suffix.length());
    int dot = head.indexOf('.');
    if (dot <= 0 || head.indexOf('.', dot + 1) >= 0) {
      return null;
    }
    String category = head.substring(0, dot);
    String origin = head.substring(dot + 1);
    return isValidId(category) && isValidId(origin) ? new ProbeName(category, origin) : null;
  }

  private static String stripDot(String s) {
    return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
  }
}
