package dev.alm.proxy.fuzz;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
import io.netty.util.ResourceLeakDetectorFactory;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Netty's leak detector at PARANOID level (every buffer tracked) with its reports collected, so a
 * fuzz run or a test can tell whether a buffer leaked. Must be installed before Netty's buffer
 * classes load: call {@link #install()} from the static initialiser of the class that runs first
 * (the proxy-node tests run each class in its own JVM).
 */
public final class NettyLeaks {
  private static final List<String> LEAKS = new CopyOnWriteArrayList<>();

  static {
    ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.PARANOID);
    ResourceLeakDetectorFactory.setResourceLeakDetectorFactory(
        new ResourceLeakDetectorFactory() {
          @Override
          @SuppressWarnings("deprecation")
          public <T> ResourceLeakDetector<T> newResourceLeakDetector(
              Class<T> resource, int samplingInterval, long maxActive) {
            return new ResourceLeakDetector<T>(resource, samplingInterval) {
              @Override
              protected void reportTracedLeak(String resourceType, String records) {
                LEAKS.add(resourceType + records);
              }

              @Override
              protected void reportUntracedLeak(String resourceType) {
                LEAKS.add(resourceType);
              }
            };
          }
        });
  }

  private NettyLeaks() {}

  /** Installs the detector (the static initialiser does it; this only loads the class). */
  public static void install() {
    // the static initialiser did it
  }

  /** Collects garbage and makes the detector report what it found; returns the leaks so far. */
  public static List<String> leaks() throws InterruptedException {
    for (int i = 0; i < 5; i++) {
      System.gc();
      Thread.sleep(50);
      for (int k = 0; k < 100; k++) {
        ByteBuf b = PooledByteBufAllocator.DEFAULT.buffer(16);
        b.release();
      }
    }
    return List.copyOf(LEAKS);
  }
}
