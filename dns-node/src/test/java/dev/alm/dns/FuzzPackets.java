package dev.alm.dns;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.xbill.DNS.ClientSubnetOption;
import org.xbill.DNS.CookieOption;
import org.xbill.DNS.DClass;
import org.xbill.DNS.GenericEDNSOption;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.OPTRecord;
import org.xbill.DNS.Record;
import org.xbill.DNS.Section;
import org.xbill.DNS.Type;

/**
 * Seeded hostile DNS messages: valid queries mutated (bit flips, truncation, huge section counts,
 * compression pointer loops, bad label lengths, random EDNS options) and plain random bytes.
 */
final class FuzzPackets {
  private static final String[] NAMES = {
    "www.cdn.example.",
    "nope.cdn.example.",
    "b-1.fc.cdn.example.",
    "3.7.fc.cdn.example.",
    "cdn.example.",
    "big.cdn.example.",
    "www.example.org.",
    "."
  };
  private static final int[] TYPES = {
    Type.A, Type.AAAA, Type.TXT, Type.SOA, Type.NS, Type.ANY, Type.AXFR, 65280
  };

  private final Random rng;
  private final List<byte[]> seeds = new ArrayList<>();

  FuzzPackets(long seed) {
    this.rng = new Random(seed);
    for (String n : NAMES) {
      for (int t : TYPES) {
        seeds.add(query(n, t, false));
        seeds.add(query(n, t, true));
      }
    }
  }

  private byte[] query(String name, int type, boolean edns) {
    Message q = Message.newQuery(Record.newRecord(Name.fromConstantString(name), type, DClass.IN));
    if (edns) {
      try {
        q.addRecord(
            new OPTRecord(
                1232,
                0,
                0,
                0,
                new ClientSubnetOption(24, InetAddress.getByName("203.0.113.0")),
                new CookieOption(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}),
                new GenericEDNSOption(65001, new byte[] {9, 9})),
            Section.ADDITIONAL);
      } catch (UnknownHostException e) {
        throw new IllegalStateException(e);
      }
    }
    return q.toWire();
  }

  /** The next hostile message. */
  byte[] next() {
    int kind = rng.nextInt(8);
    byte[] m = seeds.get(rng.nextInt(seeds.size())).clone();
    switch (kind) {
      case 0 -> {
        byte[] r = new byte[rng.nextInt(600)];
        rng.nextBytes(r);
        if (r.length > 2) {
          r[2] &= 0x7F; // mostly queries, so they reach the parser
        }
        return r;
      }
      case 1 -> {
        int flips = 1 + rng.nextInt(8);
        for (int i = 0; i < flips; i++) {
          m[rng.nextInt(m.length)] ^= (byte) (1 << rng.nextInt(8));
        }
        return m;
      }
      case 2 -> {
        return Arrays.copyOf(m, rng.nextInt(m.length));
      }
      case 3 -> {
        int section = 4 + 2 * rng.nextInt(4);
        m[section] = (byte) rng.nextInt(256);
        m[section + 1] = (byte) rng.nextInt(256);
        return m;
      }
      case 4 -> {
        // A compression pointer at the question name that points at itself or forward.
        m[12] = (byte) 0xC0;
        m[13] = (byte) (rng.nextBoolean() ? 12 : rng.nextInt(m.length));
        return m;
      }
      case 5 -> {
        m[12] = (byte) (64 + rng.nextInt(192)); // label length with reserved bits, or past the end
        return m;
      }
      case 6 -> {
        // Random EDNS option bytes appended as an OPT record whose rdata length may lie.
        byte[] opt = new byte[11 + rng.nextInt(40)];
        rng.nextBytes(opt);
        opt[0] = 0;
        opt[1] = 0;
        opt[2] = 41;
        byte[] out = Arrays.copyOf(m, m.length + opt.length);
        System.arraycopy(opt, 0, out, m.length, opt.length);
        out[11] = (byte) (out[11] + 1);
        return out;
      }
      default -> {
        int at = rng.nextInt(m.length);
        byte[] junk = new byte[1 + rng.nextInt(20)];
        rng.nextBytes(junk);
        byte[] out = new byte[m.length + junk.length];
        System.arraycopy(m, 0, out, 0, at);
        System.arraycopy(junk, 0, out, at, junk.length);
        System.arraycopy(m, at, out, at + junk.length, m.length - at);
        return out;
      }
    }
  }
}
