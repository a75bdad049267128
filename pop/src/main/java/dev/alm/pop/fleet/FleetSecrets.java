package dev.alm.pop.fleet;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A fleet's secrets, each 32 random bytes written as base64 on one line (the {@code
 * dev.alm.io.KeyRing} format): the probe key and the gossip key every PoP shares
 * (docs/operations/probes.md, "Authenticated probes"; docs/operations/rate-limits.md, "Gossip
 * keys"), and one admin token per PoP.
 *
 * @param probeKey the fleet's probe key
 * @param gossipKey the fleet's gossip key (DRL datagrams and SWIM frames)
 * @param adminTokens each PoP's admin bearer token, by PoP name
 */
public record FleetSecrets(String probeKey, String gossipKey, Map<String, String> adminTokens) {

  public FleetSecrets {
    adminTokens = Map.copyOf(adminTokens);
  }

  /** Fresh secrets from {@code random} for the PoPs {@code pops}. */
  public static FleetSecrets generate(SecureRandom random, List<String> pops) {
    Map<String, String> tokens = new LinkedHashMap<>();
    for (String p : pops) {
      tokens.put(p, key(random));
    }
    return new FleetSecrets(key(random), key(random), tokens);
  }

  private static String key(SecureRandom random) {
    byte[] b = new byte[32];
    random.nextBytes(b);
    return Base64.getEncoder().encodeToString(b);
  }
}
