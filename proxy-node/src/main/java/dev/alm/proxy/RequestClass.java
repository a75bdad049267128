package dev.alm.proxy;

import dev.alm.fastcontrol.ProbeTarget;
import io.netty.handler.codec.http.HttpResponseStatus;

/**
 * What a request is, as {@link RequestClassifier} reads it: a request the codec could not read, one
 * refused before its host is read, one whose host cannot be read exactly, a FastControl probe, a
 * correlation beacon's fetch, or an ordinary request for a customer's content. The handler answers
 * each case in its own way.
 */
sealed interface RequestClass {

  /**
   * The codec could not read the request: answered with {@code status} and the connection closed.
   */
  record Undecodable(HttpResponseStatus status) implements RequestClass {}

  /** Refused by {@link RequestScreen} (an unsupported version): {@code status}, then close. */
  record Screened(HttpResponseStatus status) implements RequestClass {}

  /** Its Host header or target cannot be read exactly ({@link RequestAuthority}): 400, close. */
  record BadAuthority(RequestAuthority.Refused refusal) implements RequestClass {}

  /** A FastControl probe for {@code accepted}'s host and path, not yet verified. */
  record Probe(RequestAuthority.Accepted accepted, ProbeTarget target) implements RequestClass {}

  /**
   * A correlation beacon's fetch ({@code b-<16 hex>.beacon.<zone>}, docs/correlation/estimate.md):
   * answered at once, logged, and counted apart, never in S_i, as a probe is.
   */
  record Beacon(RequestAuthority.Accepted accepted) implements RequestClass {}

  /** An ordinary request for {@code accepted}'s host and path. */
  record Ordinary(RequestAuthority.Accepted accepted) implements RequestClass {}
}
