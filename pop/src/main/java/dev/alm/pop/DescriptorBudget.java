package dev.alm.pop;

import dev.alm.node.AdminLimits;
import dev.alm.node.FileDescriptors;
import dev.alm.proxy.HttpLimits;

/**
 * The connection caps of a PoP's listeners, which share one process's file descriptors: the
 * proxy's, the DNS TCP listener's and the admin listener's caps together stay {@link
 * FileDescriptors#RESERVE} below the descriptor limit (room for the state file, logs, origins and
 * the DRL agent), each lowered in proportion when the configured caps do not fit ({@link
 * FileDescriptors#shareBelowLimit}). Pure: the limit is an argument.
 *
 * @param config the PoP's configuration with the proxy's and the DNS's caps lowered
 * @param admin the admin listener's limits with its cap lowered
 */
record DescriptorBudget(PopConfig config, AdminLimits admin) {

  /**
   * @param fdLimit the process's soft limit on open files, -1 when unknown or unlimited
   */
  static DescriptorBudget of(PopConfig c, AdminLimits admin, long fdLimit) {
    HttpLimits proxy = c.proxy().limits();
    int[] caps =
        c.admin() == null
            ? FileDescriptors.shareBelowLimit(
                fdLimit, proxy.maxConnections(), c.dns().maxTcpConnections())
            : FileDescriptors.shareBelowLimit(
                fdLimit,
                proxy.maxConnections(),
                c.dns().maxTcpConnections(),
                admin.maxConnections());
    AdminLimits a = caps.length > 2 ? admin.capped(caps[2]) : admin;
    if (caps[0] == proxy.maxConnections() && caps[1] == c.dns().maxTcpConnections()) {
      return new DescriptorBudget(c, a);
    }
    PopConfig lowered =
        c.withProxy(
                c.proxy().toBuilder()
                    .limits(
                        proxy.withConnections(
                            caps[0], Math.min(caps[0], proxy.maxConnectionsPerClient())))
                    .build())
            .withDns(c.dns().toBuilder().maxTcpConnections(caps[1]).build());
    return new DescriptorBudget(lowered, a);
  }
}
