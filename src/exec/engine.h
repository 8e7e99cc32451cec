/* Execution engines: what runs a hart's guest code.  The interpreter (interp_tmpl.h) is
 * the reference; the translator (jit_tmpl.h) compiles guest blocks to x86-64 and hands
 * whatever it does not translate to the interpreter.  Both exist once per XLEN, so the
 * RV64 path never pays for RV128. */
#ifndef ZL_EXEC_ENGINE_H
#define ZL_EXEC_ENGINE_H

struct hart;

/* ENGINE_DEFAULT: the translator for the XLENs it runs by default, else the interpreter */
enum engine_kind { ENGINE_INTERP, ENGINE_JIT, ENGINE_DEFAULT };

struct engine {
    const char *name;
    /* Run from h->pc until something stops the hart; returns enum run_stop. */
    int (*run)(struct hart *h);
    /* Drop every translated block (code was written, mappings changed). */
    void (*flush)(struct hart *h);
    /* Free the engine's per-hart state (h->bcache, h->jcache). */
    void (*destroy)(struct hart *h);
};

/* The engine of `kind` for `xlen`, or NULL if this host has none (the JIT needs x86-64). */
const struct engine *engine_get(enum engine_kind kind, int xlen);

/* What --engine picks when not given: ZL_RUN_ENGINE's engine, else ENGINE_DEFAULT where
 * the host has the translator, else the interpreter. */
enum engine_kind engine_default(void);

#endif
