package dev.alm.correlation.spark;

/**
 * What became of beacon halves or probes (a bean for Spark's encoder): a sample of row {@code
 * from}, column {@code to}, completed by line {@code line} of file {@code file}, in a compared
 * window; or a half left unjoined, or a duplicate; or a paired observation left unpaired; or a
 * vantage point's move between two compared windows.
 */
public final class Outcome extends SourceLine {
  private static final long serialVersionUID = 1L;

  /** A sample i -> j. */
  public static final int SAMPLE = 0;

  /** A beacon answer with no request within the window. */
  public static final int UNJOINED_ANSWER = 1;

  /** A beacon request with no answer within the window. */
  public static final int UNJOINED_REQUEST = 2;

  /** A second half of a beacon still waiting (the first is kept). */
  public static final int DUPLICATE = 3;

  /** A paired observation that found no partner within the window. */
  public static final int UNPAIRED = 4;

  /**
   * A vantage point seen on the DNS-layer service in both compared windows, first at site {@code
   * from}, then at {@code to} (paired observations with {@code --compare}).
   */
  public static final int MOVED = 5;

  /** How many kinds there are. */
  public static final int KINDS = 6;

  private int kind;
  private String from;
  private String to;
  private long time;
  private int window;

  public Outcome() {}

  /**
   * @param time the sample's time, which decides its window ({@link
   *     dev.alm.correlation.TimeWindow#index}): the DNS answer's or DNS-side observation's, the
   *     probe's
   */
  public Outcome(int kind, String from, String to, int file, long line, long time) {
    super(file, line);
    this.kind = kind;
    this.from = from;
    this.to = to;
    this.time = time;
  }

  public int getKind() {
    return kind;
  }

  public void setKind(int kind) {
    this.kind = kind;
  }

  public String getFrom() {
    return from;
  }

  public void setFrom(String from) {
    this.from = from;
  }

  public String getTo() {
    return to;
  }

  public void setTo(String to) {
    this.to = to;
  }

  public long getTime() {
    return time;
  }

  public void setTime(long time) {
    this.time = time;
  }

  /** The compared window of a sample: 0 without windows, -1 outside both. */
  public int getWindow() {
    return window;
  }

  public void setWindow(int window) {
    this.window = window;
  }
}
