package dev.alm.node;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Event loops shared by the daemons of one process: one group per name while the share is open, a
 * release that leaves it running, a listener that stops closes its own connections, and the groups
 * shut down with the share.
 */
class EventLoopShareTest {

  @Test
  void daemonsGetTheSameGroupPerNameAndReleasingItLeavesItRunningUntilTheShareCloses() {
    Transport t = Transport.detect();
    EventLoopGroup shared;
    try (EventLoopShare share = EventLoopShare.open(2)) {
      assertThrows(IllegalStateException.class, () -> EventLoopShare.open(2));
      shared = t.group(1, "alm-test-io");
      assertSame(shared, t.group(1, "alm-test-io"), "one group per name");
      assertNotSame(shared, t.group(1, "alm-test-other"));
      t.release(shared, 1, true);
      assertFalse(shared.isShuttingDown(), "a daemon's release leaves the shared loops running");
    }
    assertTrue(shared.isShuttingDown(), "closing the share shuts its groups down");
    EventLoopGroup own = t.group(1, "alm-test-io");
    assertNotSame(shared, own, "without a share, loops of one's own");
    t.release(own, 1, true);
    assertTrue(own.isShutdown());
    assertThrows(IllegalArgumentException.class, () -> EventLoopShare.open(0));
  }

  @Test
  void aListenerThatStopsOnSharedLoopsClosesItsConnections() throws Exception {
    Transport t = Transport.detect();
    try (EventLoopShare share = EventLoopShare.open(1)) {
      EventLoopGroup group = t.group(1, "alm-test-listener");
      ListenerHealth health = new ListenerHealth(new ConnectionGuard(10, 10), -1, System::nanoTime);
      Channel listener =
          new ServerBootstrap()
              .group(group)
              .channel(t.serverChannel())
              .childHandler(
                  new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel c) {
                      c.pipeline().addLast(health.guard());
                    }
                  })
              .bind(new InetSocketAddress("127.0.0.1", 0))
              .sync()
              .channel();
      health.watch(listener);
      try (Socket client = new Socket()) {
        client.connect(listener.localAddress(), 2000);
        client.setSoTimeout(5000);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (health.guard().open() < 1 && System.nanoTime() < deadline) {
          Thread.sleep(10);
        }
        assertTrue(health.guard().open() == 1, "the connection is counted");
        listener.close().sync();
        health.stop();
        InputStream in = client.getInputStream();
        assertTrue(in.read() == -1, "the stopped listener closed its connection");
        assertFalse(group.isShuttingDown(), "the shared loops go on");
      }
    }
  }
}
