package dev.alm.app.drl;

import java.util.concurrent.CompletionStage;

/**
 * One limiter under test in the central baselines' bench and load runs: the shape the proxy plugs
 * in, a decision per call ({@code baseline::tryAcquire}, or a local bucket).
 */
@FunctionalInterface
interface LimiterUnderTest {
  CompletionStage<Boolean> tryAcquire(String customer, long units);
}
