package dev.alm.correlation.spark;

import org.apache.spark.sql.SparkSession;

/**
 * One local[2] Spark session for the test classes of this module (started once per test JVM;
 * Spark's shutdown hook stops it), so each class does not pay for starting Spark.
 */
final class LocalSpark {
  private static SparkSession spark;

  private LocalSpark() {}

  static synchronized SparkSession session() {
    if (spark == null) {
      spark =
          SparkSession.builder()
              .master("local[2]")
              .appName("alm correlate test")
              .config("spark.ui.enabled", "false")
              .config("spark.sql.shuffle.partitions", "4")
              .config("spark.driver.host", "127.0.0.1")
              .config("spark.driver.bindAddress", "127.0.0.1")
              .getOrCreate();
    }
    return spark;
  }
}
