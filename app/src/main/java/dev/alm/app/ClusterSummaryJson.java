package dev.alm.app;

import dev.alm.cluster.ClusterRun;
import dev.alm.cluster.ClusterSummary;
import dev.alm.loadgen.UserCounts;
import dev.alm.optimum.OptimumResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code alm cluster}'s summary.json (docs/cluster.md), also the part of {@code alm lab}'s. */
final class ClusterSummaryJson {
  private ClusterSummaryJson() {}

  /**
   * summary.json: per PoP figures, the optimum's x for comparison (and the optimum with all the
   * load the proxies see, {@code all}, when given), settling and recovery by 5-interval means, and
   * the users' achieved rates.
   */
  static Map<String, Object> of(
      ClusterRun run, ClusterSummary s, OptimumResult opt, AllLoadOptimum.Result all) {
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("algorithm", run.config().algorithm().label());
    doc.put("pops", run.config().topology().size());
    doc.put("durationSeconds", run.seconds());
    Map<String, Object> pops = new LinkedHashMap<>();
    List<String> ids = run.config().topology().ids();
    double maxDistance = 0;
    double maxDistanceAll = 0;
    for (Map.Entry<String, ClusterSummary.PopFigures> e : s.pops().entrySet()) {
      ClusterSummary.PopFigures f = e.getValue();
      Map<String, Object> p = figures(f);
      int j = ids.indexOf(e.getKey());
      // a PoP without DNS users (demand 0) answers no one: its x is not compared
      boolean users = run.config().topology().node(j).demand() > 0;
      if (opt != null) {
        double ox = opt.x()[j];
        p.put("optimumX", ox);
        p.put("distanceFromOptimum", Math.abs(f.meanX() - ox));
        maxDistance = users ? Math.max(maxDistance, Math.abs(f.meanX() - ox)) : maxDistance;
      }
      if (all != null) {
        double ox = all.optimum().x()[j];
        p.put("backgroundLoad", all.background()[j]);
        p.put("optimumXAllLoad", ox);
        p.put("distanceFromOptimumAllLoad", Math.abs(f.meanX() - ox));
        maxDistanceAll =
            users ? Math.max(maxDistanceAll, Math.abs(f.meanX() - ox)) : maxDistanceAll;
      }
      pops.put(e.getKey(), p);
    }
    doc.put("pops", pops);
    if (opt != null) {
      doc.put("maxDistanceFromOptimum", maxDistance);
    }
    if (all != null) {
      doc.put("maxDistanceFromOptimumAllLoad", maxDistanceAll);
      doc.put(
          "overloadedWhateverX",
          AllLoadOptimum.overloadedWhateverX(run.config().topology(), all.background()));
    }
    doc.put("coldStartIntervals", ClusterReport.intOrNull(s.coldStartIntervals()));
    doc.put("coldStartOverloadIntervals", ClusterReport.intOrNull(s.coldStartOverloadIntervals()));
    if (!run.customers().isEmpty()) {
      doc.put("customers", ClusterCustomersReport.summary(run));
    }
    doc.put("flashRecoverySeconds", Outputs.finiteOrNull(s.recoverySeconds()));
    if (run.config().flash() != null) {
      Map<String, Object> flash = new LinkedHashMap<>();
      flash.put("start", ClusterReport.intOrNull(s.flashStartRecoveryIntervals()));
      flash.put("end", ClusterReport.intOrNull(s.flashEndRecoveryIntervals()));
      doc.put("flashRecoveryIntervals", flash);
    } else {
      doc.put("flashRecoveryIntervals", null);
    }
    doc.put("settledSeconds", Outputs.finiteOrNull(s.settledSeconds()));
    doc.put("settledIntervals", Outputs.finiteOrNull(ClusterReport.settledIntervals(run, s)));
    doc.put("maxMeanLoadRatioLastHalf", Outputs.finiteOrNull(ClusterReport.worstHalf(s)));
    List<Map<String, Object>> drills = new ArrayList<>();
    for (ClusterSummary.DrillFigures d : s.drills()) {
      drills.add(drill(d));
    }
    doc.put("drills", drills);
    doc.put("users", users(run));
    return doc;
  }

  /** One PoP's figures. */
  private static Map<String, Object> figures(ClusterSummary.PopFigures f) {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("x", f.x());
    p.put("meanX", f.meanX());
    p.put("loadRatio", Outputs.finiteOrNull(f.loadRatio()));
    p.put("maxLoadRatioLastHalf", f.maxLoadRatioLastHalf());
    p.put("secondsOverCapacity", f.secondsOverCapacity());
    p.put("shed", f.shed());
    p.put("mu", f.mu());
    p.put("fallbackIntervals", f.fallbackIntervals());
    p.put("meanLoadRatioLastHalf", Outputs.finiteOrNull(f.meanLoadRatioLastHalf()));
    p.put("maxXChangeLastHalf", f.maxXChangeLastHalf());
    p.put("largeXChangesLastHalf", f.largeXChangesLastHalf());
    p.put("settledSeconds", Outputs.finiteOrNull(f.settledSeconds()));
    return p;
  }

  /** One drill: what it did, the loads around it, its fallback and recovery. */
  private static Map<String, Object> drill(ClusterSummary.DrillFigures d) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("kind", d.outcome().drill().kind().label());
    m.put("pop", d.outcome().drill().pop());
    m.put("t", d.outcome().tSeconds());
    m.put("xBefore", d.outcome().xBefore());
    m.put("muBefore", d.outcome().muBefore());
    m.put("xAfter", d.outcome().xAfter());
    m.put("muAfter", d.outcome().muAfter());
    m.put("downMillis", d.outcome().downMillis());
    m.put("maxLoadRatioBefore", d.maxLoadRatioBefore());
    m.put("maxLoadRatioAfter", d.maxLoadRatioAfter());
    m.put("maxXJumpAfter", d.maxXJumpAfter());
    m.put("fallbackSeconds", Outputs.finiteOrNull(d.fallbackSeconds()));
    m.put("fallbackX", Outputs.finiteOrNull(d.fallbackX()));
    m.put("recoveryIntervals", ClusterReport.intOrNull(d.recoveryIntervals()));
    return m;
  }

  /** The users' rates against the target, their shed and failed requests, their lag, per PoP. */
  private static Map<String, Object> users(ClusterRun run) {
    long requests = 0;
    long failed = 0;
    long shed = 0;
    long dns = 0;
    long probes = 0;
    long skipped = 0;
    double lag = 0;
    double worst = 0;
    double worstAt = 0;
    for (UserCounts u : run.users().values()) {
      requests += u.requests();
      failed += u.failed();
      shed += u.shed();
      dns += u.dnsQueries();
      probes += u.probes();
      skipped += u.beaconsSkipped();
      lag = Math.max(lag, u.lagSeconds());
      if (u.maxLagSeconds() > worst) {
        worst = u.maxLagSeconds();
        worstAt = u.maxLagAtSeconds();
      }
    }
    Map<String, Object> users = new LinkedHashMap<>();
    users.put("targetRequestsPerSecond", run.targetRate());
    users.put("achievedRequestsPerSecond", requests / run.seconds());
    users.put("dnsQueriesPerSecond", dns / run.seconds());
    users.put("probesPerSecond", probes / run.seconds());
    users.put("shed", shed);
    users.put("failed", failed);
    users.put("beaconsSkipped", skipped);
    users.put("maxLagSeconds", lag);
    users.put("worstLagSeconds", worst);
    users.put("worstLagAtSeconds", worstAt);
    users.put("byPop", run.users());
    return users;
  }
}
