// Placeholder: bulk multiplication report (issue 4).
#include "report.hpp"

namespace ffb {
void run_mul_report(const options&, results&) { progress("run_mul_report: not implemented yet"); }
}  // namespace ffb
