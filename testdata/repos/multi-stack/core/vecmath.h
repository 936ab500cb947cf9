#ifndef VECMATH_H
#define VECMATH_H
/* vm_norm returns the Euclidean norm of the n doubles at v. */
double vm_norm(const double *v, int n);
#endif
