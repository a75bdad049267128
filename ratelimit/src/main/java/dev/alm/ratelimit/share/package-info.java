/**
 * Node-level sharing of a node's limit among its clients, paper 003 (Siami and Skaf, "Structural
 * Analysis and Optimal Design of Distributed System Throttlers") section 7: Algorithm 1 (equal
 * throttled ratio) and Algorithm 2 (max-min fair by client). Pure functions of the node's limit and
 * its clients' requests in one update cycle.
 */
package dev.alm.ratelimit.share;
