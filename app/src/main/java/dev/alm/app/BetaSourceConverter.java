package dev.alm.app;

import dev.alm.loop.BetaSource;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads {@code --beta-source probes|echo}; anything else is refused in one line. */
final class BetaSourceConverter implements ITypeConverter<BetaSource> {
  @Override
  public BetaSource convert(String value) {
    try {
      return BetaSource.parse(value);
    } catch (IllegalArgumentException e) {
      throw new TypeConversionException(e.getMessage());
    }
  }
}
