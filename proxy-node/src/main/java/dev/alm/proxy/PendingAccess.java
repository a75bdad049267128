package dev.alm.proxy;

import dev.alm.fastcontrol.ProbeName;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import java.util.function.LongSupplier;

/**
 * The responses of one connection that are being written and will be logged once their last byte is: a FIFO of
 * parallel arrays (grown, never shrunk) and one listener for all of them, so that logging a response allocates
 * nothing. Netty completes a channel's writes in order; a write that completes out of order (an encoder failure)
 * is still matched by its future. When a write completes, its line goes to the event loop's {@link AccessLogRing}
 * with the time it completed, so {@code latency_us} runs from the request's arrival to the response's last byte
 * written.
 *
 * <p>Used on the connection's event loop only.
 */
final class PendingAccess implements ChannelFutureListener {
    private final AccessLogRing ring;
    private final LongSupplier nanoClock;
    private final String client;
    private ChannelFuture[] future = new ChannelFuture[4];
    private String[] host = new String[4];
    private String[] path = new String[4];
    private int[] status = new int[4];
    private long[] bytes = new long[4];
    private long[] arrival = new long[4];
    private ProbeName[] probe = new ProbeName[4];
    private int head;
    private int size;

    PendingAccess(AccessLogRing ring, LongSupplier nanoClock, String client) {
        this.ring = ring;
        this.nanoClock = nanoClock;
        this.client = client;
    }

    /** Logs the response once {@code f}, its write, completes (at once if it has). */
    void add(ChannelFuture f, String host, String path, int status, long bytes, long arrivalNanos, ProbeName probe) {
        if (size == future.length) {
            grow();
        }
        int i = (head + size) & (future.length - 1);
        this.future[i] = f;
        this.host[i] = host;
        this.path[i] = path;
        this.status[i] = status;
        this.bytes[i] = bytes;
        this.arrival[i] = arrivalNanos;
        this.probe[i] = probe;
        size++;
        f.addListener(this);
    }

    /** Responses whose write has not completed. */
    int size() {
        return size;
    }

    @Override
    public void operationComplete(ChannelFuture f) {
        long now = nanoClock.getAsLong();
        int n = future.length - 1;
        for (int k = 0; k < size; k++) {
            int i = (head + k) & n;
            if (future[i] == f) {
                ring.add(client, host[i], path[i], status[i], bytes[i], arrival[i], now, probe[i]);
                future[i] = null;
                host[i] = null;
                path[i] = null;
                probe[i] = null;
                break;
            }
        }
        while (size > 0 && future[head] == null) {
            head = (head + 1) & n;
            size--;
        }
    }

    private void grow() {
        int n = future.length;
        future = unroll(future, new ChannelFuture[2 * n]);
        host = unroll(host, new String[2 * n]);
        path = unroll(path, new String[2 * n]);
        probe = unroll(probe, new ProbeName[2 * n]);
        int[] s = new int[2 * n];
        long[] b = new long[2 * n];
        long[] a = new long[2 * n];
        for (int k = 0; k < size; k++) {
            int i = (head + k) & (n - 1);
            s[k] = status[i];
            b[k] = bytes[i];
            a[k] = arrival[i];
        }
        status = s;
        bytes = b;
        arrival = a;
        head = 0;
    }

    private <T> T[] unroll(T[] from, T[] to) {
        int n = from.length;
        for (int k = 0; k < size; k++) {
            to[k] = from[(head + k) & (n - 1)];
        }
        return to;
    }
}
