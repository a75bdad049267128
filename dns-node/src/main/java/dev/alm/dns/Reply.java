package dev.alm.dns;

/** The answering function's result for one received message: a response to send, or nothing. */
public sealed interface Reply {

  /** A response in wire format. */
  record Send(byte[] wire, Outcome outcome) implements Reply {}

  /** Nothing is sent: the message could not be parsed at all, or was itself a response. */
  record Drop(String reason) implements Reply {}
}
