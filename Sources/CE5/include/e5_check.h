/* e5_check.h - PhraseEngine's bounds check of an e5 model image (see e5_check.c). */
#ifndef E5_CHECK_H
#define E5_CHECK_H
#include <stddef.h>
#ifdef __cplusplus
extern "C" {
#endif
/* 0 when `data` (`size` bytes) is a model image e5_load_mem reads in bounds; otherwise -1 with
 * a one-line reason in `err` (at most `errlen` bytes, NUL-terminated). */
int e5_check(const void *data, size_t size, char *err, size_t errlen);
#ifdef __cplusplus
}
#endif
#endif
