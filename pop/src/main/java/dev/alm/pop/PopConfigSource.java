package dev.alm.pop;

import dev.alm.io.InputException;
import java.nio.file.Path;

/**
 * Where a PoP's configuration is read, at start and again on every reload (docs/pop/reload.md,
 * "Reload"): pop.json, the files it names and whatever the command's flags add ({@code
 * --customers}, {@code --probe-key}, {@code --admin-token}), read the same way each time.
 */
public interface PopConfigSource {

  /** Reads and checks the configuration. */
  PopConfig read() throws InputException;

  /** pop.json as reasons name it. */
  String name();

  /** Where the customers come from, as reasons name it (the customers file or the proxy file). */
  String customersName();

  /** pop.json alone, read by {@link PopConfigJson#read(Path)}. */
  static PopConfigSource of(Path popJson) {
    return new PopConfigSource() {
      @Override
      public PopConfig read() throws InputException {
        return PopConfigJson.read(popJson);
      }

      @Override
      public String name() {
        return popJson.toString();
      }

      @Override
      public String customersName() {
        return popJson + " (the proxy file's customers)";
      }
    };
  }
}
