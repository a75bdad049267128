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

  /** Closes a store that no daemon took, ignoring a failure to close. */
  static void closeQuietly(CentralStoreOption.Store store) {
    if (store == null) {
      return;
    }
    try {
      store.resource().close();
    } catch (Exception e) {
      // nothing holds it
    }
  }
}
