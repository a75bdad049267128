package dev.alm.ratelimit.alloc;

import java.util.List;

/**
 * The outputs of one allocation step.
 *
 * @param state the limiter's new state, to pass to its next step
 * @param enforcement how to police local traffic until the next step
 * @param outgoing messages to send now, each addressed to one peer
 * @param <S> the state type
 * @param <M> the message body type
 */
public record StepResult<S, M extends PeerMessage>(
    S state, Enforcement enforcement, List<Envelope<M>> outgoing) {

  public StepResult {
    if (state == null || enforcement == null || outgoing == null) {
      throw new IllegalArgumentException("state, enforcement and outgoing are required");
    }
  }
}
