package dev.alm.app;

import dev.alm.io.InputException;
import dev.alm.io.KeyRing;
import dev.alm.node.AdminAccess;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The {@code --admin-token FILE} option of every daemon (docs/operations/trust.md, "Admin access").
 */
public final class AdminTokenOption {

  @Option(
      names = "--admin-token",
      paramLabel = "FILE",
      description = {
        "Key file of the admin server's bearer tokens (the current one first, optionally the previous",
        "one during a rotation; at least 16 bytes each; not writable by others). Every admin write then",
        "needs 'Authorization: Bearer TOKEN'; required to listen outside loopback. Default: none",
        "(loopback clients only, same-origin writes only)."
      })
  Path file;

  /** The access the flag asks for, or null when it is not given. */
  AdminAccess access() throws InputException {
    return file == null ? null : AdminAccess.withToken(KeyRing.load(file, "--admin-token"));
  }
}
