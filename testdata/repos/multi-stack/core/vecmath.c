#include <math.h>

#include "vecmath.h"

double vm_norm(const double *v, int n)
{
	double s = 0;
	for (int i = 0; i < n; i++)
		s += v[i] * v[i];
	return sqrt(s);
}
