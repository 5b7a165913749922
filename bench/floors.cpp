// Placeholder: hardware floors (issue 4).
#include "report.hpp"

namespace ffb {
void run_floors(const options&, results&) { progress("run_floors: not implemented yet"); }
}  // namespace ffb
