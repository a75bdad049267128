package dev.alm.dns;

import dev.alm.traces.AnswerKind;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.OPTRecord;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Record;
import org.xbill.DNS.Section;
import org.xbill.DNS.Type;

/**
 * Precomputed answers for the hot query: A or AAAA for a CDN hostname, one question, no EDNS
 * options (plain or EDNS(0) with an empty OPT). Such a query is recognised on its bytes, and its
 * response is the query's own header and question (so the question keeps the client's letter case)
 * followed by answer records built once with dnsjava, whose owner is a compression pointer to the
 * question. Anything else returns {@code null} and goes to the general path, {@link QueryAnswerer},
 * which gives the same answers (tested byte for byte on the sections).
 */
final class FastAnswers {
  private static final int HEADER = 12;

  private final DnsConfig config;
  private final CdnDraw draw;
  private final byte[][] names;
  private final Name[] canonical;

  /**
   * [name][A=0/AAAA=1][L1=0/L2=1][plain=0/EDNS=1]: the bytes after the question, or null if not
   * served.
   */
  private final byte[][][][][] tails;

  private final Outcome[][][] outcomes;

  /** [A=0/AAAA=1][L1=0/L2=1]: the number of answer records. */
  private final int[][] counts = new int[2][2];

  /**
   * Precomputes the answers.
   *
   * @param draw the L1/L2 draw, shared with the general path
   */
  FastAnswers(DnsConfig config, ServedZone zone, CdnDraw draw) {
    this.config = config;
    this.draw = draw;
    for (int t = 0; t < 2; t++) {
      counts[t][0] = count(config.l1(), t == 0);
      counts[t][1] = count(config.l2(), t == 0);
    }
    List<Name> cdn = config.names();
    names = new byte[cdn.size()][];
    canonical = new Name[cdn.size()];
    tails = new byte[cdn.size()][2][2][2][];
    outcomes = new Outcome[cdn.size()][2][2];
    for (int i = 0; i < cdn.size(); i++) {
      canonical[i] = Name.fromConstantString(cdn.get(i).toString().toLowerCase(Locale.ROOT));
      names[i] = canonical[i].toWire();
      for (int t = 0; t < 2; t++) {
        int type = t == 0 ? Type.A : Type.AAAA;
        for (int k = 0; k < 2; k++) {
          AnswerKind kind = k == 0 ? AnswerKind.L1 : AnswerKind.L2;
          outcomes[i][t][k] = new Outcome(canonical[i], type, Rcode.NOERROR, kind, null, false);
          if (!zone.serves(type)) {
            continue;
          }
          for (int e = 0; e < 2; e++) {
            tails[i][t][k][e] =
                tail(canonical[i], type, k == 0 ? config.l1() : config.l2(), e == 1);
          }
        }
      }
    }
  }

  /**
   * The answer records (and OPT) as dnsjava writes them after the question, or null if too big for
   * 512.
   */
  private byte[] tail(Name name, int type, List<InetAddress> to, boolean edns) {
    Message m = new Message(0);
    m.addRecord(Record.newRecord(name, type, DClass.IN), Section.QUESTION);
    for (Record r : ServedZone.addressRecords(name, type, to, config.cdnTtl())) {
      m.addRecord(r, Section.ANSWER);
    }
    if (edns) {
      m.addRecord(new OPTRecord(config.maxUdpPayload(), 0, 0, 0), Section.ADDITIONAL);
    }
    byte[] wire = m.toWire();
    int questionEnd = HEADER + name.length() + 4;
    if (wire.length > 512) {
      return null;
    }
    return Arrays.copyOfRange(wire, questionEnd, wire.length);
  }

  /**
   * The response to {@code q} if it is the hot query, else {@code null}.
   *
   * @param client the resolver, for the sticky mode's hash
   */
  Reply.Send answer(byte[] q, InetAddress client) {
    int n = q.length;
    if (n < HEADER + 5
        || (q[2] & 0xFA) != 0
        || (q[3] & 0x70) != 0 // QR, opcode, AA, TC; Z, AD, CD bits
        || q[4] != 0
        || q[5] != 1
        || q[6] != 0
        || q[7] != 0
        || q[8] != 0
        || q[9] != 0
        || q[10] != 0
        || (q[11] & 0xFE) != 0) {
      return null;
    }
    boolean edns = q[11] == 1;
    int p = HEADER;
    while (p < n && q[p] != 0) {
      int len = q[p] & 0xFF;
      if (len > 63) {
        return null; // compression or reserved bits: general path
      }
      p += len + 1;
    }
    int nameEnd = p + 1;
    if (nameEnd + 4 > n || q[nameEnd + 2] != 0 || q[nameEnd + 3] != DClass.IN || q[nameEnd] != 0) {
      return null;
    }
    int t = q[nameEnd + 1] == Type.A ? 0 : q[nameEnd + 1] == Type.AAAA ? 1 : -1;
    if (t < 0) {
      return null;
    }
    int questionEnd = nameEnd + 4;
    if (edns) {
      // Exactly an empty OPT: root name, type 41, payload, extended rcode 0, version 0, flags (DO
      // or not), rdlen 0.
      if (n != questionEnd + 11
          || q[questionEnd] != 0
          || q[questionEnd + 1] != 0
          || q[questionEnd + 2] != 41
          || q[questionEnd + 5] != 0
          || q[questionEnd + 6] != 0
          || q[questionEnd + 9] != 0
          || q[questionEnd + 10] != 0) {
        return null;
      }
    } else if (n != questionEnd) {
      return null;
    }
    int i = match(q, nameEnd);
    if (i < 0) {
      return null;
    }
    int k = draw.kind(null, client) == AnswerKind.L1 ? 0 : 1;
    byte[] tail = tails[i][t][k][edns ? 1 : 0];
    if (tail == null) {
      return null;
    }
    byte[] out = new byte[questionEnd + tail.length];
    System.arraycopy(q, 0, out, 0, questionEnd);
    System.arraycopy(tail, 0, out, questionEnd, tail.length);
    out[2] = (byte) (0x84 | (q[2] & 0x01)); // QR, AA, RD as asked
    out[3] = 0; // RA off, rcode NOERROR
    int answers = counts[t][k];
    out[6] = (byte) (answers >> 8);
    out[7] = (byte) answers;
    out[10] = 0;
    out[11] = (byte) (edns ? 1 : 0);
    return new Reply.Send(out, outcomes[i][t][k]);
  }

  private static int count(List<InetAddress> to, boolean v4) {
    int c = 0;
    for (InetAddress a : to) {
      if ((a instanceof Inet4Address) == v4) {
        c++;
      }
    }
    return c;
  }

  /** The index of the CDN name that the query's name equals (ASCII case-insensitively), or -1. */
  private int match(byte[] q, int nameEnd) {
    int len = nameEnd - HEADER;
    outer:
    for (int i = 0; i < names.length; i++) {
      byte[] w = names[i];
      if (w.length != len) {
        continue;
      }
      for (int j = 0; j < len; j++) {
        byte a = q[HEADER + j];
        if (a >= 'A' && a <= 'Z') {
          a += 32;
        }
        if (a != w[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }
}
