package dev.alm.dns;

import dev.alm.traces.AnswerKind;
import org.xbill.DNS.ClientSubnetOption;
import org.xbill.DNS.Name;

/**
 * What one answered query was, for metrics, the query log and response-rate limiting.
 *
 * @param qname the question name, or {@code null} if the query carried none (FORMERR, NOTIMP)
 * @param qtype the question type, or -1
 * @param rcode the response code, extended (BADVERS is 16)
 * @param kind what the answer sent the user to
 * @param ecs the query's client subnet option, or {@code null}
 * @param truncated whether TC was set because the answer did not fit
 */
public record Outcome(
    Name qname, int qtype, int rcode, AnswerKind kind, ClientSubnetOption ecs, boolean truncated) {}
