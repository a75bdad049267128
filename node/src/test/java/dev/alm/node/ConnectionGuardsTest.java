package dev.alm.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The handlers every TCP listener puts first, on an embedded channel. */
class ConnectionGuardsTest {

  private final ListenerHealth health =
      new ListenerHealth(new ConnectionGuard(4, 2), -1, System::nanoTime);

  @Test
  void anIdleConnectionIsClosedAndOtherEventsPassOn() {
    List<Object> seen = new ArrayList<>();
    EmbeddedChannel ch =
        new EmbeddedChannel(health.connectionGuards(Duration.ofSeconds(5), Duration.ofSeconds(30)));
    ch.pipeline()
        .addLast(
            new ChannelInboundHandlerAdapter() {
              @Override
              public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
                seen.add(evt);
              }
            });
    ch.pipeline().fireUserEventTriggered("not idle");
    assertEquals(List.of("not idle"), seen);
    assertTrue(ch.isOpen());
    ch.pipeline().fireUserEventTriggered(IdleStateEvent.ALL_IDLE_STATE_EVENT);
    assertFalse(ch.isOpen(), "closed once idle");
    assertEquals(List.of("not idle"), seen, "the idle event stops at the guard");
  }

  @Test
  void theIdleTimeoutIsTheOneGiven() {
    EmbeddedChannel ch =
        new EmbeddedChannel(
            health.connectionGuards(Duration.ofSeconds(5), Duration.ofMillis(1500)));
    IdleStateHandler idle = ch.pipeline().get(IdleStateHandler.class);
    assertEquals(1500, idle.getAllIdleTimeInMillis());
    assertEquals(0, idle.getReaderIdleTimeInMillis());
    ch.finishAndReleaseAll();
  }
}
