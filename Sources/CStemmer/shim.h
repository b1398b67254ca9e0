// Snowball's stemmers (libstemmer, Debian libstemmer-dev, BSD): no pkg-config file, so the
// module map links "stemmer" and this header includes the system one.
#include <libstemmer.h>
