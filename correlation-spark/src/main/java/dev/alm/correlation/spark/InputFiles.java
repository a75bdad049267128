package dev.alm.correlation.spark;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Turns the paths a user gives into trace files, on any Hadoop file system: a file is itself; a
 * directory (a partitioned layout such as {@code dns/dt=2026-01-01/hour=00/part-0.csv.gz}) is every
 * file below it, sorted by path, leaving out names starting with {@code _} or {@code .} ({@code
 * _SUCCESS}, checksums). A directory below which there is no file is an empty partition: it is
 * listed, not an error.
 */
final class InputFiles {
  private InputFiles() {}

  /** The files of one kind, numbered from {@code first}; empty directories go to {@code empty}. */
  static List<TraceFile> expand(
      List<String> given, TraceFile.Kind kind, int first, Configuration conf, List<String> empty)
      throws IOException {
    List<TraceFile> out = new ArrayList<>();
    for (String s : given) {
      Path p = new Path(s);
      FileSystem fs = p.getFileSystem(conf);
      FileStatus st;
      try {
        st = fs.getFileStatus(p);
      } catch (FileNotFoundException e) {
        throw new IllegalArgumentException(s + ": no such file or directory");
      }
      if (!st.isDirectory()) {
        out.add(new TraceFile(first + out.size(), s, s, kind));
        continue;
      }
      List<FileStatus> found = new ArrayList<>();
      walk(fs, st, found, empty);
      found.sort(Comparator.comparing(f -> f.getPath().toString()));
      for (FileStatus f : found) {
        out.add(new TraceFile(first + out.size(), f.getPath().toString(), name(f.getPath()), kind));
      }
    }
    return out;
  }

  private static boolean walk(
      FileSystem fs, FileStatus dir, List<FileStatus> found, List<String> empty)
      throws IOException {
    boolean any = false;
    FileStatus[] children = fs.listStatus(dir.getPath());
    Arrays.sort(children, Comparator.comparing(f -> f.getPath().toString()));
    for (FileStatus c : children) {
      String n = c.getPath().getName();
      if (n.startsWith("_") || n.startsWith(".")) {
        continue;
      }
      if (c.isDirectory()) {
        any |= walk(fs, c, found, empty);
      } else {
        found.add(c);
        any = true;
      }
    }
    if (!any) {
      empty.add(name(dir.getPath()));
    }
    return any;
  }

  /** A local file by its path alone (as in process), any other by its URI. */
  private static String name(Path p) {
    return "file".equals(p.toUri().getScheme()) ? p.toUri().getPath() : p.toString();
  }
}
