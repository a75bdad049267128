package dev.alm.dns;

import dev.alm.fastcontrol.PriceEcho;
import dev.alm.fastcontrol.ProbeName;
import dev.alm.fastcontrol.ProbeTarget;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.xbill.DNS.AAAARecord;
import org.xbill.DNS.ARecord;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Master;
import org.xbill.DNS.NSRecord;
import org.xbill.DNS.Name;
import org.xbill.DNS.Record;
import org.xbill.DNS.SOARecord;
import org.xbill.DNS.Type;

/**
 * The zone a PoP serves: apex SOA and NS, the CDN hostnames, the FastControl names under {@code
 * fc.<zone>}, and the operator's static records. Names compare case-insensitively (dnsjava {@link
 * Name}). Immutable; built once from a {@link DnsConfig}.
 */
public final class ServedZone {
  private final Name zone;
  private final Name fc;
  private final Name beacons;
  private final Name echo;
  private final SOARecord soa;
  private final Set<Name> cdnNames;
  private final Map<Name, Map<Integer, List<Record>>> records;
  private final Set<Name> existing;
  private final boolean hasV4;
  private final boolean hasV6;

  /**
   * Builds the zone; a static record that does not parse, or lies outside the zone, is a config
   * error.
   */
  public ServedZone(DnsConfig config) {
    this.zone = config.zone();
    this.fc = child(zone, ProbeName.FC_LABEL);
    this.beacons = child(zone, "beacon");
    this.echo = child(zone, PriceEcho.ECHO_LABEL);
    this.cdnNames = new HashSet<>(config.names());
    this.hasV4 = config.l1().stream().anyMatch(a -> a instanceof Inet4Address);
    this.hasV6 = config.l1().stream().anyMatch(a -> !(a instanceof Inet4Address));
    Name primary = config.nameservers().get(0);
    this.soa =
        new SOARecord(
            zone,
            DClass.IN,
            config.staticTtl(),
            primary,
            child(zone, "hostmaster"),
            1,
            3600,
            600,
            86400,
            config.negativeTtl());
    Map<Name, Map<Integer, List<Record>>> map = new HashMap<>();
    add(map, soa);
    for (Name ns : config.nameservers()) {
      add(map, new NSRecord(zone, DClass.IN, config.staticTtl(), ns));
    }
    for (int i = 0; i < config.staticRecords().size(); i++) {
      Record r =
          parseStatic(
              config.staticRecords().get(i), "staticRecords[" + i + "]", config.staticTtl());
      if (cdnNames.contains(r.getName())
          || r.getName().subdomain(fc)
          || r.getName().subdomain(beacons)
          || r.getName().subdomain(echo)) {
        throw new DnsConfigException(
            "staticRecords[" + i + "]",
            r.getName()
                + " is a CDN, beacon, echo or FastControl name, which the server answers itself");
      }
      add(map, r);
    }
    this.records = map;
    Set<Name> names = new HashSet<>(map.keySet());
    names.addAll(cdnNames);
    names.add(fc);
    names.add(beacons);
    names.add(echo);
    Set<Name> withParents = new HashSet<>();
    for (Name n : names) {
      for (Name p = n; p.subdomain(zone); p = new Name(p, 1)) {
        withParents.add(p);
        if (p.equals(zone)) {
          break;
        }
      }
    }
    this.existing = withParents;
  }

  /** The zone's apex name. */
  public Name zone() {
    return zone;
  }

  /** The SOA, sent in authority with negative answers. */
  public SOARecord soa() {
    return soa;
  }

  /** Whether CDN names have addresses of the type (A for IPv4 L1, AAAA for IPv6). */
  public boolean serves(int type) {
    return type == Type.A ? hasV4 : type == Type.AAAA && hasV6;
  }

  /** The parent of correlation beacon names, {@code beacon.<zone>}. */
  Name beacons() {
    return beacons;
  }

  /** Classifies a query name and type. */
  public Lookup lookup(Name qname, int qtype) {
    if (!qname.subdomain(zone)) {
      return new Lookup.Refused();
    }
    boolean address = qtype == Type.A || qtype == Type.AAAA;
    if (cdnNames.contains(qname)) {
      return address && serves(qtype) ? new Lookup.Cdn(qtype) : new Lookup.NoData();
    }
    if (qname.subdomain(fc) && !qname.equals(fc)) {
      if (!address || !serves(qtype)) {
        return new Lookup.NoData();
      }
      ProbeTarget probe = ProbeTarget.parseHost(qname.toString(), zone.toString());
      return probe != null && probe.name() != null
          ? new Lookup.ProbeTarget(qtype, probe.name())
          : new Lookup.Beacon(qtype);
    }
    if (qname.subdomain(echo) && !qname.equals(echo)) {
      if (!address) {
        return new Lookup.NoData();
      }
      int n = qname.labels() - echo.labels();
      String[] labels = new String[n];
      for (int k = 0; k < n; k++) {
        labels[k] = qname.getLabelString(k).toLowerCase(Locale.ROOT);
      }
      return new Lookup.Echo(labels);
    }
    if (qname.subdomain(beacons) && !qname.equals(beacons)) {
      return address && serves(qtype) ? new Lookup.CorrelationBeacon(qtype) : new Lookup.NoData();
    }
    Map<Integer, List<Record>> byType = records.get(qname);
    if (byType != null) {
      List<Record> rs = byType.get(qtype);
      if (rs != null) {
        return new Lookup.Static(rs);
      }
      List<Record> cname = byType.get(Type.CNAME);
      if (cname != null) {
        return new Lookup.Static(cname);
      }
    }
    return existing.contains(qname) ? new Lookup.NoData() : new Lookup.NxDomain();
  }

  private Record parseStatic(String line, String field, long defaultTtl) {
    try (Master m =
        new Master(
            new ByteArrayInputStream(line.getBytes(StandardCharsets.UTF_8)), zone, defaultTtl)) {
      Record r = m.nextRecord();
      if (r == null) {
        throw new DnsConfigException(field, "no record in '" + line + "'");
      }
      if (!r.getName().subdomain(zone)) {
        throw new DnsConfigException(field, r.getName() + " is not in zone " + zone);
      }
      if (r.getType() == Type.SOA) {
        throw new DnsConfigException(field, "the SOA is generated from the config, not listed");
      }
      return r;
    } catch (IOException e) {
      throw new DnsConfigException(field, "cannot parse '" + line + "': " + e.getMessage());
    }
  }

  private static void add(Map<Name, Map<Integer, List<Record>>> map, Record r) {
    map.computeIfAbsent(r.getName(), k -> new HashMap<>())
        .computeIfAbsent(r.getType(), k -> new ArrayList<>())
        .add(r);
  }

  static Name child(Name parent, String label) {
    try {
      return Name.concatenate(Name.fromString(label), parent);
    } catch (org.xbill.DNS.TextParseException | org.xbill.DNS.NameTooLongException e) {
      throw new DnsConfigException(
          "zone", "cannot form " + label + "." + parent + ": " + e.getMessage());
    }
  }

  /** The address records of {@code addresses} of one type (A or AAAA) owned by {@code owner}. */
  static List<Record> addressRecords(Name owner, int type, List<InetAddress> addresses, long ttl) {
    List<Record> out = new ArrayList<>();
    for (InetAddress a : addresses) {
      if (type == Type.A && a instanceof Inet4Address) {
        out.add(new ARecord(owner, DClass.IN, ttl, a));
      } else if (type == Type.AAAA && !(a instanceof Inet4Address)) {
        out.add(new AAAARecord(owner, DClass.IN, ttl, a));
      }
    }
    return out;
  }
}
