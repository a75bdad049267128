package dev.alm.controller.stability;

/**
 * One eigenvalue {@code real + i imaginary} of the Jacobian of eq. (46)-(48) of paper 004 at a
 * fixed point of the greedy ODE (24). By Hartman-Grobman (appendix VII-D), the signs of the real
 * parts decide local stability.
 *
 * @param real real part
 * @param imaginary imaginary part (0 for real eigenvalues)
 */
public record Eigenvalue(double real, double imaginary) {}
