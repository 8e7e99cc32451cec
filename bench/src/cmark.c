/* cmark: a CoreMark-style mixed integer workload, written for ZettaLinux.
 *
 * Each iteration runs three kernels over small, cache-resident data and
 * folds their results into CRC-16s:
 *   list   - 128-node linked list: key searches with move-to-front,
 *            reversal, and two bottom-up merge sorts through comparator
 *            function pointers (by a scrambled value, then by key);
 *   matrix - 16x16 int16 matrices: add a constant, scale by a constant,
 *            matrix*vector, matrix*matrix, and matrix*matrix over extracted
 *            bit fields, each summarised into a CRC;
 *   state  - a finite-state scanner that classifies comma-separated tokens
 *            (integers, signed, decimals, exponents, hex, garbage) in a
 *            byte buffer that is perturbed every iteration.
 * The data evolves from iteration to iteration, so the checksum depends on
 * every iteration having been executed correctly.
 *
 * usage: cmark [iterations]
 */
#include "bench.h"

#define NAME          "cmark"
#define DEFAULT_ITERS 24000
#define EXPECTED      0x1c838cace208b04dULL  /* at DEFAULT_ITERS; from a native x86-64 build */

/* ------------------------------------------------------------ linked list */
#define NNODES 128
#define NFIND  8

struct node {
    struct node *next;
    int16_t key;
    uint16_t val;
};

static struct node pool[NNODES];

static struct node *list_init(uint32_t seed)
{
    struct node *head = 0;
    for (int i = NNODES - 1; i >= 0; i--) {
        pool[i].key = (int16_t)((int)(rng32(&seed) & 0x3ff) - 512);
        pool[i].val = (uint16_t)rng32(&seed);
        pool[i].next = head;
        head = &pool[i];
    }
    return head;
}

static int cmp_key(const struct node *a, const struct node *b)
{
    if (a->key != b->key)
        return a->key < b->key ? -1 : 1;
    return (int)a->val - (int)b->val;
}

static uint16_t scramble(uint16_t v)
{
    uint32_t x = (uint32_t)v * 0x9e37u;
    return (uint16_t)((x >> 5) ^ (x >> 16) ^ v);
}

static int cmp_scrambled(const struct node *a, const struct node *b)
{
    return (int)scramble(a->val) - (int)scramble(b->val);
}

static struct node *list_reverse(struct node *h)
{
    struct node *prev = 0;
    while (h) {
        struct node *n = h->next;
        h->next = prev;
        prev = h;
        h = n;
    }
    return prev;
}

/* Stable bottom-up merge sort of a singly linked list. */
static struct node *list_sort(struct node *list,
                              int (*cmp)(const struct node *, const struct node *))
{
    for (int width = 1;; width *= 2) {
        struct node *p = list, *tail = 0;
        int merges = 0;
        list = 0;
        while (p) {
            struct node *q = p;
            int psize = 0, qsize = width;
            merges++;
            while (psize < width && q) {
                psize++;
                q = q->next;
            }
            while (psize > 0 || (qsize > 0 && q)) {
                struct node *e;
                if (psize == 0) {
                    e = q; q = q->next; qsize--;
                } else if (qsize == 0 || !q || cmp(p, q) <= 0) {
                    e = p; p = p->next; psize--;
                } else {
                    e = q; q = q->next; qsize--;
                }
                if (tail)
                    tail->next = e;
                else
                    list = e;
                tail = e;
            }
            p = q;
        }
        if (tail)
            tail->next = 0;
        if (merges <= 1)
            return list;
    }
}

static uint16_t list_bench(struct node **headp, uint32_t it, uint16_t crc)
{
    struct node *head = *headp;
    uint32_t found = 0, missed = 0;

    for (uint32_t j = 0; j < NFIND; j++) {
        int16_t target = (int16_t)((int)((it * 7u + j * 131u) & 0x3ff) - 512);
        struct node *prev = 0, *n = head;
        uint32_t pos = 0;
        while (n && n->key != target) {
            prev = n;
            n = n->next;
            pos++;
        }
        if (n) {
            found += pos;
            n->val = (uint16_t)(n->val + j + 1);
            if (prev) {                 /* move to front */
                prev->next = n->next;
                n->next = head;
                head = n;
            }
        } else {
            missed++;
        }
    }
    crc = crc16_u32(crc, found);
    crc = crc16_u32(crc, missed);

    head = list_reverse(head);
    crc = crc16_u16(crc, (uint16_t)head->key);

    head = list_sort(head, cmp_scrambled);
    uint16_t i = 0;
    for (struct node *n = head; n; n = n->next, i++)
        if ((i & 7) == 0)
            crc = crc16_u16(crc, (uint16_t)(n->val ^ i));

    head = list_sort(head, cmp_key);
    i = 0;
    for (struct node *n = head; n; n = n->next, i++) {
        if (n->next && cmp_key(n, n->next) > 0)
            bench_fail(NAME, "list not sorted");
        crc = crc16_u16(crc, (uint16_t)n->key);
        if (i % 5 == 0)                 /* evolve the data */
            n->val = (uint16_t)(n->val * 31u + it);
    }
    if (i != NNODES)
        bench_fail(NAME, "list lost nodes");
    *headp = head;
    return crc;
}

/* ----------------------------------------------------------------- matrix */
#define MN 16

static int16_t ma[MN * MN], mb[MN * MN];
static int32_t mc[MN * MN];

static void matrix_init(uint32_t seed)
{
    for (int i = 0; i < MN * MN; i++) {
        ma[i] = (int16_t)((int)(rng32(&seed) & 0x7ff) - 1024);  /* [-1024, 1023] */
        mb[i] = (int16_t)((int)(rng32(&seed) & 0x7ff) - 1024);
    }
}

/* Reduce a result matrix to 16 bits in a data-dependent way. */
static uint16_t summarise(const int32_t *m, int n, uint16_t crc)
{
    int32_t run = 0;
    uint16_t r = 0;
    for (int i = 0; i < n; i++) {
        run += m[i] >> 4;
        if (run > 40000) {
            r = (uint16_t)(r + 7);
            run = 0;
        } else if (run < -40000) {
            r = (uint16_t)(r ^ 0x55);
            run = 0;
        } else {
            r = (uint16_t)(r + (run > 0));
        }
    }
    return crc16_u16(crc16_u16(crc, r), (uint16_t)run);
}

static uint16_t matrix_bench(uint32_t it, uint16_t crc)
{
    int16_t c = (int16_t)((it & 0x1ff) | 1);        /* [1, 511] */
    int col = (int)(it % MN);

    for (int i = 0; i < MN * MN; i++)               /* A += c */
        ma[i] = (int16_t)(ma[i] + c);

    for (int i = 0; i < MN * MN; i++)               /* C = A * c */
        mc[i] = (int32_t)ma[i] * c;
    crc = summarise(mc, MN * MN, crc);

    for (int i = 0; i < MN; i++) {                  /* C = A x B[:,col] */
        int32_t acc = 0;
        for (int k = 0; k < MN; k++)
            acc += (int32_t)ma[i * MN + k] * mb[k * MN + col];
        mc[i] = acc;
    }
    crc = summarise(mc, MN, crc);

    for (int i = 0; i < MN; i++)                    /* C = A x B */
        for (int j = 0; j < MN; j++) {
            int32_t acc = 0;
            for (int k = 0; k < MN; k++)
                acc += (int32_t)ma[i * MN + k] * mb[k * MN + j];
            mc[i * MN + j] = acc;
        }
    crc = summarise(mc, MN * MN, crc);

    for (int i = 0; i < MN; i++)                    /* C = bits(A) x bits(B) */
        for (int j = 0; j < MN; j++) {
            int32_t acc = 0;
            for (int k = 0; k < MN; k++) {
                int32_t a = (ma[i * MN + k] >> 2) & 0xf;
                int32_t b = (mb[k * MN + j] >> 5) & 0x7f;
                acc += a * b;
            }
            mc[i * MN + j] = acc;
        }
    crc = summarise(mc, MN * MN, crc);

    for (int i = 0; i < MN * MN; i++)               /* A -= c */
        ma[i] = (int16_t)(ma[i] - c);
    /* evolve A while keeping it in [-1024, 1023]: flips only low 10 bits */
    ma[it % (MN * MN)] ^= (int16_t)(it & 0x3ff);
    return crc;
}

/* ---------------------------------------------------------- state machine */
#define SBUF 384

enum { S_START, S_INT, S_SIGN, S_FRAC, S_EXP, S_EXPSIGN, S_EXPINT,
       S_ZERO, S_HEX, S_BAD, S_COUNT };

static uint8_t sbuf[SBUF];
static const char alphabet[] = "0123456789+-.eEx,aZ 7";

static void state_init(uint32_t seed)
{
    static const char *const forms[] = {
        "1024", "-77", "+3", "3.25", "-0.5", "6.02e23", "1E-9", "0x1f",
        "0XBAD", "12a", "..", "e5", "-", "0", "987654", "5.e+",
    };
    int pos = 0;
    while (pos < SBUF) {
        const char *f = forms[rng32(&seed) & 15];
        while (*f && pos < SBUF)
            sbuf[pos++] = (uint8_t)*f++;
        if (pos < SBUF)
            sbuf[pos++] = ',';
    }
}

static int is_digit(uint8_t c) { return c >= '0' && c <= '9'; }
static int is_hex(uint8_t c)
{
    return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static int next_state(int s, uint8_t c)
{
    switch (s) {
    case S_START:
        if (c == '0') return S_ZERO;
        if (is_digit(c)) return S_INT;
        if (c == '+' || c == '-') return S_SIGN;
        if (c == '.') return S_FRAC;
        return S_BAD;
    case S_SIGN:
        if (is_digit(c)) return S_INT;
        if (c == '.') return S_FRAC;
        return S_BAD;
    case S_ZERO:
        if (c == 'x' || c == 'X') return S_HEX;
        /* fall through */
    case S_INT:
        if (is_digit(c)) return S_INT;
        if (c == '.') return S_FRAC;
        if (c == 'e' || c == 'E') return S_EXP;
        return S_BAD;
    case S_FRAC:
        if (is_digit(c)) return S_FRAC;
        if (c == 'e' || c == 'E') return S_EXP;
        return S_BAD;
    case S_EXP:
        if (c == '+' || c == '-') return S_EXPSIGN;
        /* fall through */
    case S_EXPSIGN:
    case S_EXPINT:
        return is_digit(c) ? S_EXPINT : S_BAD;
    case S_HEX:
        return is_hex(c) ? S_HEX : S_BAD;
    default:
        return S_BAD;
    }
}

static uint16_t state_bench(uint32_t it, uint16_t crc)
{
    uint32_t final[S_COUNT] = { 0 }, trans = 0;
    int s = S_START;

    for (int k = 0; k < 4; k++) {                   /* perturb the input */
        uint32_t p = (it * 13u + (uint32_t)k * 97u) % SBUF;
        sbuf[p] = (uint8_t)alphabet[(it + (uint32_t)k * 5u + sbuf[p]) % (sizeof alphabet - 1)];
    }
    for (int i = 0; i < SBUF; i++) {
        uint8_t c = sbuf[i];
        if (c == ',' || c == ' ') {
            final[s]++;
            s = S_START;
            continue;
        }
        int ns = next_state(s, c);
        trans += ns != s;
        s = ns;
    }
    final[s]++;
    for (int i = 0; i < S_COUNT; i++)
        crc = crc16_u16(crc, (uint16_t)final[i]);
    return crc16_u32(crc, trans);
}

/* ------------------------------------------------------------------- main */
int main(int argc, char **argv)
{
    uint64_t iters = guest_iters(argc, argv, DEFAULT_ITERS);
    struct node *head = list_init(0x1234567u);
    uint16_t crc_list = 0, crc_mat = 0, crc_state = 0, crc_all = 0xffff;

    matrix_init(0x9abcdefu);
    state_init(0x2468aceu);
    bench_header(NAME, iters);

    for (uint64_t n = 0; n < iters; n++) {
        uint32_t it = (uint32_t)n;
        crc_list = list_bench(&head, it, crc_list);
        crc_mat = matrix_bench(it, crc_mat);
        crc_state = state_bench(it, crc_state);
        crc_all = crc16_u16(crc_all, (uint16_t)(crc_list ^ crc_mat ^ crc_state));
    }

    put_str(NAME ": crc list 0x");   put_hexn(crc_list, 4);
    put_str(" matrix 0x");           put_hexn(crc_mat, 4);
    put_str(" state 0x");            put_hexn(crc_state, 4);
    put_str(" all 0x");              put_hexn(crc_all, 4);
    put_char('\n');
    uint64_t sum = ((uint64_t)crc_all << 48) | ((uint64_t)crc_list << 32) |
                   ((uint64_t)crc_mat << 16) | crc_state;
    return bench_finish(NAME, iters, DEFAULT_ITERS, sum, EXPECTED);
}
