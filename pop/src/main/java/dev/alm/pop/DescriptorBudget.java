package dev.alm.pop;

import dev.alm.drl.agent.SwimListenerLimits;
import dev.alm.node.AdminLimits;
import dev.alm.node.ConnectionCapped;
import dev.alm.node.FileDescriptors;
import java.util.ArrayList;
import java.util.List;

/**
 * The connection caps of a PoP's listeners, which share one process's file descriptors: the
 * proxy's, the DNS TCP listener's, the admin listener's and the SWIM listener's caps together stay
 * {@link FileDescriptors#RESERVE} below the descriptor limit (room for the state file, logs,
 * origins and the DRL agent), each lowered in proportion when the configured caps do not fit
 * ({@link FileDescriptors#shareBelowLimit}). Pure: the limit is an argument.
 *
 * @param config the PoP's configuration with the proxy's and the DNS's caps lowered
 * @param admin the admin listener's limits with its cap lowered
 * @param swim the SWIM listener's limits with its cap lowered (its defaults without a drl section)
 */
record DescriptorBudget(PopConfig config, AdminLimits admin, SwimListenerLimits swim) {

  /**
   * @param fdLimit the process's soft limit on open files, -1 when unknown or unlimited
   */
  static DescriptorBudget of(PopConfig c, AdminLimits admin, long fdLimit) {
    return of(c, admin, SwimListenerLimits.DEFAULTS, fdLimit);
  }

  /**
   * @param fdLimit the process's soft limit on open files, -1 when unknown or unlimited
   */
  static DescriptorBudget of(
      PopConfig c, AdminLimits admin, SwimListenerLimits swim, long fdLimit) {
    List<ConnectionCapped<?>> listeners = new ArrayList<>(List.of(c.proxy(), c.dns()));
    int adminAt = -1;
    int swimAt = -1;
    if (c.admin() != null) {
      adminAt = listeners.size();
      listeners.add(admin);
    }
    if (c.drl() != null) {
      swimAt = listeners.size();
      listeners.add(swim);
    }
    int[] caps =
        FileDescriptors.shareBelowLimit(
            fdLimit, listeners.stream().mapToInt(ConnectionCapped::maxConnections).toArray());
    AdminLimits a = adminAt >= 0 ? admin.capped(caps[adminAt]) : admin;
    SwimListenerLimits w = swimAt >= 0 ? swim.capped(caps[swimAt]) : swim;
    if (caps[0] == listeners.get(0).maxConnections()
        && caps[1] == listeners.get(1).maxConnections()) {
      return new DescriptorBudget(c, a, w);
    }
    return new DescriptorBudget(
        c.withProxy(c.proxy().capped(caps[0])).withDns(c.dns().capped(caps[1])), a, w);
  }
}
