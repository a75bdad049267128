package dev.alm.app;

/**
 * A daemon and the central store it uses, closed together (the daemon first, so that no request
 * asks a closed store).
 *
 * @param daemon the running daemon
 * @param store the store, or null
 */
record WithStore<T extends AutoCloseable>(T daemon, CentralStoreOption.Store store)
    implements AutoCloseable {

  @Override
  public void close() throws Exception {
    try {
      daemon.close();
    } finally {
      if (store != null) {
        store.resource().close();
      }
    }
  }

  /** Starts a daemon that uses the store. */
  interface Starter<T> {
    T start() throws Exception;
  }

  /**
   * The daemon {@code starter} starts, with {@code store}; when it fails to start, the store (which
   * no daemon took) is closed, a failure to close ignored, and the start's failure thrown.
   */
  static <T extends AutoCloseable> WithStore<T> start(
      CentralStoreOption.Store store, Starter<T> starter) throws Exception {
    try {
      return new WithStore<>(starter.start(), store);
    } catch (Exception e) {
      if (store != null) {
        try {
          store.resource().close();
        } catch (Exception closing) {
          e.addSuppressed(closing);
        }
      }
      throw e;
    }
  }
}
