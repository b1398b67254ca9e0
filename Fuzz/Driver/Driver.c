// Only the header matters (LLVMFuzzerRunDriver's declaration for Swift); a C target needs a source.
#include "PEFuzzDriver.h"
