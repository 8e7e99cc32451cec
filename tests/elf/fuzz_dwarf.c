/* libFuzzer target for the DWARF line reader of src/elf (dwarf_line.c, dwarf_info.c,
 * dwarf_sym.c); built and run briefly by tests/fuzz_test.sh.
 *
 * The first byte picks the mode: even, the rest is the contents of a .debug_line section,
 * whose units are parsed and run opcode by opcode; odd, the rest is an ELF file, indexed
 * with dwarf_open (both ways) and asked about addresses.  Any read outside the input is
 * caught by the sanitizers. */
#include <stdlib.h>
#include <string.h>

#include "elf/dwarf.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static volatile unsigned fuzz_sink;

static void run_line(const u8 *data, usize size)
{
    struct dwarf_sect line = { data, size }, none = { NULL, 0 };
    unsigned acc = 0;
    for (usize off = 0; off < size;) {
        struct dwarf_line_hdr h;
        struct elf_err err;
        if (dwarf_line_hdr_read(&line, off, &none, &line, &h, &err) < 0)
            break;
        for (u32 i = 0; i < h.nfiles; i++)
            acc += (unsigned)strlen(h.files[i].name);
        for (u32 i = 0; i < h.ndirs; i++)
            acc += (unsigned)strlen(h.dirs[i]);
        struct dwarf_line_vm vm;
        struct dwarf_line_op op;
        dwarf_line_start(&vm, &h, &line);
        for (int n = 0; n < 100000 && dwarf_line_step(&vm, &op, &err) > 0; n++)
            acc += (unsigned)vm.r.line + op.row;
        off = h.end;
        dwarf_line_hdr_free(&h);
    }
    fuzz_sink += acc;
}

static void run_elf(const u8 *data, usize size)
{
    struct elf_err err;
    struct elf_file *f = elf_read(data, size, 0, &err);
    if (!f)
        return;
    struct dwarf *d = dwarf_open(f, DWARF_OPEN_RAW, &err);
    if (d) {
        struct dwarf_sect s = dwarf_section(d, ".debug_line");
        run_line(s.data, s.size);
        dwarf_close(d);
    }
    d = dwarf_open(f, 0, &err);
    if (d) {
        unsigned acc = 0;
        for (u32 i = 1; i < elf_shnum(f); i++) {
            const struct elf_shdr *sh = elf_shdr(f, i);
            if (!(sh->flags & SHF_ALLOC))
                continue;
            for (u128 off = 0; off < sh->size && off < 4096; off += 2) {
                struct dwarf_loc loc;
                if (dwarf_find_line(d, i, off, &loc)) {
                    acc += loc.line + (loc.file ? (unsigned)strlen(loc.file) : 0);
                    acc += loc.func ? (unsigned)strlen(loc.func) : 0;
                    while (dwarf_inliner(d, &loc))
                        acc += loc.line;
                }
            }
        }
        fuzz_sink += acc;
        dwarf_close(d);
    }
    elf_close(f);
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    if (size < 1)
        return 0;
    if (data[0] & 1)
        run_elf(data + 1, size - 1);
    else
        run_line(data + 1, size - 1);
    return 0;
}
