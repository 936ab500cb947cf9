#include "calc.h"

int main(void)
{
	return calc_add(2, 3) == 5 && calc_mul(4, 5) == 20 ? 0 : 1;
}
