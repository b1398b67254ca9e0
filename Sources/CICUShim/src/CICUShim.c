#include "CICUShim.h"
#include <unicode/uversion.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utrans.h>
#include <unicode/ubrk.h>
#include <unicode/unum.h>
#include <string.h>

const char *pe_icu_version(void) { return U_ICU_VERSION; }

static int32_t normalize(const UNormalizer2 *n, const uint16_t *src, int32_t len,
                         uint16_t *dst, int32_t cap, UErrorCode *st) {
    if (U_FAILURE(*st)) return 0;
    return unorm2_normalize(n, (const UChar *)src, len, (UChar *)dst, cap, st);
}

int32_t pe_nfkc(const uint16_t *src, int32_t len, uint16_t *dst, int32_t cap, int32_t *status) {
    UErrorCode st = U_ZERO_ERROR;
    const UNormalizer2 *n = unorm2_getNFKCInstance(&st);
    int32_t r = normalize(n, src, len, dst, cap, &st);
    *status = (int32_t)st;
    return r;
}

int32_t pe_nfd(const uint16_t *src, int32_t len, uint16_t *dst, int32_t cap, int32_t *status) {
    UErrorCode st = U_ZERO_ERROR;
    const UNormalizer2 *n = unorm2_getNFDInstance(&st);
    int32_t r = normalize(n, src, len, dst, cap, &st);
    *status = (int32_t)st;
    return r;
}

int32_t pe_lower(const uint16_t *src, int32_t len, uint16_t *dst, int32_t cap, const char *locale, int32_t *status) {
    UErrorCode st = U_ZERO_ERROR;
    int32_t r = u_strToLower((UChar *)dst, cap, (const UChar *)src, len, locale, &st);
    *status = (int32_t)st;
    return r;
}

int32_t pe_fold(const uint16_t *src, int32_t len, uint16_t *dst, int32_t cap, int32_t turkic, int32_t *status) {
    UErrorCode st = U_ZERO_ERROR;
    int32_t r = u_strFoldCase((UChar *)dst, cap, (const UChar *)src, len,
                              turkic ? U_FOLD_CASE_EXCLUDE_SPECIAL_I : U_FOLD_CASE_DEFAULT, &st);
    *status = (int32_t)st;
    return r;
}

int32_t pe_char_type(int32_t cp) { return (int32_t)u_charType((UChar32)cp); }

int32_t pe_script(int32_t cp) {
    UErrorCode st = U_ZERO_ERROR;
    UScriptCode s = uscript_getScript((UChar32)cp, &st);
    return U_FAILURE(st) ? -1 : (int32_t)s;
}

void *pe_translit_open(const uint16_t *id, int32_t idLen, int32_t *status) {
    UErrorCode st = U_ZERO_ERROR;
    UTransliterator *t = utrans_openU((const UChar *)id, idLen, UTRANS_FORWARD, NULL, 0, NULL, &st);
    *status = (int32_t)st;
    return U_FAILURE(st) ? NULL : (void *)t;
}

void *pe_translit_clone(void *t, int32_t *status) {
    UErrorCode st = U_ZERO_ERROR;
    UTransliterator *c = utrans_clone((const UTransliterator *)t, &st);
    *status = (int32_t)st;
    return U_FAILURE(st) ? NULL : (void *)c;
}

int32_t pe_translit(void *t, uint16_t *buf, int32_t len, int32_t cap, int32_t *status) {
    UErrorCode st = U_ZERO_ERROR;
    int32_t textLength = len;
    int32_t limit = len;
    utrans_transUChars((const UTransliterator *)t, (UChar *)buf, &textLength, cap, 0, &limit, &st);
    *status = (int32_t)st;
    return textLength;
}

void pe_translit_close(void *t) { if (t) utrans_close((UTransliterator *)t); }

void *pe_wordbreak_open(const char *locale, int32_t *status) {
    UErrorCode st = U_ZERO_ERROR;
    UBreakIterator *bi = ubrk_open(UBRK_WORD, locale, NULL, 0, &st);
    *status = (int32_t)st;
    return U_FAILURE(st) ? NULL : (void *)bi;
}

void *pe_wordbreak_clone(void *bi, int32_t *status) {
    UErrorCode st = U_ZERO_ERROR;
    UBreakIterator *c = ubrk_clone((const UBreakIterator *)bi, &st);
    *status = (int32_t)st;
    return U_FAILURE(st) ? NULL : (void *)c;
}

int32_t pe_wordbreak_segment(void *bi, const uint16_t *text, int32_t len,
                             int32_t *starts, int32_t *ends, int32_t *statuses,
                             int32_t cap, int32_t *status) {
    UErrorCode st = U_ZERO_ERROR;
    UBreakIterator *b = (UBreakIterator *)bi;
    ubrk_setText(b, (const UChar *)text, len, &st);
    if (U_FAILURE(st)) { *status = (int32_t)st; return 0; }
    int32_t n = 0;
    int32_t start = ubrk_first(b);
    for (int32_t end = ubrk_next(b); end != UBRK_DONE; start = end, end = ubrk_next(b)) {
        if (n < cap) {
            starts[n] = start;
            ends[n] = end;
            statuses[n] = ubrk_getRuleStatus(b);
        }
        n++;
    }
    /* Detach the iterator from the caller's buffer. */
    ubrk_setText(b, (const UChar *)text, 0, &st);
    *status = (int32_t)st;
    return n;
}

void pe_wordbreak_close(void *bi) { if (bi) ubrk_close((UBreakIterator *)bi); }

void *pe_spellout_open(const char *locale, int32_t *status) {
    UErrorCode st = U_ZERO_ERROR;
    UNumberFormat *f = unum_open(UNUM_SPELLOUT, NULL, 0, locale, NULL, &st);
    *status = (int32_t)st;
    return U_FAILURE(st) ? NULL : (void *)f;
}

int32_t pe_spellout_rulesets(void *f, uint16_t *dst, int32_t cap, int32_t *status) {
    UErrorCode st = U_ZERO_ERROR;
    int32_t r = unum_getTextAttribute((const UNumberFormat *)f, UNUM_PUBLIC_RULESETS, (UChar *)dst, cap, &st);
    *status = (int32_t)st;
    return r;
}

int32_t pe_spellout_format(void *f, int64_t n, const uint16_t *ruleset, int32_t rsLen,
                           uint16_t *dst, int32_t cap, int32_t *status) {
    UErrorCode st = U_ZERO_ERROR;
    UNumberFormat *fmt = (UNumberFormat *)f;
    if (ruleset && rsLen > 0) {
        unum_setTextAttribute(fmt, UNUM_DEFAULT_RULESET, (const UChar *)ruleset, rsLen, &st);
        if (U_FAILURE(st)) { *status = (int32_t)st; return 0; }
    }
    int32_t r = unum_formatInt64(fmt, n, (UChar *)dst, cap, NULL, &st);
    *status = (int32_t)st;
    return r;
}

void pe_spellout_close(void *f) { if (f) unum_close((UNumberFormat *)f); }
