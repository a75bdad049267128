package dev.alm.proxy;

import dev.alm.traces.AsyncLineLog;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Hands log records to an {@link AsyncLineLog} in bursts: each event loop collects its records in a list of its
 * own and offers them every {@link #PERIOD_MILLIS} ms. One burst wakes the log's writer thread once, where one
 * offer per response would wake it for nearly every line; on a small machine those wake-ups cost more than the
 * writing. Lines reach the file at most that much later; nothing blocks, and a full queue still drops and counts.
 *
 * @param <T> the record type
 */
final class LogBatcher<T> {

    /** How long records wait on their event loop. */
    static final long PERIOD_MILLIS = 10;

    private final AsyncLineLog<T> log;
    private final Queue<List<T>> all = new ConcurrentLinkedQueue<>();
    private final ThreadLocal<List<T>> pending = ThreadLocal.withInitial(() -> {
        List<T> l = new ArrayList<>(256);
        all.add(l);
        return l;
    });

    LogBatcher(AsyncLineLog<T> log) {
        this.log = log;
    }

    /** Adds a record; call on {@code loop}, the single-threaded event loop of the calling thread. */
    void add(T record, ScheduledExecutorService loop) {
        List<T> l = pending.get();
        if (l.isEmpty()) {
            loop.schedule(() -> flush(l), PERIOD_MILLIS, TimeUnit.MILLISECONDS);
        }
        l.add(record);
    }

    /** Offers every record still held; call only once the event loops have terminated. */
    void flushAll() {
        for (List<T> l : all) {
            flush(l);
        }
    }

    private void flush(List<T> l) {
        for (T t : l) {
            log.offer(t);
        }
        l.clear();
    }
}
