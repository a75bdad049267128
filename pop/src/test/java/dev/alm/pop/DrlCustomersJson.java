package dev.alm.pop;

/** A customers document for the tests: {@code n} customers in mode drl, 100 requests/s each. */
public final class DrlCustomersJson {
  private DrlCustomersJson() {}

  /** Customers c0, c1, ... on hosts c0.example, c1.example, ... (a file or a POST body). */
  public static String of(int n) {
    StringBuilder b = new StringBuilder("{\"customers\": [");
    for (int i = 0; i < n; i++) {
      b.append(i == 0 ? "" : ",")
          .append("{\"name\": \"c")
          .append(i)
          .append("\", \"hosts\": [\"c")
          .append(i)
          .append(".example\"], \"requestsPerSecond\": 100, \"mode\": \"drl\"}");
    }
    return b.append("]}").toString();
  }
}
