// ff.prime: everything a prime field module brings to its users: the generic core and engine
// (ff.algo), the field templates, the backend policies, the arithmetic the towers and curves
// are written over, and the scalar API.
export module ff.prime;
export import ff.algo;
export import ff.prime.policies;
export import ff.prime.adx;
export import ff.prime.ifma;
export import ff.prime.inverse;
export import ff.prime.field;
export import ff.prime.arithmetic;
export import ff.prime.powers;
export import ff.prime.ops;
export import ff.prime.radix;
