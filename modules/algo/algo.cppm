// ff.algo: what every field module brings, whatever its family: the core (elements, integers,
// CPU detection and dispatch, lanes, the field concept and type lists, the arithmetic contract)
// and the field-generic algorithms (the scalar products, the one batch engine, their tuning).
export module ff.algo;
export import ff.core.element;
export import ff.core.integer;
export import ff.core.secret;
export import ff.core.cpu;
export import ff.core.simd;
export import ff.core.lanes;
export import ff.core.dispatch;
export import ff.core.field;
export import ff.core.arithmetic;
export import ff.algo.tuning;
export import ff.algo.ops;
export import ff.algo.batch;
