package dev.alm.app;

import java.io.PrintWriter;
import java.util.Locale;

/** The first line of a benchmark's report: the JVM and the machine its figures were taken on. */
public final class BenchMachine {

  private BenchMachine() {}

  /** Prints "java VERSION, N processors, max heap M MB". */
  public static void print(PrintWriter o) {
    o.printf(
        Locale.ROOT,
        "java %s, %d processors, max heap %d MB%n",
        System.getProperty("java.version"),
        Runtime.getRuntime().availableProcessors(),
        Runtime.getRuntime().maxMemory() >> 20);
  }
}
