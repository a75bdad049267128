package dev.alm.app;

/** Entry point of the {@code alm} command. */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    System.exit(0);
  }
}
