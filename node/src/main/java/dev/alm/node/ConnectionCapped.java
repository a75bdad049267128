package dev.alm.node;

/**
 * A listener's settings that cap its open connections: the caps of a process's listeners share its
 * file descriptors, and whoever sizes them together lowers each through {@link #capped}.
 *
 * @param <T> the settings' own type
 */
public interface ConnectionCapped<T extends ConnectionCapped<T>> {

  /** Connections open at once. */
  int maxConnections();

  /** These settings with at most {@code cap} connections in all and per client; at least one. */
  T capped(int cap);
}
