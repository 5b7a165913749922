// The umbrella module: `import ff;` brings every field and all generic machinery.
export module ff;
export import ff.core;
export import ff.cpu;
export import ff.clmul;
export import ff.polynomial;
export import ff.kernel;
export import ff.ops;
export import ff.batch;
export import ff.power;
export import ff.b127;
export import ff.ghash128;
export import ff.b163;
export import ff.b191;
export import ff.sect193;
export import ff.b256;
export import ff.ghash2;
