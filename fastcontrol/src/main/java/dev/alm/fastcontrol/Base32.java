package dev.alm.fastcontrol;

import java.util.Arrays;

/**
 * Lower-case base32 (RFC 4648 section 6, no padding) for byte strings whose length is a multiple of
 * 5, as FastControl labels use it: every character is a letter or a digit 2-7, so a label survives
 * the case changes DNS may make.
 */
final class Base32 {
  private static final char[] ALPHABET = "abcdefghijklmnopqrstuvwxyz234567".toCharArray();
  private static final byte[] DECODE = new byte[128];

  static {
    Arrays.fill(DECODE, (byte) -1);
    for (int i = 0; i < ALPHABET.length; i++) {
      DECODE[ALPHABET[i]] = (byte) i;
      DECODE[Character.toUpperCase(ALPHABET[i])] = (byte) i;
    }
  }

  private Base32() {}

  /** The characters of {@code b}, whose length is a multiple of 5: 8 per 5 bytes. */
  static String encode(byte[] b) {
    if (b.length % 5 != 0) {
      throw new IllegalArgumentException("length must be a multiple of 5, got " + b.length);
    }
    StringBuilder s = new StringBuilder(b.length * 8 / 5);
    for (int g = 0; g < b.length; g += 5) {
      long v = 0;
      for (int k = 0; k < 5; k++) {
        v = (v << 8) | (b[g + k] & 0xFF);
      }
      for (int k = 7; k >= 0; k--) {
        s.append(ALPHABET[(int) (v >>> (5 * k)) & 31]);
      }
    }
    return s.toString();
  }

  /**
   * The {@code bytes} bytes that {@code label} encodes (either case), or null when it is not
   * exactly {@code bytes * 8 / 5} base32 characters.
   */
  static byte[] decode(CharSequence label, int bytes) {
    if (label == null || label.length() != bytes * 8 / 5) {
      return null;
    }
    byte[] b = new byte[bytes];
    for (int g = 0; g < label.length() / 8; g++) {
      long v = 0;
      for (int k = 0; k < 8; k++) {
        char c = label.charAt(8 * g + k);
        int d = c < 128 ? DECODE[c] : -1;
        if (d < 0) {
          return null;
        }
        v = (v << 5) | d;
      }
      for (int k = 0; k < 5; k++) {
        b[5 * g + k] = (byte) (v >>> (32 - 8 * k));
      }
    }
    return b;
  }

  /** Whether {@code label} has {@code chars} characters, all of the alphabet (either case). */
  static boolean looksLike(CharSequence label, int chars) {
    if (label.length() != chars) {
      return false;
    }
    for (int i = 0; i < chars; i++) {
      char c = label.charAt(i);
      if (c >= 128 || DECODE[c] < 0) {
        return false;
      }
    }
    return true;
  }

  /** Writes {@code v}'s low {@code n} bytes big-endian at {@code b[at]}. */
  static void put(byte[] b, int at, long v, int n) {
    for (int k = 0; k < n; k++) {
      b[at + k] = (byte) (v >>> (8 * (n - 1 - k)));
    }
  }

  /** Reads {@code n} bytes big-endian at {@code b[at]}, unsigned. */
  static long get(byte[] b, int at, int n) {
    long v = 0;
    for (int k = 0; k < n; k++) {
      v = (v << 8) | (b[at + k] & 0xFF);
    }
    return v;
  }
}
