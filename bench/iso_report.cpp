// Placeholder: run_iso_report is being built (see the issues); it reports that it is not there yet.
#include "report.hpp"

namespace ffb {
void run_iso_report(const options&, results&) { progress("run_iso_report: not implemented yet"); }
}  // namespace ffb
