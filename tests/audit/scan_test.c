/* zl-audit scanner as a library: the fuzz target's body on deterministic mutations of the
 * fixture corpus (a short, always-on stand-in for the libFuzzer run), plus API checks. */
#include "audit/audit.h"

#include <stdlib.h>
#include <unistd.h>

#include "lib/check.h"
#include "audit/fuzz_audit.c"

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *b = malloc(1 << 16);
    *len = b ? fread(b, 1, 1 << 16, f) : 0;
    fclose(f);
    return b;
}

static u64 rng = 0x2545f4914f6cdd1dull;
static u32 rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (u32)rng;
}

TEST(mutations_do_not_crash)
{
    static const char *const seeds[] = {
        "tests/audit/fixtures/kernel/width.c", "tests/audit/fixtures/kernel/casts.c",
        "tests/audit/fixtures/drivers/print.c", "tests/audit/fixtures/include/uapi/linux/zl_ioctl.h",
        "tests/audit/fixtures/lib/struct_size.c",
    };
    static const char tokens[] = "(){}[]#\\\n\"'/*,;<>=~!&|%.0123456789xULu ";
    int runs = 0;
    for (size_t s = 0; s < sizeof seeds / sizeof seeds[0]; s++) {
        size_t len;
        char *base = slurp(seeds[s], &len);
        CHECK(base != NULL);
        if (!base) continue;
        char *m = malloc(len + 64);
        for (int it = 0; it < 300; it++) {
            size_t n = len;
            memcpy(m, base, n);
            int edits = 1 + (int)(rnd() % 8);
            for (int e = 0; e < edits && n; e++) {
                size_t at = rnd() % n;
                switch (rnd() % 4) {
                case 0: m[at] = tokens[rnd() % (sizeof tokens - 1)]; break;
                case 1: m[at] = (char)rnd(); break;
                case 2: n = at; break; /* truncate */
                default:
                    if (n + 1 < len + 64) {
                        memmove(m + at + 1, m + at, n - at);
                        m[at] = tokens[rnd() % (sizeof tokens - 1)];
                        n++;
                    }
                }
            }
            LLVMFuzzerTestOneInput((const u8 *)m, n);
            runs++;
        }
        free(m);
        free(base);
    }
    CHECK(runs == 1500);
}

TEST(api_and_rule_table)
{
    for (int r = 0; r < R_COUNT; r++) {
        CHECK(audit_rule_find(audit_rules[r].id, strlen(audit_rules[r].id)) == r);
        CHECK(audit_rules[r].desc && audit_rules[r].why && audit_rules[r].fix);
    }
    CHECK(audit_rule_find("nope", 4) == -1);
    struct audit_scratch *s = audit_scratch_new();
    struct audit_file f;
    memset(&f, 0, sizeof f);
    f.path = (char *)"x.c";
    const char *src = "#if BITS_PER_LONG == 64\n#endif\nu64 a = (u64)&b;\n";
    audit_scan(s, f.path, src, strlen(src), 1u << R_WIDTH_TEST, &f);
    CHECK(f.nf == 1 && f.f[0].line == 1 && f.f[0].col == 5 && f.f[0].rule == R_WIDTH_TEST);
    audit_file_clear(&f);
    audit_scan(s, f.path, src, strlen(src), (1u << R_COUNT) - 1, &f);
    CHECK(f.nf == 2 && f.f[1].line == 3 && f.f[1].col == 9 && f.f[1].rule == R_PTR_CAST_64);
    f.path = NULL;
    audit_file_clear(&f);
    audit_scratch_free(s);
}

static void put(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

static bool holds(const char *path, const char *text)
{
    size_t len = 0;
    char *b = slurp(path, &len);
    bool ok = b && len == strlen(text) && memcmp(b, text, len) == 0;
    free(b);
    return ok;
}

/* audit_apply rewrites a file only if it is the one that was scanned, and a refused or
 * finished rewrite leaves no temporary file behind */
TEST(apply_only_the_scanned_file)
{
    char dir[] = "/tmp/zl-audit-apply.XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char path[64];
    snprintf(path, sizeof path, "%s/w.c", dir);
    const char *src = "#if __SIZEOF_LONG__ == 8\n#endif\n";
    struct audit_scratch *s = audit_scratch_new();
    struct audit_file f;
    memset(&f, 0, sizeof f);
    f.path = path;
    audit_scan(s, f.path, src, strlen(src), (1u << R_COUNT) - 1, &f);
    CHECK(f.nf == 1 && f.f[0].fix && !strcmp(f.f[0].fix->text, ">="));
    struct audit_run run = {&f, 1, (1u << R_COUNT) - 1, false, 0, NULL, 0};
    FILE *err = tmpfile();
    u32 applied = 7;
    put(path, "#if __SIZEOF_LONG__ == 8\n#endif\n\n"); /* changed after the scan */
    CHECK(audit_apply(&run, err, &applied) == 1 && applied == 0);
    CHECK(holds(path, "#if __SIZEOF_LONG__ == 8\n#endif\n\n"));
    put(path, src);
    CHECK(audit_apply(&run, err, &applied) == 0 && applied == 1);
    CHECK(holds(path, "#if __SIZEOF_LONG__ >= 8\n#endif\n"));
    fclose(err);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "[ \"$(ls -A %s)\" = w.c ]", dir);
    CHECK(system(cmd) == 0);
    unlink(path);
    rmdir(dir);
    f.path = NULL;
    audit_file_clear(&f);
    audit_scratch_free(s);
}

int main(void)
{
    RUN(mutations_do_not_crash);
    RUN(api_and_rule_table);
    RUN(apply_only_the_scanned_file);
    return check_done();
}
