/**
 * The offline model of the live fleet: {@link dev.alm.loop.fleet.FleetModel} runs every PoP's real
 * {@link dev.alm.loop.ControlLoop} against simulated users, resolver caches, DNS draws, anycast
 * routing, proxy meters and FastControl probes or price echoes, in seeded simulated time, so that
 * what {@code alm cluster} does live can be predicted and checked (docs/controllers/fleet-model.md,
 * "The offline model of the live loop").
 */
package dev.alm.loop.fleet;
