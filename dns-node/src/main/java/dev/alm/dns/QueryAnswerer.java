package dev.alm.dns;

import dev.alm.fastcontrol.EchoVerifier;
import dev.alm.fastcontrol.ProbeAnswerer;
import dev.alm.fastcontrol.ProbeName;
import dev.alm.fastcontrol.ProbeSigner;
import dev.alm.traces.AnswerKind;
import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;
import org.xbill.DNS.CNAMERecord;
import org.xbill.DNS.ClientSubnetOption;
import org.xbill.DNS.DClass;
import org.xbill.DNS.EDNSOption;
import org.xbill.DNS.Flags;
import org.xbill.DNS.Header;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.OPTRecord;
import org.xbill.DNS.Opcode;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Record;
import org.xbill.DNS.SOARecord;
import org.xbill.DNS.Section;
import org.xbill.DNS.Type;

/**
 * The answering function of a PoP's DNS server, shared by UDP and TCP: wire query in, wire response
 * (or a drop) out. It implements RFC 1035 answering for one authoritative zone with RFC 2308
 * negative answers, EDNS(0) (RFC 6891: payload size, TC, BADVERS), client subnet (RFC 7871) and the
 * CDN answer of paper 004: L1 with probability x, else L2. Thread-safe; it never blocks.
 */
public final class QueryAnswerer {
  private static final int MAX_TCP = 65535;
  private static final int PLAIN_UDP = 512;

  private final DnsConfig config;
  private final ServedZone zone;
  private final CdnDraw draw;
  private final ProbeAnswerer probes;
  private final ProbeSigner signer;
  private final EchoVerifier echoes;
  private final LongSupplier millisClock;
  private final SOARecord negativeSoa;
  private final FastAnswers fast;

  public QueryAnswerer(
      DnsConfig config, ServedZone zone, RedirectionProbability x, ProbeAnswerer probes) {
    this(config, zone, new CdnDraw(config, x), probes);
  }

  /** An answerer whose fast and general paths share {@code draw}. */
  QueryAnswerer(DnsConfig config, ServedZone zone, CdnDraw draw, ProbeAnswerer probes) {
    this(config, zone, draw, probes, null, null, System::currentTimeMillis);
  }

  /**
   * An answerer that signs the probe targets it hands out.
   *
   * @param signer signs probe targets (docs/fastcontrol.md); null: unsigned targets
   * @param echoes takes price echoes (docs/fastcontrol.md, "Price echo"); null: none counted
   * @param millisClock the wall clock of the targets' expiry, ms since the epoch
   */
  QueryAnswerer(
      DnsConfig config,
      ServedZone zone,
      CdnDraw draw,
      ProbeAnswerer probes,
      ProbeSigner signer,
      EchoVerifier echoes,
      LongSupplier millisClock) {
    this.config = config;
    this.zone = zone;
    this.draw = draw;
    this.probes = probes;
    this.signer = signer;
    this.echoes = echoes;
    this.millisClock = millisClock;
    this.fast = new FastAnswers(config, zone, draw);
    SOARecord s = zone.soa();
    this.negativeSoa =
        new SOARecord(
            s.getName(),
            DClass.IN,
            Math.min(s.getTTL(), s.getMinimum()),
            s.getHost(),
            s.getAdmin(),
            s.getSerial(),
            s.getRefresh(),
            s.getRetry(),
            s.getExpire(),
            s.getMinimum());
  }

  /**
   * Answers one received message.
   *
   * @param wire the message as received (for TCP, without the length prefix)
   * @param client the sender's address (the resolver)
   * @param tcp whether it came over TCP (no size limit but 64 KiB)
   * @param nowNanos a monotonic clock reading, passed to the probe answerer
   */
  public Reply answer(byte[] wire, InetAddress client, boolean tcp, long nowNanos) {
    Reply.Send hot = fast.answer(wire, client);
    if (hot != null) {
      return hot;
    }
    return general(wire, client, tcp, nowNanos);
  }

  /** The general path: dnsjava parses the query and builds the response. */
  Reply general(byte[] wire, InetAddress client, boolean tcp, long nowNanos) {
    if (wire.length < Header.LENGTH) {
      return new Reply.Drop("shorter than a DNS header");
    }
    int id = ((wire[0] & 0xFF) << 8) | (wire[1] & 0xFF);
    int flags = ((wire[2] & 0xFF) << 8) | (wire[3] & 0xFF);
    if ((flags & 0x8000) != 0) {
      return new Reply.Drop("a response, not a query");
    }
    int opcode = (flags >> 11) & 0xF;
    Message query;
    try {
      query = new Message(wire);
    } catch (IOException | RuntimeException e) {
      return headerOnly(id, opcode, flags, Rcode.FORMERR);
    }
    if (opcode != Opcode.QUERY) {
      return headerOnly(id, opcode, flags, Rcode.NOTIMP);
    }
    Header h = query.getHeader();
    // Section sizes as parsed, not the header's counts: dnsjava keeps what it could read of a
    // message with TC set.
    if (h.getFlag(Flags.TC)
        || query.getSection(Section.QUESTION).size() != 1
        || !query.getSection(Section.ANSWER).isEmpty()
        || !query.getSection(Section.AUTHORITY).isEmpty()
        || countOpt(query) > 1) {
      return headerOnly(id, opcode, flags, Rcode.FORMERR);
    }
    Record question = query.getQuestion();
    OPTRecord opt = query.getOPT();
    if (opt != null && !opt.getName().equals(Name.root)) {
      return headerOnly(id, opcode, flags, Rcode.FORMERR);
    }
    ClientSubnetOption ecs = opt == null ? null : firstEcs(opt);
    Message response = new Message(id);
    Header rh = response.getHeader();
    rh.setFlag(Flags.QR);
    if (h.getFlag(Flags.RD)) {
      rh.setFlag(Flags.RD);
    }
    response.addRecord(question, Section.QUESTION);
    if (opt != null && opt.getVersion() != 0) {
      rh.setRcode(Rcode.BADVERS & 0xF);
      response.addRecord(
          new OPTRecord(config.maxUdpPayload(), Rcode.BADVERS >>> 4, 0, 0), Section.ADDITIONAL);
      return send(
          response,
          limit(opt, tcp),
          new Outcome(
              question.getName(), question.getType(), Rcode.BADVERS, AnswerKind.NONE, ecs, false));
    }
    int scope = 0;
    AnswerKind kind;
    int rcode = Rcode.NOERROR;
    int qtype = question.getType();
    Name qname = question.getName();
    if (ServerIdentity.asks(question)) {
      // CHAOS TXT id.server / hostname.bind: which anycast instance answered
      rh.setFlag(Flags.AA);
      kind = AnswerKind.NONE;
      response.addRecord(ServerIdentity.answer(question, config.pop()), Section.ANSWER);
    } else if (question.getDClass() != DClass.IN || qtype == Type.AXFR || qtype == Type.IXFR) {
      rcode = Rcode.REFUSED;
      kind = AnswerKind.NONE;
    } else {
      Answered a = zoneAnswer(response, qname, qtype, ecs, client, nowNanos);
      kind = a.kind();
      rcode = a.rcode();
      scope = a.scope();
    }
    rh.setRcode(rcode);
    if (opt != null) {
      addOpt(response, opt, ecs, scope);
    }
    return send(response, limit(opt, tcp), new Outcome(qname, qtype, rcode, kind, ecs, false));
  }

  /** What a query's answer is: its kind, its rcode and the ECS scope of a CDN draw. */
  private record Answered(AnswerKind kind, int rcode, int scope) {

    static Answered of(AnswerKind kind) {
      return new Answered(kind, Rcode.NOERROR, 0);
    }
  }

  /**
   * Answers a question of class IN from the zone, authoritatively unless refused: NXDOMAIN, NODATA
   * and price echoes with the SOA, static records, the CDN name's L1/L2 draw, correlation beacons,
   * probe targets, and FastControl beacons.
   */
  private Answered zoneAnswer(
      Message response,
      Name qname,
      int qtype,
      ClientSubnetOption ecs,
      InetAddress client,
      long nowNanos) {
    Header rh = response.getHeader();
    rh.setFlag(Flags.AA);
    Lookup found = zone.lookup(qname, qtype);
    if (found instanceof Lookup.Refused) {
      rh.unsetFlag(Flags.AA);
      return new Answered(AnswerKind.NONE, Rcode.REFUSED, 0);
    }
    if (found instanceof Lookup.NxDomain) {
      response.addRecord(negativeSoa, Section.AUTHORITY);
      return new Answered(AnswerKind.NONE, Rcode.NXDOMAIN, 0);
    }
    if (found instanceof Lookup.Echo e) {
      // counted (or refused) by the verifier; answered alike, with no data
      if (echoes != null) {
        echoes.accept(e.labels(), client, millisClock.getAsLong());
      }
      response.addRecord(negativeSoa, Section.AUTHORITY);
      return Answered.of(AnswerKind.NONE);
    }
    if (found instanceof Lookup.NoData) {
      response.addRecord(negativeSoa, Section.AUTHORITY);
      return Answered.of(AnswerKind.NONE);
    }
    if (found instanceof Lookup.Static s) {
      for (Record r : s.records()) {
        response.addRecord(r.withName(qname), Section.ANSWER);
      }
      return Answered.of(AnswerKind.STATIC);
    }
    if (found instanceof Lookup.Cdn) {
      int scope = draw.scope(ecs);
      AnswerKind kind = draw.kind(ecs, client);
      List<InetAddress> to = kind == AnswerKind.L1 ? config.l1() : config.l2();
      addAll(response, ServedZone.addressRecords(qname, qtype, to, config.cdnTtl()));
      return new Answered(kind, Rcode.NOERROR, scope);
    }
    if (found instanceof Lookup.CorrelationBeacon) {
      addAll(response, ServedZone.addressRecords(qname, qtype, config.l1(), config.probeTtl()));
      return Answered.of(AnswerKind.L1);
    }
    if (found instanceof Lookup.ProbeTarget) {
      addAll(response, ServedZone.addressRecords(qname, qtype, config.l1(), config.probeTtl()));
      return Answered.of(AnswerKind.PROBE);
    }
    return Answered.of(beaconAnswer(response, qname, qtype, nowNanos));
  }

  /**
   * A FastControl beacon: a CNAME to the probe target of the category the plan draws now, or L1
   * itself when there is no probe to hand out.
   */
  private AnswerKind beaconAnswer(Message response, Name qname, int qtype, long nowNanos) {
    String category = probes.category(nowNanos);
    String relative = relativeTarget(category);
    if (relative == null) {
      addAll(response, ServedZone.addressRecords(qname, qtype, config.l1(), config.probeTtl()));
      return AnswerKind.BEACON;
    }
    Name target = ServedZone.child(zone.zone(), relative);
    response.addRecord(
        new CNAMERecord(qname, DClass.IN, config.probeTtl(), target), Section.ANSWER);
    addAll(response, ServedZone.addressRecords(target, qtype, config.l1(), config.probeTtl()));
    return AnswerKind.PROBE;
  }

  /** The response's OPT record: the ECS option echoed with its scope, the NSID when asked. */
  private void addOpt(Message response, OPTRecord opt, ClientSubnetOption ecs, int scope) {
    List<EDNSOption> options = new ArrayList<>(2);
    if (ecs != null) {
      options.add(echo(ecs, scope));
    }
    if (ServerIdentity.wantsNsid(opt)) {
      options.add(ServerIdentity.nsid(config.pop()));
    }
    response.addRecord(new OPTRecord(config.maxUdpPayload(), 0, 0, 0, options), Section.ADDITIONAL);
  }

  /**
   * The probe target of {@code category} relative to the zone, signed when a signer is set; null
   * for no probe.
   */
  private String relativeTarget(String category) {
    if (category == null || !ProbeName.isValidId(category) || !ProbeName.isValidId(config.pop())) {
      return null;
    }
    if (signer == null) {
      return category + "." + config.pop() + "." + ProbeName.FC_LABEL;
    }
    return signer.relativeTarget(category, config.pop(), millisClock.getAsLong());
  }

  private int limit(OPTRecord opt, boolean tcp) {
    if (tcp) {
      return MAX_TCP;
    }
    if (opt == null) {
      return PLAIN_UDP;
    }
    return Math.max(PLAIN_UDP, Math.min(opt.getPayloadSize(), config.maxUdpPayload()));
  }

  private static Reply send(Message response, int limit, Outcome outcome) {
    byte[] out = response.toWire(limit);
    boolean truncated = (out[2] & 0x02) != 0;
    return new Reply.Send(
        out,
        truncated
            ? new Outcome(
                outcome.qname(),
                outcome.qtype(),
                outcome.rcode(),
                outcome.kind(),
                outcome.ecs(),
                true)
            : outcome);
  }

  private static Reply headerOnly(int id, int opcode, int queryFlags, int rcode) {
    Header h = new Header(id);
    h.setFlag(Flags.QR);
    h.setOpcode(opcode);
    if ((queryFlags & 0x0100) != 0) {
      h.setFlag(Flags.RD);
    }
    h.setRcode(rcode);
    return new Reply.Send(h.toWire(), new Outcome(null, -1, rcode, AnswerKind.NONE, null, false));
  }

  private static void addAll(Message m, List<Record> records) {
    for (Record r : records) {
      m.addRecord(r, Section.ANSWER);
    }
  }

  private static int countOpt(Message m) {
    int n = 0;
    for (Record r : m.getSection(Section.ADDITIONAL)) {
      if (r.getType() == Type.OPT) {
        n++;
      }
    }
    return n;
  }

  private static ClientSubnetOption firstEcs(OPTRecord opt) {
    for (EDNSOption o : opt.getOptions(EDNSOption.Code.CLIENT_SUBNET)) {
      return (ClientSubnetOption) o;
    }
    return null;
  }

  /**
   * The ECS option echoed: the client's family, source prefix and address, with this answer's
   * scope.
   */
  private static ClientSubnetOption echo(ClientSubnetOption ecs, int scope) {
    InetAddress a = ecs.getAddress();
    int maxBits = a instanceof Inet4Address ? 32 : 128;
    return new ClientSubnetOption(ecs.getSourcePrefixLength(), Math.min(scope, maxBits), a);
  }

  /** The parent of correlation beacon names ({@code beacon.<zone>}). */
  /**
   * This answerer with another configuration of the same zone (a reload's TTLs): the zone and the
   * precomputed answers built anew, the draw, probes, signer and echo verifier shared.
   */
  QueryAnswerer withConfig(DnsConfig next) {
    return new QueryAnswerer(next, new ServedZone(next), draw, probes, signer, echoes, millisClock);
  }

  /** The configuration answered from. */
  DnsConfig config() {
    return config;
  }

  Name correlationBeacons() {
    return zone.beacons();
  }
}
