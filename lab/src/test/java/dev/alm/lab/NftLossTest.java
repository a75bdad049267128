package dev.alm.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Link loss through nftables where the kernel has no netem: the commands, and (as root, with nft)
 * their effect on a veth between two namespaces of the test's own, removed also when it fails.
 */
class NftLossTest {

  @Test
  void theRuleDropsInProportionAndAZeroLossOnlyEmptiesTheChain() {
    assertEquals(10_000, NftLoss.threshold(1));
    assertEquals(NftLoss.RANGE, NftLoss.threshold(150));
    assertEquals(0, NftLoss.threshold(-3));
    assertEquals("loss_alm_t1", NftLoss.chain("alm-t1"));
    List<List<String>> some = NftLoss.commands("alm-t1", 2.5);
    assertEquals(4, some.size());
    assertEquals(
        List.of(
            "add",
            "rule",
            "inet",
            "alm_lab",
            "loss_alm_t1",
            "oifname",
            "alm-t1",
            "numgen",
            "random",
            "mod",
            "1000000",
            "<",
            "25000",
            "drop"),
        some.get(3));
    List<List<String>> none = NftLoss.commands("alm-t1", 0);
    assertEquals(3, none.size());
    assertEquals(
        List.of("add", "rule", "inet", "alm_lab", "loss_alm_t1", "oifname", "alm-t1", "drop"),
        NftLoss.commands("alm-t1", 100).get(3));
    assertEquals(List.of("flush", "chain", "inet", "alm_lab", "loss_alm_t1"), none.get(2));
  }

  /**
   * Whether a TCP connection attempt from {@code ns} to port 9 of {@code to} got an answer (a
   * reset: nothing listens) within 2 s, rather than timing out.
   */
  private static boolean answered(String ns, String to) {
    Shell.Result r =
        Shell.run(
            Shell.inNamespace(
                ns, List.of("timeout", "2", "bash", "-c", "exec 3<>/dev/tcp/" + to + "/9")),
            10_000);
    return r.exit() != 124;
  }

  @Test
  void aFullLossCutsTheLinkAndNoLossRestoresIt() {
    assumeTrue(LabCheck.missing().isEmpty(), "the lab needs " + LabCheck.missing());
    assumeTrue(Shell.run(List.of("nft", "--version"), 5_000).ok(), "nftables (nft) is missing");
    String a = "nftt" + ProcessHandle.current().pid() % 100000 + "a";
    String b = a.substring(0, a.length() - 1) + "b";
    try {
      Shell.check(List.of("ip", "netns", "add", a));
      Shell.check(List.of("ip", "netns", "add", b));
      Shell.check(
          List.of(
              "ip", "link", "add", "va", "netns", a, "type", "veth", "peer", "name", "vb", "netns",
              b));
      Shell.check(List.of("ip", "-n", a, "addr", "add", "198.18.255.1/30", "dev", "va"));
      Shell.check(List.of("ip", "-n", b, "addr", "add", "198.18.255.2/30", "dev", "vb"));
      Shell.check(List.of("ip", "-n", a, "link", "set", "va", "up"));
      Shell.check(List.of("ip", "-n", b, "link", "set", "vb", "up"));
      assertTrue(answered(a, "198.18.255.2"), "the link works before");
      assertNull(NftLoss.apply(a, "va", 100));
      Shell.Result rules =
          Shell.run(Shell.inNamespace(a, List.of("nft", "list", "ruleset")), 5_000);
      assertTrue(rules.output().contains("oifname \"va\" drop"), rules.output());
      assertTrue(!answered(a, "198.18.255.2"), "a full loss drops the connection attempt");
      assertNull(NftLoss.apply(a, "va", 0));
      Shell.Result after =
          Shell.run(Shell.inNamespace(a, List.of("nft", "list", "ruleset")), 5_000);
      assertTrue(!after.output().contains("drop"), after.output());
      assertTrue(answered(a, "198.18.255.2"), "no loss: the link works again");
    } finally {
      Shell.run(List.of("ip", "netns", "del", a), 5_000);
      Shell.run(List.of("ip", "netns", "del", b), 5_000);
    }
  }
}
