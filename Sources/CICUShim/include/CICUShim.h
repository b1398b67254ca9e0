#ifndef CICUSHIM_H
#define CICUSHIM_H
// ICU-free interface to the few ICU services PhraseEngine uses. Text is UTF-16
// (uint16_t), status is ICU's UErrorCode as int32_t (<= 0 success).
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// ICU version string such as "72.1" (static storage).
const char *pe_icu_version(void);

/// NFKC normalization. Returns the output length (may exceed cap: retry larger).
int32_t pe_nfkc(const uint16_t *src, int32_t len, uint16_t *dst, int32_t cap, int32_t *status);
/// NFD normalization.
int32_t pe_nfd(const uint16_t *src, int32_t len, uint16_t *dst, int32_t cap, int32_t *status);
/// Locale-aware lowercasing ("tr", "az" map I to dotless i).
int32_t pe_lower(const uint16_t *src, int32_t len, uint16_t *dst, int32_t cap, const char *locale, int32_t *status);
/// Full Unicode case folding; turkic != 0 uses the Turkic rules for I and dotted I.
int32_t pe_fold(const uint16_t *src, int32_t len, uint16_t *dst, int32_t cap, int32_t turkic, int32_t *status);

/// General category (UCharCategory) and script (UScriptCode) of a code point.
int32_t pe_char_type(int32_t cp);
int32_t pe_script(int32_t cp);

/// Transliterators ("Any-Latin; Latin-ASCII", "Traditional-Simplified", ...).
/// Not thread-safe: clone per thread or guard.
void *pe_translit_open(const uint16_t *id, int32_t idLen, int32_t *status);
void *pe_translit_clone(void *t, int32_t *status);
/// Transliterates buf[0..<len] in place; returns the new length (may exceed cap on overflow).
int32_t pe_translit(void *t, uint16_t *buf, int32_t len, int32_t cap, int32_t *status);
void pe_translit_close(void *t);

/// Word break iterators (dictionary-based for ja, zh, th, ...). Not thread-safe.
void *pe_wordbreak_open(const char *locale, int32_t *status);
void *pe_wordbreak_clone(void *bi, int32_t *status);
/// Segments text; for each segment writes its start, end and rule status.
/// Returns the number of segments (at most cap are written; callers retry when larger).
int32_t pe_wordbreak_segment(void *bi, const uint16_t *text, int32_t len,
                             int32_t *starts, int32_t *ends, int32_t *statuses,
                             int32_t cap, int32_t *status);
void pe_wordbreak_close(void *bi);

/// Rule-based number spellout for a locale.
void *pe_spellout_open(const char *locale, int32_t *status);
/// Semicolon-separated public rule set names ("%spellout-numbering;%spellout-cardinal;...").
int32_t pe_spellout_rulesets(void *f, uint16_t *dst, int32_t cap, int32_t *status);
/// Formats n with the named rule set (NULL/0 length = default).
int32_t pe_spellout_format(void *f, int64_t n, const uint16_t *ruleset, int32_t rsLen,
                           uint16_t *dst, int32_t cap, int32_t *status);
void pe_spellout_close(void *f);

#ifdef __cplusplus
}
#endif
#endif
