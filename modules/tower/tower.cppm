// ff.tower: quadratic and cubic extensions over any field arithmetic, with compile-time
// constants (ff.tower.constant).
export module ff.tower;
export import ff.tower.constant;
export import ff.tower.quadratic;
export import ff.tower.cubic;
