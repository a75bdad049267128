package dev.alm.pop.fleet;

import dev.alm.io.InputException;
import dev.alm.io.JsonFields;
import dev.alm.pop.PopConfig;
import dev.alm.pop.PopConfigJson;
import java.nio.file.Path;

/**
 * One PoP of a laid-out fleet as {@link FleetCheck} sees it: its config as {@code alm pop} reads it
 * ({@link PopConfigJson#read}), and the files that config names, so that a problem can name the
 * file and field it comes from.
 *
 * @param name the PoP's name in fleet.json
 * @param popFile its pop.json
 * @param dnsFile the DNS file pop.json names
 * @param proxyFile the proxy file pop.json names
 * @param probeKey the probe key file, or null
 * @param adminToken the admin token file, or null
 * @param gossipKey the gossip key file ({@code drl.keyFile}), or null
 * @param config the config {@code alm pop} would run with
 */
record FleetPop(
    String name,
    Path popFile,
    Path dnsFile,
    Path proxyFile,
    Path probeKey,
    Path adminToken,
    Path gossipKey,
    PopConfig config) {

  /**
   * Reads a PoP's pop.json and the files it names.
   *
   * @throws InputException as {@code alm pop} would refuse to start
   */
  static FleetPop read(String name, Path popFile) throws InputException {
    JsonFields f = JsonFields.read(popFile);
    Path base = popFile.getParent() == null ? Path.of("") : popFile.getParent();
    PopConfig config = PopConfigJson.read(popFile);
    JsonFields drl = f.has("drl") ? f.object("drl") : null;
    return new FleetPop(
        name,
        popFile,
        base.resolve(f.text("dns")),
        base.resolve(f.text("proxy")),
        f.has("probeKeyFile") ? base.resolve(f.text("probeKeyFile")) : null,
        f.has("adminTokenFile") ? base.resolve(f.text("adminTokenFile")) : null,
        drl != null && drl.has("keyFile") ? base.resolve(drl.text("keyFile")) : null,
        config);
  }

  /** {@code FILE:FIELD: reason}, the line of one problem. */
  static String problem(Path file, String field, String reason) {
    return file + ":" + field + ": " + reason;
  }
}
