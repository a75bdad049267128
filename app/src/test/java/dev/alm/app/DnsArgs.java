package dev.alm.app;

import java.util.ArrayList;
import java.util.List;

/** The command line of {@code alm dns} with the least it needs: zone, L1 and L2 addresses. */
final class DnsArgs {
  private DnsArgs() {}

  /** {@code dns --zone cdn.example --l1 192.0.2.1 --l2 198.51.100.1 MORE...}. */
  static String[] with(String... more) {
    List<String> args =
        new ArrayList<>(
            List.of("dns", "--zone", "cdn.example", "--l1", "192.0.2.1", "--l2", "198.51.100.1"));
    args.addAll(List.of(more));
    return args.toArray(String[]::new);
  }
}
