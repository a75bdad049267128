package dev.alm.traces;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Beacon names: made, keyed, and recognized under a zone. */
class BeaconNameTest {

  @Test
  void aBeaconHostIsRecognizedUnderItsZoneOnly() {
    String host = BeaconName.host(0xa1, "cdn.example.");
    assertEquals("b-00000000000000a1.beacon.cdn.example", host);
    assertEquals("b-00000000000000a1", BeaconName.key(host));
    assertTrue(BeaconName.under(host, "cdn.example"));
    assertTrue(BeaconName.under(host.toUpperCase(java.util.Locale.ROOT), "cdn.example."));
    assertFalse(BeaconName.under(host, "other.example"));
    assertFalse(BeaconName.under("b-0a1.beacon.cdn.example", "cdn.example"));
    assertFalse(BeaconName.under("x.b-00000000000000a1.beacon.cdn.example", "cdn.example"));
    assertFalse(BeaconName.under("www.cdn.example", "cdn.example"));
    assertFalse(BeaconName.under("cdn.example", "cdn.example"));
    assertNull(BeaconName.key("b-00000000000000g1.beacon.cdn.example"));
  }
}
