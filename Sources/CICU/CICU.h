// Deliberately empty: this system-library target only carries ICU's
// pkg-config compiler and linker flags to the C shim (CICUShim). ICU headers
// are included by the shim's C sources, never by Swift.
#include <stdint.h>
