// Placeholder: run_sweep is being built (see the issues); it reports that it is not there yet.
#include "report.hpp"

namespace ffb {
void run_sweep(const options&, results&) { progress("run_sweep: not implemented yet"); }
}  // namespace ffb
