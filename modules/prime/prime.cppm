// ff.prime: everything a prime field module brings to its users: the generic core, the
// Montgomery template, the backend policies and the scalar and batch API.
export module ff.prime;
export import ff.core.element;
export import ff.core.cpu;
export import ff.core.dispatch;
export import ff.core.field;
export import ff.core.secret;
export import ff.core.integer;
export import ff.prime.policies;
export import ff.prime.adx;
export import ff.prime.ifma;
export import ff.prime.inverse;
export import ff.prime.field;
export import ff.prime.ops;
export import ff.prime.radix;
