package dev.alm.cluster;

import dev.alm.loadgen.UserCounts;
import dev.alm.loop.Sample;
import java.util.List;
import java.util.Map;

/**
 * The record of a cluster run: every PoP's samples, interval by interval, and what the users did.
 *
 * @param config what ran
 * @param samples one per PoP per interval, in time order
 * @param users per PoP id
 * @param seconds how long the users ran
 * @param targetRate the users' mean target request rate over all PoPs, requests/s
 * @param drills the drills that ran, in time order
 * @param customers how the fleet held each customer's limit, in config order
 * @param customerWindows each customer's 1 s windows, in config order
 */
public record ClusterRun(
    ClusterConfig config,
    List<Sample> samples,
    Map<String, UserCounts> users,
    double seconds,
    double targetRate,
    List<DrillOutcome> drills,
    List<CustomerOutcome> customers,
    List<CustomerWindows> customerWindows) {

  public ClusterRun {
    customers = List.copyOf(customers);
    customerWindows = List.copyOf(customerWindows);
    samples = List.copyOf(samples);
    drills = List.copyOf(drills);
    users = Map.copyOf(users);
  }
}
