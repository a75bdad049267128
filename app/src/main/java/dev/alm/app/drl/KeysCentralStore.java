package dev.alm.app.drl;

import java.util.Map;

/**
 * What {@code alm drl keys-central} reports of the central store it ran against: which one, how the
 * report names it, and its own figures at the end (Redis's memory and keys, or the token server's
 * counters).
 *
 * @param name {@code redis} or {@code token-server}, the summary's {@code store}
 * @param heading the report's first words, e.g. {@code Redis, one bucket per key (alm:key:x:...)}
 * @param down what the outage did, e.g. {@code Redis paused from 4.0 s to 6.0 s}
 * @param who the store in a sentence: {@code Redis} or {@code the token server}
 * @param endLines the store's figures at the end, one printed line each
 * @param summaryKey the key of {@code figures} in summary.json
 * @param figures the store's figures for summary.json
 */
record KeysCentralStore(
    String name,
    String heading,
    String down,
    String who,
    String[] endLines,
    String summaryKey,
    Map<String, Object> figures) {}
