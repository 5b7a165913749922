// Placeholder: run_power_report is being built (see the issues); it reports that it is not there yet.
#include "report.hpp"

namespace ffb {
void run_power_report(const options&, results&) { progress("run_power_report: not implemented yet"); }
}  // namespace ffb
