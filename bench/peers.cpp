// Placeholder: run_peers is being built (see the issues); it reports that it is not there yet.
#include "report.hpp"

namespace ffb {
void run_peers(const options&, results&) { progress("run_peers: not implemented yet"); }
}  // namespace ffb
