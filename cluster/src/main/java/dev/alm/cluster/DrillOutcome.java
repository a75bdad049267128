package dev.alm.cluster;

/**
 * What a drill did at the moment it ran. The effect on the loads is read from the samples around it
 * ({@link ClusterSummary}).
 *
 * @param drill the drill
 * @param tSeconds when it ran, seconds into the run (the first interval boundary at or after its
 *     time)
 * @param xBefore the PoP's x just before
 * @param muBefore its mu just before
 * @param xAfter restart: the x the new daemon started with (restored or not); kill: the x it had
 * @param muAfter restart: the mu the new daemon started with; kill: the mu it had
 * @param downMillis restart: how long the PoP was down (close to listening again); kill: 0
 */
public record DrillOutcome(
    Drill drill,
    double tSeconds,
    double xBefore,
    double muBefore,
    double xAfter,
    double muAfter,
    double downMillis) {}
