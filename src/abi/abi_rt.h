/* The fixed part of the generated system-call interface (docs/abigen.md, "zl-run interface").
 *
 * zl-abigen writes, from abi/NAME.abi, the tables and converters declared here and in the
 * generated zl_abi.h (which includes this file):
 *
 *   zl_sys_tables[pers]      guest system-call number -> struct zl_sys_entry
 *   zl_types[]               every boundary type: size, alignment, members, per personality
 *   zl_flagsets[]            flag and value names (strace)
 *   zl_ioctls[]              ioctl requests with a described argument
 *   zl_<T>_g2n / _n2g        guest bytes <-> neutral host structure struct zl_<T>
 *   zl_<T>_g2h / _h2g        guest bytes <-> host (x86-64) C structure, for host= types
 *
 * This header also carries the hand-written helpers the generated code and zl-run use:
 * argument decoding (zl_sys_decode), table lookup, little-endian field access with the
 * __ptr_t rules, and strace formatting.  Everything is C11 with <zl/types.h>; the same
 * header is read by zl-abigen itself so the argument-kind numbering exists once.
 */
#ifndef ZL_ABI_RT_H
#define ZL_ABI_RT_H

#include <stdbool.h>
#include <stddef.h>
#include <zl/types.h>

/* Personalities, selected by the ELF class (docs/abi.md 12). */
enum zl_pers { ZL_RV32, ZL_RV64, ZL_RV128, ZL_NPERS };

/* Argument and result kinds (abi/syscalls.abi).  Value kinds first, then pointer kinds
 * (ZL_AK_PATH and after): a pointer argument arrives as the guest address. */
enum zl_ak {
    ZL_AK_NONE,
    ZL_AK_INT, ZL_AK_UINT, ZL_AK_LONG, ZL_AK_ULONG, ZL_AK_SIZE, ZL_AK_SSIZE,
    ZL_AK_OFF,      /* loff_t: 64-bit (register pair on rv32), 128-bit on rv128 */
    ZL_AK_I64, ZL_AK_U64,
    ZL_AK_POS2,     /* preadv-style offset in two registers (low, high) */
    ZL_AK_FD, ZL_AK_DIRFD, ZL_AK_PID, ZL_AK_UID, ZL_AK_GID, ZL_AK_SIG, ZL_AK_MODE,
    ZL_AK_ADDR,     /* user address passed by value (mmap, brk, munmap) */
    ZL_AK_FLAGS,    /* type = flag set */
    ZL_AK_ENUM,     /* type = value set */
    ZL_AK_IOCTL,    /* ioctl request: zl_ioctl_find() */
    ZL_AK_PATH, ZL_AK_STR,
    ZL_AK_IN, ZL_AK_OUT, ZL_AK_INOUT,       /* byte buffers, length = len/count */
    ZL_AK_SAIN, ZL_AK_SAOUT,                /* socket addresses, length = len */
    ZL_AK_SIN, ZL_AK_SOUT, ZL_AK_SIO,       /* one object of type `type` */
    ZL_AK_AIN, ZL_AK_AOUT, ZL_AK_AIO,       /* array of `type`, length = len/count */
    ZL_AK_ARGV,     /* NULL-terminated array of native pointers (execve) */
    ZL_AK_FDSET,    /* fd_set bitmap of len bits */
    ZL_AK_PTR,      /* other pointer, interpreted by the handler */
    ZL_AK__COUNT
};

static inline bool zl_ak_is_pointer(unsigned k)
{
    return k >= ZL_AK_PATH && k < ZL_AK__COUNT;
}

/* How an argument is formed from the guest registers in one personality. */
enum zl_ext {
    ZL_EXT_S32, ZL_EXT_U32,     /* low 32 bits, sign / zero extended */
    ZL_EXT_S64, ZL_EXT_U64,
    ZL_EXT_S128, ZL_EXT_U128,
    ZL_EXT_PAIR_S64,            /* rv32: reg = low word, reg+1 = high word */
    ZL_EXT_PAIR_U64,
};

#define ZL_LEN_NONE  0xffu      /* zl_sys_arg.len: no length argument */
#define ZL_LEN_DEREF 0x80u      /* ... the length argument points at the length */

struct zl_sys_arg {
    const char *name;
    u8 kind;            /* enum zl_ak */
    u8 ext;             /* enum zl_ext, this personality */
    u8 reg;             /* first guest register (0 = a0) */
    u8 len;             /* index of the length argument | ZL_LEN_DEREF, or ZL_LEN_NONE */
    u16 type;           /* FLAGS/ENUM: flag set id; SIN..AIO: type id (zl_types); else the
                           register type id */
    u16 count;          /* fixed count (arrays/buffers with a constant length), else 0 */
};

#define ZL_SYS_ENOSYS   0x1u    /* defined as -ENOSYS in this personality (abi.md 7.4) */
#define ZL_SYS_NORETURN 0x2u    /* does not return to the caller on success */

struct zl_sys_entry {
    const char *name;   /* NULL: no system call with this number in this personality */
    u16 handler;        /* enum zl_sys_handler (zl_abi.h): shared by all personalities */
    u8 nargs;           /* logical arguments */
    u8 nregs;           /* guest registers they occupy */
    u8 flags;           /* ZL_SYS_* */
    struct zl_sys_arg ret;
    struct zl_sys_arg arg[6];
};

struct zl_sys_table {
    const struct zl_sys_entry *entry;   /* indexed by the guest system-call number */
    u32 n;
};
extern const struct zl_sys_table zl_sys_tables[ZL_NPERS];
extern const char *const zl_sys_handler_names[];

/* Entry for guest number nr, or NULL (no such call: the answer is -ENOSYS). */
const struct zl_sys_entry *zl_sys_lookup(enum zl_pers p, u128 nr);

/* Form the logical arguments from the guest argument registers a0..a5 (raw register
 * values, upper bits beyond XLEN ignored): each value is truncated to its declared type
 * and sign or zero extended to 128 bits; rv32 register pairs are joined; pointer
 * arguments become guest addresses (zero extended). */
void zl_sys_decode(const struct zl_sys_entry *e, const u128 reg[6], i128 a[6]);

/* ---- types ------------------------------------------------------------------------- */

enum zl_tclass {
    ZL_TC_SIGNED, ZL_TC_UNSIGNED, ZL_TC_CHAR, ZL_TC_OPAQUE, ZL_TC_PTR, ZL_TC_PTR64,
    ZL_TC_STRUCT, ZL_TC_UNION
};

#define ZL_TF_FIXED  0x1u   /* same bytes in every personality that has it, no slots */
#define ZL_TF_COOKIE 0x2u   /* union of scalars, converted as one value */
#define ZL_TF_HOST   0x4u   /* has zl_<T>_g2h / _h2g */

struct zl_field_info {
    const char *name;           /* NULL for an anonymous struct/union member */
    u16 type;                   /* zl_types index */
    u8 array;                   /* declared as an array */
    u16 off[ZL_NPERS];
    u16 count[ZL_NPERS];        /* elements; 0 = absent in that personality */
};

struct zl_type_info {
    const char *name;
    u8 tclass;                  /* enum zl_tclass */
    u8 flags;                   /* ZL_TF_* */
    u16 size[ZL_NPERS];         /* 0 = not defined in that personality */
    u8 align[ZL_NPERS];
    u16 nfields;
    const struct zl_field_info *fields;
    u16 nvariants;              /* union-arm selections of the converters (1 = none) */
};
extern const struct zl_type_info zl_types[];
extern const unsigned zl_ntypes;

static inline u32 zl_sizeof(enum zl_pers p, unsigned type)
{
    return zl_types[type].size[p];
}

struct zl_flag {
    u64 mask, value;            /* flags: a bit if mask == value, else a field value */
    const char *name;
};
struct zl_flagset {
    const char *name;
    u8 is_enum;
    u16 n;
    const struct zl_flag *v;
};
extern const struct zl_flagset zl_flagsets[];
extern const unsigned zl_nflagsets;
const struct zl_flagset *zl_flagset_find(const char *name);

enum zl_ioctl_dir { ZL_IOC_NONE, ZL_IOC_IN, ZL_IOC_OUT, ZL_IOC_INOUT, ZL_IOC_VAL };
struct zl_ioctl_info {
    u32 cmd;
    const char *name;
    u8 dir;                     /* enum zl_ioctl_dir */
    u16 type;                   /* zl_types index for IN/OUT/INOUT */
};
extern const struct zl_ioctl_info zl_ioctls[];     /* sorted by cmd */
extern const unsigned zl_nioctls;
const struct zl_ioctl_info *zl_ioctl_find(u32 cmd);

/* ---- field access for the generated converters --------------------------------------- */

i128 zl_ld_s(const u8 *p, unsigned n);          /* n-byte little-endian, sign extended */
u128 zl_ld_u(const u8 *p, unsigned n);          /* ... zero extended */
void zl_st(u8 *p, unsigned n, u128 v);          /* low n bytes of v */
bool zl_fits_s(i128 v, unsigned n);
bool zl_fits_u(u128 v, unsigned n);
int zl_st_s(u8 *p, unsigned n, i128 v);         /* -EOVERFLOW if v does not fit n bytes */
int zl_st_u(u8 *p, unsigned n, u128 v);
/* A user pointer of n bytes (4, 8, or 32 = __ptr_t).  Load: -EINVAL if a slot's reserved
 * half is not zero (abi.md 5.2).  Store: writes a zero reserved half; -EOVERFLOW if the
 * address does not fit n bytes. */
int zl_ld_ptr(const u8 *p, unsigned n, u128 *addr);
int zl_st_ptr(u8 *p, unsigned n, u128 addr);
/* A cookie union (sigval, epoll_data) of n bytes as one value: like a pointer, its bytes
 * beyond the 16th are a reserved half that must be zero. */
int zl_ld_cookie(const u8 *p, unsigned n, u128 *v);
int zl_st_cookie(u8 *p, unsigned n, u128 v);

/* ---- strace ------------------------------------------------------------------------- */

/* Read n guest bytes at addr into dst; false if unreadable. */
typedef bool (*zl_peek_fn)(void *ctx, u128 addr, void *dst, size_t n);

/* Format "name(arg, ...)" and, if ret is not NULL, " = result" into buf (always
 * NUL-terminated; returns the length it needed, like snprintf).  Pointer arguments are
 * shown by content where the kind says what they point at: input arguments always, output
 * arguments only when ret is given and not an error.  peek may be NULL (addresses only). */
size_t zl_strace_format(char *buf, size_t size, enum zl_pers p, const struct zl_sys_entry *e,
                        const i128 a[6], const i128 *ret, zl_peek_fn peek, void *ctx);

#endif /* ZL_ABI_RT_H */
