package dev.alm.io;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.crypto.Mac;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.SecretKeySpec;

/**
 * The shared secrets of a fleet, as read from a key file: the current key, which signs, and at most
 * one previous key, which is still accepted while a rotation rolls out. The same file format serves
 * admin bearer tokens, probe MACs and gossip MACs.
 *
 * <p>File format: UTF-8 text, one key per line, the current key first; blank lines and lines
 * starting with {@code #} are ignored; each key is at least {@value #MIN_KEY_BYTES} bytes. A file
 * that others can write is refused.
 *
 * <p>MACs are HMAC-SHA256 (RFC 2104); {@link #verify} accepts a MAC truncated to at least {@value
 * #MIN_MAC_BYTES} bytes (RFC 2104 section 5) and compares in constant time.
 *
 * <p>A running daemon rotates a ring in place ({@link #rotate}): every signer, verifier and token
 * check holding the ring uses the new keys from its next call on, without a restart.
 */
public final class KeyRing {

  /** Shortest key accepted, in bytes: 128 bits. */
  public static final int MIN_KEY_BYTES = 16;

  /** Shortest MAC {@link #verify} accepts, in bytes: 64 bits. */
  public static final int MIN_MAC_BYTES = 8;

  /** Full HMAC-SHA256 length in bytes. */
  public static final int MAC_BYTES = 32;

  private static final String ALGORITHM = "HmacSHA256";

  /** The keys and their per-thread MACs, replaced together by {@link #rotate}. */
  private record Keys(List<byte[]> keys, List<ThreadLocal<Mac>> macs) {
    static Keys of(List<byte[]> keys) {
      List<byte[]> k = List.copyOf(keys);
      List<ThreadLocal<Mac>> m = new ArrayList<>();
      for (byte[] key : k) {
        m.add(ThreadLocal.withInitial(() -> newMac(key)));
      }
      return new Keys(k, List.copyOf(m));
    }
  }

  private volatile Keys current;
  private final ThreadLocal<byte[]> scratch = ThreadLocal.withInitial(() -> new byte[MAC_BYTES]);

  private KeyRing(List<byte[]> keys) {
    this.current = Keys.of(keys);
  }

  /**
   * Takes the keys of {@code next} in place (a key file read again): every holder of this ring
   * signs with {@code next}'s current key and accepts {@code next}'s keys from its next call on. A
   * call under way finishes with the keys it started with.
   */
  public void rotate(KeyRing next) {
    this.current = next.current;
  }

  /**
   * A ring of the given keys, the first one current.
   *
   * @throws IllegalArgumentException with no key, more than two, or a key shorter than {@value
   *     #MIN_KEY_BYTES} bytes
   */
  public static KeyRing of(byte[] current, byte[]... previous) {
    List<byte[]> all = new ArrayList<>();
    all.add(current.clone());
    for (byte[] p : previous) {
      all.add(p.clone());
    }
    if (all.size() > 2) {
      throw new IllegalArgumentException(
          "at most two keys (current and previous), got " + all.size());
    }
    for (byte[] k : all) {
      if (k.length < MIN_KEY_BYTES) {
        throw new IllegalArgumentException(
            "a key must be at least " + MIN_KEY_BYTES + " bytes, got " + k.length);
      }
    }
    return new KeyRing(all);
  }

  /** A ring from text keys (UTF-8), the first one current; for tests and generated keys. */
  public static KeyRing ofText(String current, String... previous) {
    byte[][] p = new byte[previous.length][];
    for (int i = 0; i < previous.length; i++) {
      p[i] = previous[i].getBytes(StandardCharsets.UTF_8);
    }
    return of(current.getBytes(StandardCharsets.UTF_8), p);
  }

  /**
   * Reads a key file.
   *
   * @param flag the flag or field that named the file, used in errors (e.g. {@code --admin-token})
   * @throws InputException naming the file and the reason: missing, unreadable, writable by others,
   *     no key, more than two keys, a key too short
   */
  public static KeyRing load(Path file, String flag) throws InputException {
    String source = flag + " " + file;
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new InputException(source, "", "no such file");
    } catch (CharacterCodingException e) {
      throw new InputException(source, "", "not UTF-8 text");
    } catch (IOException e) {
      throw new InputException(source, "", "cannot read: " + e.getMessage());
    }
    try {
      Set<PosixFilePermission> perms = Files.getPosixFilePermissions(file);
      if (perms.contains(PosixFilePermission.OTHERS_WRITE)
          || perms.contains(PosixFilePermission.GROUP_WRITE)) {
        throw new InputException(source, "", "writable by others (chmod 600 it)");
      }
    } catch (UnsupportedOperationException | IOException e) {
      // not a POSIX file system: nothing to check
    }
    List<byte[]> keys = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      byte[] key = line.getBytes(StandardCharsets.UTF_8);
      if (key.length < MIN_KEY_BYTES) {
        throw new InputException(
            source,
            "line " + (i + 1),
            "key shorter than " + MIN_KEY_BYTES + " bytes (" + key.length + ")");
      }
      keys.add(key);
    }
    if (keys.isEmpty()) {
      throw new InputException(source, "", "no key in the file");
    }
    if (keys.size() > 2) {
      throw new InputException(
          source, "", "at most two keys (current, then previous), found " + keys.size());
    }
    return new KeyRing(keys);
  }

  /** Number of keys accepted: 1, or 2 during a rotation. */
  public int size() {
    return current.keys().size();
  }

  /** HMAC-SHA256 of {@code data} under the current key, {@value #MAC_BYTES} bytes. */
  public byte[] sign(byte[] data) {
    return sign(data, 0, data.length);
  }

  /** HMAC-SHA256 of a slice under the current key. */
  public byte[] sign(byte[] data, int offset, int length) {
    Mac mac = current.macs().get(0).get();
    mac.update(data, offset, length);
    return mac.doFinal();
  }

  /**
   * True if {@code mac} (full or truncated to at least {@value #MIN_MAC_BYTES} bytes) is the
   * HMAC-SHA256 of {@code data} under any key of the ring. Constant time in the MAC's content.
   */
  public boolean verify(byte[] data, byte[] mac) {
    return verify(data, 0, data.length, mac);
  }

  /** {@link #verify(byte[], byte[])} over a slice of {@code data}. */
  public boolean verify(byte[] data, int offset, int length, byte[] mac) {
    return mac != null && verify(data, offset, length, mac, 0, mac.length);
  }

  /**
   * {@link #verify(byte[], byte[])} over a slice of {@code data} against the MAC at {@code
   * mac[macOffset..macOffset+macLength)}, allocating nothing: the check a receiver makes on every
   * datagram, forged ones included.
   */
  public boolean verify(
      byte[] data, int offset, int length, byte[] mac, int macOffset, int macLength) {
    if (macLength < MIN_MAC_BYTES || macLength > MAC_BYTES) {
      return false;
    }
    byte[] full = scratch.get();
    int matches = 0;
    for (ThreadLocal<Mac> m : current.macs()) {
      Mac h = m.get();
      h.update(data, offset, length);
      try {
        h.doFinal(full, 0);
      } catch (ShortBufferException e) {
        throw new IllegalStateException("the scratch holds a whole HMAC-SHA256", e);
      }
      int diffs = 0;
      for (int i = 0; i < macLength; i++) {
        diffs |= full[i] ^ mac[macOffset + i];
      }
      matches |= diffs == 0 ? 1 : 0;
    }
    return matches != 0;
  }

  /**
   * True if {@code presented} equals one of the keys, compared in constant time: the check of a
   * bearer token.
   */
  public boolean matchesToken(String presented) {
    if (presented == null) {
      return false;
    }
    byte[] p = presented.getBytes(StandardCharsets.UTF_8);
    boolean ok = false;
    for (byte[] k : current.keys()) {
      ok |= MessageDigest.isEqual(k, p);
    }
    return ok;
  }

  /** The current key as text, to present as a bearer token (clients of the admin API). */
  public String currentToken() {
    return new String(current.keys().get(0), StandardCharsets.UTF_8);
  }

  @Override
  public String toString() {
    return "KeyRing[" + size() + " key(s)]"; // never the keys
  }

  private static Mac newMac(byte[] key) {
    try {
      Mac mac = Mac.getInstance(ALGORITHM);
      mac.init(new SecretKeySpec(key, ALGORITHM));
      return mac;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is part of every Java 17 runtime", e);
    }
  }
}
