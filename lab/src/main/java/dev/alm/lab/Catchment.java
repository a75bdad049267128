package dev.alm.lab;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Record;
import org.xbill.DNS.Section;
import org.xbill.DNS.TXTRecord;
import org.xbill.DNS.Type;

/**
 * Which anycast instance this network reaches, measured the way operators do: a CHAOS TXT {@code
 * id.server.} query to the anycast DNS address (RFC 4892; alm's DNS answers its PoP id) and an HTTP
 * request to L1 whose {@code X-Alm-Pop} response header names the proxy that served it.
 */
public final class Catchment {
  private Catchment() {}

  /** The PoP id answering CHAOS TXT id.server at {@code dns}, or null (timeout, no TXT). */
  public static String dnsPop(InetSocketAddress dns, int timeoutMillis) {
    try (DatagramSocket s = new DatagramSocket(new InetSocketAddress(0))) {
      s.setSoTimeout(timeoutMillis);
      s.connect(dns);
      Message q =
          Message.newQuery(
              Record.newRecord(Name.fromConstantString("id.server."), Type.TXT, DClass.CH));
      byte[] wire = q.toWire();
      s.send(new DatagramPacket(wire, wire.length));
      byte[] buf = new byte[1500];
      DatagramPacket p = new DatagramPacket(buf, buf.length);
      s.receive(p);
      Message r = new Message(Arrays.copyOf(buf, p.getLength()));
      for (Record rec : r.getSection(Section.ANSWER)) {
        if (rec instanceof TXTRecord t && !t.getStrings().isEmpty()) {
          return t.getStrings().get(0);
        }
      }
      return null;
    } catch (SocketTimeoutException e) {
      return null;
    } catch (IOException e) {
      return null;
    }
  }

  /** The X-Alm-Pop header of a GET to {@code l1}, or null. */
  public static String httpPop(InetSocketAddress l1, String host, int timeoutMillis) {
    try (Socket s = new Socket()) {
      s.setSoTimeout(timeoutMillis);
      s.connect(l1, timeoutMillis);
      OutputStream out = s.getOutputStream();
      out.write(
          ("GET /bytes/1 HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      BufferedReader in =
          new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.US_ASCII));
      String status = in.readLine();
      if (status == null || !status.startsWith("HTTP/")) {
        return null;
      }
      for (String h = in.readLine(); h != null && !h.isEmpty(); h = in.readLine()) {
        int colon = h.indexOf(':');
        if (colon > 0
            && h.substring(0, colon).trim().toLowerCase(Locale.ROOT).equals("x-alm-pop")) {
          return h.substring(colon + 1).trim();
        }
      }
      return null;
    } catch (IOException e) {
      return null;
    }
  }
}
