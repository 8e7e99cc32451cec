/* TU-mode fixture: declarations that only a preprocessed translation unit knows. */
#ifndef HW_RING_H
#define HW_RING_H

typedef unsigned long long u64;
typedef unsigned int u32;
typedef unsigned long uintptr_t;
typedef u64 dma_handle_t;      /* a 64-bit typedef of a typedef */
typedef unsigned long word_t;  /* long-sized */
typedef u64 phys_addr_t;       /* a physical address: as wide as the configuration says */

struct ring_desc {
	u64 addr;
	phys_addr_t bus;
	u32 len;
	u32 flags;
};

typedef struct {
	u64 cookie;
	u32 id;
} ring_tag_t;

struct ring_ops {
	u64 (*read_seq)(struct ring_desc *d);  /* a function pointer member's result */
	long long (*read_delta)(void);
	struct ring_desc *descs;
};

#define RING_MAGIC 0x52494e47
#define RING_DESC struct ring_desc  /* a type named by a macro */
#define RING_DESC_BYTES sizeof(struct ring_desc)

u64 ring_read_cookie(const struct ring_desc *d);
static inline struct ring_desc *ring_at(struct ring_desc *base, unsigned int i)
{
	return base + i;
}
static inline __attribute__((always_inline)) dma_handle_t ring_handle(struct ring_desc *d)
{
	u64 addr = d->addr; /* a local of an inline function: not a name the file sees */
	return addr;
}

#if BITS_PER_LONG == 64
/* in a header: TU mode reports the main file only */
#endif

int printf(const char *fmt, ...);

#endif
