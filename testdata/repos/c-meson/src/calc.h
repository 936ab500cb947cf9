#ifndef CALC_H
#define CALC_H
long calc_add(long a, long b);
long calc_mul(long a, long b);
#endif
