package dev.alm.traces.synthetic;

import java.util.List;

/**
 * Real metropolitan areas where CDNs keep PoPs, by IATA code, with their latitude and longitude in
 * degrees and a rough relative population weight. The synthetic generator places its PoPs at the
 * first N of them (the order mixes continents, so any N spreads over the world).
 */
final class Cities {

  /** One city. */
  record City(String id, double lat, double lon, double weight) {}

  static final List<City> ALL =
      List.of(
          new City("fra", 50.03, 8.57, 3),
          new City("iad", 38.95, -77.46, 4),
          new City("nrt", 35.76, 140.39, 4),
          new City("gru", -23.43, -46.47, 3),
          new City("lhr", 51.47, -0.45, 3),
          new City("sjc", 37.36, -121.93, 3),
          new City("sin", 1.36, 103.99, 3),
          new City("syd", -33.95, 151.18, 2),
          new City("ams", 52.31, 4.76, 2),
          new City("ord", 41.98, -87.90, 3),
          new City("bom", 19.09, 72.87, 4),
          new City("jnb", -26.14, 28.25, 2),
          new City("cdg", 49.01, 2.55, 3),
          new City("dfw", 32.90, -97.04, 3),
          new City("hkg", 22.31, 113.92, 3),
          new City("mad", 40.47, -3.57, 2),
          new City("lax", 33.94, -118.41, 3),
          new City("icn", 37.46, 126.44, 3),
          new City("waw", 52.17, 20.97, 2),
          new City("mia", 25.79, -80.29, 2),
          new City("del", 28.56, 77.10, 4),
          new City("scl", -33.39, -70.79, 1),
          new City("arn", 59.65, 17.92, 1),
          new City("sea", 47.45, -122.31, 2),
          new City("kul", 2.75, 101.71, 2),
          new City("mxp", 45.63, 8.72, 2),
          new City("yyz", 43.68, -79.63, 2),
          new City("bog", 4.70, -74.15, 2),
          new City("dxb", 25.25, 55.36, 2),
          new City("atl", 33.64, -84.43, 2),
          new City("vie", 48.11, 16.57, 1),
          new City("akl", -37.01, 174.79, 1),
          new City("eze", -34.82, -58.54, 2),
          new City("lga", 40.78, -73.87, 4),
          new City("cgk", -6.13, 106.66, 3),
          new City("ist", 41.26, 28.74, 2),
          new City("den", 39.86, -104.67, 1),
          new City("mnl", 14.51, 121.02, 2),
          new City("los", 6.58, 3.32, 2),
          new City("prg", 50.10, 14.26, 1),
          new City("bkk", 13.69, 100.75, 2),
          new City("cai", 30.12, 31.41, 2),
          new City("lim", -12.02, -77.11, 1),
          new City("hel", 60.32, 24.96, 1),
          new City("nbo", -1.32, 36.93, 1),
          new City("per", -31.94, 115.97, 1),
          new City("kix", 34.43, 135.24, 2),
          new City("mex", 19.44, -99.07, 3));

  private Cities() {}

  /** Great-circle distance in radians. */
  static double distance(double lat1, double lon1, double lat2, double lon2) {
    double p1 = Math.toRadians(lat1);
    double p2 = Math.toRadians(lat2);
    double dp = p2 - p1;
    double dl = Math.toRadians(lon2 - lon1);
    double a =
        Math.sin(dp / 2) * Math.sin(dp / 2)
            + Math.cos(p1) * Math.cos(p2) * Math.sin(dl / 2) * Math.sin(dl / 2);
    return 2 * Math.atan2(Math.sqrt(a), Math.sqrt(Math.max(0, 1 - a)));
  }
}
