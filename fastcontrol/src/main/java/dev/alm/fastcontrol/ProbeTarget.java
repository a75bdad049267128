package dev.alm.fastcontrol;

import java.util.Locale;

/**
 * What a request for a FastControl name (paper 004 section III-F) claims to be, parsed but not yet
 * verified (docs/fastcontrol.md): a signed probe {@code <token>.<category>.<origin>.fc.<zone>}, an
 * unsigned one {@code <category>.<origin>.fc.<zone>}, or a malformed name under {@code fc.<zone>}.
 * The same three forms exist as paths: {@code /_alm/fc/<category>/<origin>[/<token>]}.
 */
public sealed interface ProbeTarget {

  /** Path prefix of the path form of a probe. */
  String PATH_PREFIX = "/_alm/fc/";

  /** The probe's category and origin, or null when malformed. */
  ProbeName name();

  /** A probe with a credential ({@link ProbeToken}); counted only once verified. */
  record Signed(ProbeName name, ProbeToken token) implements ProbeTarget {}

  /** A probe without a credential: counted only where probe authentication is off. */
  record Unsigned(ProbeName name) implements ProbeTarget {}

  /** A name under {@code fc.<zone>} that is no probe of either form. */
  record Malformed() implements ProbeTarget {
    @Override
    public ProbeName name() {
      return null;
    }
  }

  /**
   * Parses a host name under {@code zone}, case-insensitively, with or without trailing dot.
   *
   * @return null when the host is not under {@code fc.<zone>} (an ordinary name)
   */
  static ProbeTarget parseHost(String host, String zone) {
    String h = stripDot(host).toLowerCase(Locale.ROOT);
    String suffix = "." + ProbeName.FC_LABEL + "." + stripDot(zone).toLowerCase(Locale.ROOT);
    if (!h.endsWith(suffix)) {
      return null;
    }
    return parseLabels(h.substring(0, h.length() - suffix.length()).split("\\.", -1));
  }

  /**
   * Parses a request path of the form {@code /_alm/fc/<category>/<origin>[/<token>]} (a query
   * string is ignored).
   *
   * @return null when the path does not start with {@link #PATH_PREFIX}
   */
  static ProbeTarget parsePath(String path) {
    if (!path.startsWith(PATH_PREFIX)) {
      return null;
    }
    String rest = path.substring(PATH_PREFIX.length());
    int q = rest.indexOf('?');
    if (q >= 0) {
      rest = rest.substring(0, q);
    }
    String[] parts = rest.toLowerCase(Locale.ROOT).split("/", -1);
    if (parts.length == 3) {
      return parseLabels(new String[] {parts[2], parts[0], parts[1]});
    }
    return parseLabels(parts);
  }

  /** Labels {@code [category, origin]} or {@code [token, category, origin]}. */
  private static ProbeTarget parseLabels(String[] labels) {
    if (labels.length == 2) {
      return ProbeName.isValidId(labels[0]) && ProbeName.isValidId(labels[1])
          ? new Unsigned(new ProbeName(labels[0], labels[1]))
          : new Malformed();
    }
    if (labels.length == 3 && ProbeName.isValidId(labels[1]) && ProbeName.isValidId(labels[2])) {
      ProbeToken t = ProbeToken.parse(labels[0]);
      return t == null ? new Malformed() : new Signed(new ProbeName(labels[1], labels[2]), t);
    }
    return new Malformed();
  }

  private static String stripDot(String s) {
    return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
  }
}
