// ff.binary: everything a binary field module brings to its users: the generic core, the
// binary family (policies, products, polynomial basis, scalar API) and the batch API.
export module ff.binary;
export import ff.core.element;
export import ff.core.cpu;
export import ff.core.simd;
export import ff.core.lanes;
export import ff.core.dispatch;
export import ff.core.field;
export import ff.core.secret;
export import ff.algo.tuning;
export import ff.algo.ops;
export import ff.algo.batch;
export import ff.binary.policies;
export import ff.binary.products;
export import ff.binary.xmm;
export import ff.binary.field;
export import ff.binary.polynomial;
export import ff.binary.ops;
