// ff.binary: everything a binary field module brings to its users: the generic core and engine
// (ff.algo) and the binary family (policies, the arithmetic adapter, products, polynomial
// basis, scalar API).
export module ff.binary;
export import ff.algo;
export import ff.binary.policies;
export import ff.binary.arithmetic;
export import ff.binary.products;
export import ff.binary.xmm;
export import ff.binary.field;
export import ff.binary.polynomial;
export import ff.binary.ops;
