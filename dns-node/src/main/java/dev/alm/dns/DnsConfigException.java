package dev.alm.dns;

/** A bad DNS configuration value ({@link DnsConfig}): the field and the reason. */
public final class DnsConfigException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;
  private final String field;

  public DnsConfigException(String field, String reason) {
    super(field + ": " + reason);
    this.field = field;
  }

  /** The config field at fault. */
  public String field() {
    return field;
  }
}
