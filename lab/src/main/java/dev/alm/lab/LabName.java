package dev.alm.lab;

import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * The name of one lab on this machine ({@code alm lab --name}), so that several labs can run side
 * by side: lab N's namespaces are {@code N-<id>}, the interfaces inside them {@code N-<peer>}, and
 * its BIRD files live in {@code RUN/N/}. A name is a lower-case letter then up to {@value
 * #MAX_LENGTH} - 1 lower-case letters or digits: with a node id of at most 8 characters ({@link
 * LabTopology}) every interface name then stays within Linux's 15 characters (IFNAMSIZ - 1), and
 * since a name holds no {@code -}, no lab's prefix is another's.
 *
 * @param value the name; {@link #DEFAULT} keeps the namespaces {@code alm-<id>}
 */
public record LabName(String value) {
  /** The name of a lab started without {@code --name}. */
  public static final String DEFAULT = "alm";

  /** The longest name. */
  public static final int MAX_LENGTH = 6;

  private static final Pattern VALID = Pattern.compile("[a-z][a-z0-9]{0," + (MAX_LENGTH - 1) + "}");

  /**
   * @throws IllegalArgumentException when {@code value} is not a valid name, in one line
   */
  public LabName {
    if (value == null || !VALID.matcher(value).matches()) {
      throw new IllegalArgumentException(
          "--name: a lower-case letter then up to "
              + (MAX_LENGTH - 1)
              + " lower-case letters or digits, got '"
              + value
              + "'");
    }
  }

  /** The default lab, {@value #DEFAULT}. */
  public static LabName defaultName() {
    return new LabName(DEFAULT);
  }

  /** Whether {@code value} is a valid name. */
  public static boolean valid(String value) {
    return value != null && VALID.matcher(value).matches();
  }

  /** What every namespace and interface name of this lab starts with. */
  public String prefix() {
    return value + "-";
  }

  /** The namespace of a node, or the interface facing it. */
  public String of(String id) {
    return prefix() + id;
  }

  /** Whether a namespace belongs to this lab. */
  public boolean owns(String namespace) {
    return namespace.startsWith(prefix());
  }

  /** This lab's directory of BIRD configs, sockets, pid files and logs under {@code base}. */
  public Path runDir(Path base) {
    return base.resolve(value);
  }

  @Override
  public String toString() {
    return value;
  }
}
