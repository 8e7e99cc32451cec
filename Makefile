# ZettaLinux — top-level build.  GNU make; objects out of tree under $(BUILD).
#
# Layout drives the build, so adding a file needs no Makefile edit:
#   src/{common,isa,elf,fp}/*.c  -> $(BUILD)/lib/libzl.a   (shared modules)
#   src/<tool>/*.c               -> $(BUILD)/bin/zl-<tool>  (one folder per tool)
#   tests/**/*_test.c            -> $(BUILD)/tests/...      (unit tests, linked with libzl)
#   tests/**/*_test.sh           -> run by tests/runner.sh  (script tests)

CC       ?= cc
BUILD    ?= build
OPT      ?= -O2 -g
SAN      ?=
CFLAGS   ?=
WARN     := -std=c11 -Wall -Wextra -Werror -Wshadow -Wno-missing-field-initializers
CPPFLAGS += -Iinclude -Isrc -D_GNU_SOURCE -MMD -MP
ALL_CFLAGS = $(WARN) $(OPT) $(SAN) $(CFLAGS)
LDLIBS   += -lm
PREFIX   ?= /usr/local

LIB_DIRS := common isa elf fp cpp exec abi
TOOL_DIRS := $(filter-out $(LIB_DIRS),$(notdir $(patsubst %/,%,$(wildcard src/*/))))
TOOLS    := $(foreach t,$(TOOL_DIRS),$(if $(wildcard src/$t/main.c),$(BUILD)/bin/zl-$t))

LIB_SRCS := $(foreach d,$(LIB_DIRS),$(wildcard src/$d/*.c))
LIB_OBJS := $(LIB_SRCS:%.c=$(BUILD)/obj/%.o)
LIBZL    := $(BUILD)/lib/libzl.a

TEST_SRCS := $(shell find tests -name '*_test.c' 2>/dev/null | sort)
TEST_BINS := $(TEST_SRCS:%.c=$(BUILD)/%)

.PHONY: all check check-sanitize check-tsan bench demo install clean tests fuzz-diff fuzz-build fuzz-long
all: $(TOOLS)

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -c $< -o $@

$(LIBZL): $(LIB_OBJS)
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^

# Each tool: main.c plus an archive of its other objects, which unit tests link too.
define tool_rule
$(BUILD)/lib/libzl-$1.a: $(patsubst %.c,$(BUILD)/obj/%.o,$(filter-out src/$1/main.c,$(wildcard src/$1/*.c src/$1/opt/*.c)))
	@mkdir -p $$(@D)
	rm -f $$@ && ar rcs $$@ $$^
$(BUILD)/bin/zl-$1: $(BUILD)/obj/src/$1/main.o $(BUILD)/lib/libzl-$1.a $(LIBZL)
	@mkdir -p $$(@D)
	$$(CC) $$(ALL_CFLAGS) $$^ $$(LDLIBS) -o $$@
endef
# (a folder without C sources holds a script tool, zl-port: its rule is in the port section)
TOOL_DIRS := $(foreach d,$(TOOL_DIRS),$(if $(wildcard src/$d/*.c),$d))
$(foreach t,$(TOOL_DIRS),$(eval $(call tool_rule,$t)))
TOOL_LIBS := $(foreach t,$(TOOL_DIRS),$(if $(wildcard src/$t/*.c),$(BUILD)/lib/libzl-$t.a))

# Unit tests: one binary per *_test.c; tests/lib holds the shared harness.
$(BUILD)/tests/%_test: tests/%_test.c tests/lib/check.h $(TOOL_LIBS) $(LIBZL)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) -Itests $(ALL_CFLAGS) $< $(TOOL_LIBS) $(LIBZL) $(LDLIBS) -o $@

tests: all $(TEST_BINS)

check: tests
	@BUILD=$(BUILD) CC="$(CC)" bash tests/runner.sh

check-sanitize:
	ZL_TIME_SCALE=4 $(MAKE) BUILD=build-san OPT="-O1 -g" SAN="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" check

# zl-run's threaded tests under ThreadSanitizer (its own build, build-tsan/; run by .ci/run)
check-tsan: all
	@BUILD=$(BUILD) ZL_BIN=$(CURDIR)/$(BUILD)/bin bash tests/run/threads_tsan.sh

# Long differential runs: against qemu (rv32, rv64), then translator against interpreter
# at every XLEN (tests/exec/jit_diff_test): make fuzz-diff N=100000 [SEED=n]
N ?= 100000
SEED ?= $(shell date +%s)
fuzz-diff: all $(BUILD)/tests/run/diff_test $(BUILD)/tests/exec/jit_diff_test
	ZL_BIN=$(CURDIR)/$(BUILD)/bin $(BUILD)/tests/run/diff_test --count $(N) --seed $(SEED)
	$(BUILD)/tests/exec/jit_diff_test --count $(N) --seed $(SEED)

# libFuzzer targets: every tests/**/fuzz_*.c, linked with the modules built by clang with
# coverage instrumentation and ASan+UBSan into build-fuzz/ (run by tests/fuzz_test.sh).
FUZZ_SRCS := $(shell find tests -name 'fuzz_*.c' 2>/dev/null | sort)
FUZZ_SAN  := -fsanitize=address,undefined -fno-sanitize-recover=undefined
# clang's UBSan at -O1 spends minutes of CPU on each instance of the interpreter template
# (one huge threaded function); at -O0 it takes seconds, with every sanitizer and the
# coverage instrumentation kept.  CFLAGS comes last in ALL_CFLAGS, so -O0 wins.
build-fuzz/obj/src/exec/interp%.o: CFLAGS += -O0
fuzz-build:
	$(MAKE) BUILD=build-fuzz CC=clang OPT="-O1 -g" SAN="-fsanitize=fuzzer-no-link $(FUZZ_SAN)" \
	    build-fuzz/lib/libzl.a $(patsubst $(BUILD)/%,build-fuzz/%,$(TOOL_LIBS))
	@mkdir -p build-fuzz/fuzz
	@for f in $(FUZZ_SRCS); do \
	    n=$$(basename $$f .c); \
	    clang $(WARN) -O1 -g -fsanitize=fuzzer $(FUZZ_SAN) -Iinclude -Isrc -Itests -D_GNU_SOURCE \
	        $$f $(patsubst $(BUILD)/%,build-fuzz/%,$(TOOL_LIBS)) build-fuzz/lib/libzl.a -lm \
	        -o build-fuzz/fuzz/$$n || exit 1; \
	done

# Long libFuzzer run: make fuzz-long [T=wall seconds per target, default 3600 / targets | CPU=CPU seconds per target]
# [FUZZ_ONLY="fuzz_cc fuzz_as"]; corpora and crashes kept in build-fuzz/long
# (tests/fuzz_long.sh; zl-as and zl-ld make the seeds of the ELF targets).
fuzz-long: build/bin/zl-as build/bin/zl-ld
	@$(if $(T),T=$(T)) $(if $(CPU),CPU=$(CPU)) bash tests/fuzz_long.sh

bench: all
	@BUILD=$(BUILD) bash bench/run.sh; s=$$?; BUILD=$(BUILD) bash bench/threads.sh || s=1; \
		BUILD=$(BUILD) bash bench/cc.sh && exit $$s

demo: all
	@BUILD=$(BUILD) bash examples/demo.sh

install: all
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(TOOLS) $(DESTDIR)$(PREFIX)/bin/
	install -d $(DESTDIR)$(PREFIX)/include/zl
	install -m 644 include/zl/*.h $(DESTDIR)$(PREFIX)/include/zl/
	@# systemd-binfmt's file for rv128 (docs/zl-run.md, "binfmt"): copy it to /etc/binfmt.d
	install -d $(DESTDIR)$(PREFIX)/lib/binfmt.d
	$(BUILD)/bin/zl-run --binfmt --interpreter=$(abspath $(PREFIX))/bin/zl-run \
	    > $(DESTDIR)$(PREFIX)/lib/binfmt.d/zl-run.conf

# zl-ranlib is zl-ar's code (src/ar/ar.c) with another entry point
$(BUILD)/bin/zl-ranlib: $(BUILD)/lib/libzl-ar.a
$(BUILD)/bin/zl-ranlib: LDLIBS := $(BUILD)/lib/libzl-ar.a $(BUILD)/lib/libzl.a $(LDLIBS)

# install, then strip the installed tools with zl-strip (no host strip needed)
.PHONY: install-strip
install-strip: install
	for t in $(notdir $(TOOLS)); do $(BUILD)/bin/zl-strip $(DESTDIR)$(PREFIX)/bin/$$t || exit 1; done

# --- audit begin ---
# zl-audit runs its workers on pthreads.  `make audit-linux` audits Debian's
# linux-source-6.1 (installed and unpacked under AUDIT_LINUX_DIR when missing) and
# regenerates docs/audit-linux.md, keeping its hand-checked sample section.
LDLIBS += -pthread
AUDIT_LINUX_DIR ?= /var/tmp/zl-audit
.PHONY: audit-linux
# AUDIT_LINUX_MODE=tu: TU mode with compile commands (a long run; docs/audit.md 7)
AUDIT_LINUX_MODE ?= token
audit-linux: $(BUILD)/bin/zl-audit
	@BUILD=$(BUILD) AUDIT_LINUX_DIR=$(AUDIT_LINUX_DIR) AUDIT_LINUX_MODE=$(AUDIT_LINUX_MODE) \
	    bash src/audit/audit-linux.sh
# `make audit-uapi`: the user pointers in Linux 6.1's UAPI fields -> docs/uapi-pointers.md
.PHONY: audit-uapi
audit-uapi: $(BUILD)/bin/zl-audit
	@BUILD=$(BUILD) AUDIT_LINUX_DIR=$(AUDIT_LINUX_DIR) bash src/audit/audit-uapi.sh
# --- audit end ---

clean:
	rm -rf build build-san build-fuzz build-tsan

# --- abigen begin ---
# abi/*.abi -> UAPI headers, zl-run's system-call tables and converters, docs/syscalls.md
# (docs/abigen.md).  Generated into $(BUILD)/gen, not committed; docs/syscalls.md is
# committed and refreshed by `make abi-docs` (tests/abigen checks that it is current).
# zl-run uses the generated code through ZL_ABI_LIB and ZL_ABI_CPPFLAGS.
ABI_DIR         ?= abi
ABI_SPEC        := $(sort $(wildcard $(ABI_DIR)/*.abi))
ABI_GEN         := $(BUILD)/gen
ABI_STAMP       := $(ABI_GEN)/.stamp
ZL_ABIGEN       := $(BUILD)/bin/zl-abigen
ZL_ABI_CPPFLAGS := -I$(ABI_GEN)/run
ZL_ABI_LIB      := $(BUILD)/lib/libzl-abi.a
ABI_GEN_SRCS    := $(addprefix $(ABI_GEN)/run/,zl_systab_rv32.c zl_systab_rv64.c \
                     zl_systab_rv128.c zl_abi_data.c zl_conv.c zl_sys_enosys.c)
ZL_ABI_OBJS     := $(ABI_GEN_SRCS:$(ABI_GEN)/%.c=$(BUILD)/obj/gen/%.o)

$(ABI_STAMP): $(ZL_ABIGEN) $(ABI_SPEC)
	$(ZL_ABIGEN) --spec $(ABI_DIR) --out $(ABI_GEN)
	@touch $@
ABI_GEN_HDRS    := $(ABI_GEN)/run/zl_abi.h $(foreach p,rv32 rv64 rv128,$(ABI_GEN)/include/$p/zl/uapi.h)
$(ABI_GEN_SRCS) $(ABI_GEN_HDRS): $(ABI_STAMP) ;
$(BUILD)/obj/gen/run/%.o: $(ABI_GEN)/run/%.c $(ABI_STAMP)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ZL_ABI_CPPFLAGS) $(ALL_CFLAGS) -c $< -o $@
$(ZL_ABI_LIB): $(ZL_ABI_OBJS)
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^
all: $(ZL_ABI_LIB)
$(BUILD)/tests/abigen/conv_test: $(ZL_ABI_LIB)
$(BUILD)/tests/abigen/conv_test: private CPPFLAGS += $(ZL_ABI_CPPFLAGS)
$(BUILD)/tests/abigen/conv_test: private LDLIBS += $(ZL_ABI_LIB)

.PHONY: abi-docs
abi-docs: $(ZL_ABIGEN)
	$(ZL_ABIGEN) --spec $(ABI_DIR) --docs docs/syscalls.md
# --- abigen end ---

-include $(shell find $(BUILD) build-san -name '*.d' 2>/dev/null)

# zl-run is built with the generated system-call tables and converters.
ZL_RUN_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard src/run/*.c))
$(ZL_RUN_OBJS): private CPPFLAGS += $(ZL_ABI_CPPFLAGS)
$(ZL_RUN_OBJS): $(ABI_STAMP)
# libzl-abi.a comes last on zl-run's line, after libzl-run.a: its weak -ENOSYS handlers
# (zl_sys_enosys.c) then fill only the calls zl-run does not implement; the ABI runtime
# it calls is in libzl.a, named again after it.
$(BUILD)/bin/zl-run: $(ZL_ABI_LIB)
$(BUILD)/bin/zl-run: private LDLIBS := $(LIBZL) $(LDLIBS)
$(TEST_BINS): $(ZL_ABI_LIB)
TOOL_LIBS += $(ZL_ABI_LIB)

# --- cc begin ---
# zl-cc's sysroot part (docs/cc.md): its freestanding headers in $(BUILD)/lib/zl/include and
# its runtime library libzlrt.a per XLEN, compiled by zl-cc itself from src/cc/rt/*.c.
# rv32/rv64 archives get a symbol index (host ar reads foreign ELF32/64) so GNU ld accepts
# them; rv128 ones do not (host ar does not know ELFCLASS128; zl-ld needs no index).
CC_HDRS    := $(wildcard src/cc/include/*.h)
CC_HDR_OUT := $(CC_HDRS:src/cc/include/%=$(BUILD)/lib/zl/include/%)
CC_RT_SRCS := $(sort $(wildcard src/cc/rt/*.c))
CC_RT_LIBS := $(foreach x,32 64 128,$(BUILD)/lib/zl/rv$(x)/lib/libzlrt.a)
.PHONY: cc-sysroot
all: cc-sysroot
cc-sysroot: $(CC_HDR_OUT) $(CC_RT_LIBS)
$(BUILD)/lib/zl/include/%.h: src/cc/include/%.h
	@mkdir -p $(@D)
	cp $< $@
define cc_rt_rule
$(BUILD)/obj/cc-rt/rv$1/%.o: src/cc/rt/%.c $(BUILD)/bin/zl-cc $(BUILD)/bin/zl-as $(CC_HDR_OUT)
	@mkdir -p $$(@D)
	$(BUILD)/bin/zl-cc -m$1 -O1 -ffreestanding -c $$< -o $$@
$(BUILD)/lib/zl/rv$1/lib/libzlrt.a: $(CC_RT_SRCS:src/cc/rt/%.c=$(BUILD)/obj/cc-rt/rv$1/%.o)
	@mkdir -p $$(@D)
	rm -f $$@ && ar $(if $(filter 128,$1),rcS,rcs) $$@ $$^
endef
$(foreach x,32 64 128,$(eval $(call cc_rt_rule,$x)))
# `make install` copies the same layout under $(PREFIX)/lib/zl, where the installed zl-cc
# finds it relative to its own directory (docs/cc.md).
.PHONY: install-cc
install: install-cc
install-cc: cc-sysroot
	install -d $(DESTDIR)$(PREFIX)/lib/zl/include
	install -m 644 $(CC_HDR_OUT) $(DESTDIR)$(PREFIX)/lib/zl/include/
	@for x in 32 64 128; do \
	    install -d $(DESTDIR)$(PREFIX)/lib/zl/rv$$x/lib && \
	    install -m 644 $(BUILD)/lib/zl/rv$$x/lib/libzlrt.a $(DESTDIR)$(PREFIX)/lib/zl/rv$$x/lib/ || exit 1; \
	done
# --- cc end ---
# --- libc begin ---
# zlibc (libc/, docs/libc.md): one C11 source for rv128, rv64 and rv32, built per XLEN into
# the sysroot $(BUILD)/lib/zl/rv<XLEN>/{include,lib/{crt1.o,libc.a}}.
#   make libc      every XLEN, compiled by zl-cc (LIBC_CC_<XLEN>) and assembled by zl-as
#   make libc128 / libc64 / libc32   one XLEN
#   make libc-asm128  the rv128 assembly parts alone (crt1, syscall, setjmp, fenv)
# Constants come from the generated $(ABI_GEN)/include/bits/abi_SET.h (one per set of
# abi/flags.abi), system-call numbers and kernel structure layouts from the generated
# $(ABI_GEN)/include/rv<XLEN>/zl/uapi.h.
LIBC_GCC    ?= riscv64-linux-gnu-gcc
LIBC_CC_64  ?= $(BUILD)/bin/zl-cc -m64
LIBC_CC_32  ?= $(BUILD)/bin/zl-cc -m32
LIBC_CC_128 ?= $(BUILD)/bin/zl-cc -m128
LIBC_AR_64  ?= ar rcs
LIBC_AR_32  ?= ar rcs
LIBC_AR_128 ?= ar rcS
LIBC_GCCINC = $(shell $(LIBC_GCC) -print-file-name=include 2>/dev/null)
# zl-cc's freestanding headers (stddef.h, stdarg.h, ...) or the cross gcc's, per compiler.
libc_sysinc = -isystem $(if $(findstring zl-cc,$(LIBC_CC_$1)),$(BUILD)/lib/zl/include,$(LIBC_GCCINC))
LIBC_SYSINC_64  := $(call libc_sysinc,64)
LIBC_SYSINC_32  := $(call libc_sysinc,32)
LIBC_SYSINC_128 := $(call libc_sysinc,128)
LIBC_CFLAGS ?= -std=c11 -O2 -g -Wall -Wextra -Werror -Wno-missing-field-initializers \
               -nostdinc -ffreestanding -fno-builtin -fno-stack-protector -fPIE
LIBC_CFLAGS_32 ?= $(LIBC_CFLAGS)
LIBC_CFLAGS_64 ?= $(LIBC_CFLAGS)
LIBC_CFLAGS_128 ?= $(LIBC_CFLAGS)
LIBC_DEPFLAGS_32 ?= -MMD -MP
LIBC_DEPFLAGS_64 ?= -MMD -MP
LIBC_DEPFLAGS_128 ?= -MMD -MP
LIBC_SRCS   := $(sort $(wildcard libc/src/*/*.c))
LIBC_HDRS   := $(shell find libc/include -name '*.h' 2>/dev/null)
define libc_rule
LIBC_SYS_$1 := $(BUILD)/lib/zl/rv$1
LIBC_HDR_STAMP_$1 := $(BUILD)/lib/zl/rv$1/include/.stamp
$$(LIBC_HDR_STAMP_$1): $(LIBC_HDRS) $(ABI_STAMP) include/zl/types.h include/zl/elfconst.h
	@rm -rf $(BUILD)/lib/zl/rv$1/include && mkdir -p $(BUILD)/lib/zl/rv$1/include/zl
	cp -R libc/include/. $(BUILD)/lib/zl/rv$1/include/
	cp -R $(ABI_GEN)/include/bits/. $(BUILD)/lib/zl/rv$1/include/bits/
	cp $(ABI_GEN)/include/rv$1/zl/uapi.h include/zl/types.h include/zl/elfconst.h $(BUILD)/lib/zl/rv$1/include/zl/
	@touch $$@
LIBC_OBJS_$1 := $$(patsubst %.c,$(BUILD)/obj/libc$1/%.o,$(LIBC_SRCS))
$(BUILD)/obj/libc$1/%.o: %.c $$(LIBC_HDR_STAMP_$1)
	@mkdir -p $$(@D)
	$$(LIBC_CC_$1) $$(LIBC_CFLAGS_$1) $$(LIBC_DEPFLAGS_$1) -I$(BUILD)/lib/zl/rv$1/include -Ilibc/src/internal $$(LIBC_SYSINC_$1) -c $$< -o $$@
endef
$(foreach x,32 64 128,$(eval $(call libc_rule,$x)))
# Assembly: one libc/arch/riscv/*.S per routine for every XLEN (asm.h), preprocessed and
# assembled by the XLEN's compiler driver (zl-cc runs zl-as).
LIBC_ASM_SRCS := $(wildcard libc/arch/riscv/*.S)
define libc_asm
$(BUILD)/obj/libc$1/arch/%.o: libc/arch/riscv/%.S libc/arch/riscv/asm.h
	@mkdir -p $$(@D)
	$$(LIBC_CC_$1) -c $$< -o $$@
LIBC_ASM_$1 := $$(patsubst libc/arch/riscv/%.S,$(BUILD)/obj/libc$1/arch/%.o,$(LIBC_ASM_SRCS))
endef
$(foreach x,32 64 128,$(eval $(call libc_asm,$x)))
# The link names build systems pass (-lm -lpthread ...) name empty archives, as in musl:
# everything is in libc.a (docs/libc.md, "Build per XLEN").
LIBC_EMPTY_LIBS := m pthread rt dl util resolv crypt xnet
define libc_lib
LIBC_EMPTY_$1 := $$(LIBC_EMPTY_LIBS:%=$(BUILD)/lib/zl/rv$1/lib/lib%.a)
$(BUILD)/lib/zl/rv$1/lib/libc.a: $$(LIBC_OBJS_$1) $$(filter-out %/crt1.o,$$(LIBC_ASM_$1))
	@mkdir -p $$(@D)
	rm -f $$@ && $$(LIBC_AR_$1) $$@ $$^
$$(LIBC_EMPTY_$1):
	@mkdir -p $$(@D)
	rm -f $$@ && $$(LIBC_AR_$1) $$@
$(BUILD)/lib/zl/rv$1/lib/crt1.o: $(BUILD)/obj/libc$1/arch/crt1.o
	@mkdir -p $$(@D)
	cp $$< $$@
libc$1: $(BUILD)/lib/zl/rv$1/lib/libc.a $(BUILD)/lib/zl/rv$1/lib/crt1.o $$(LIBC_EMPTY_$1)
endef
$(foreach x,32 64 128,$(eval $(call libc_lib,$x)))
.PHONY: libc libc32 libc64 libc128 libc-asm128
libc: libc128 libc64 libc32
libc-asm128: $(LIBC_ASM_128)
# rv128 is built by our own tools: rebuild it when they change.
$(LIBC_OBJS_128) $(LIBC_ASM_128) $(LIBC_OBJS_64) $(LIBC_ASM_64) $(LIBC_OBJS_32) $(LIBC_ASM_32): $(BUILD)/bin/zl-cc $(BUILD)/bin/zl-as $(CC_HDR_OUT)
all: libc
install: install-libc
# Installs every XLEN that has been built into $(PREFIX)/lib/zl/rv<XLEN> (the layout
# zl-cc searches relative to its own directory).
.PHONY: install-libc
install-libc: libc
	@for x in 32 64 128; do \
	    [ -f $(BUILD)/lib/zl/rv$$x/lib/libc.a ] || continue; \
	    install -d $(DESTDIR)$(PREFIX)/lib/zl/rv$$x/lib && \
	    install -m 644 $(BUILD)/lib/zl/rv$$x/lib/crt1.o $(BUILD)/lib/zl/rv$$x/lib/libc.a \
	        $(LIBC_EMPTY_LIBS:%=$(BUILD)/lib/zl/rv$$x/lib/lib%.a) $(DESTDIR)$(PREFIX)/lib/zl/rv$$x/lib/ && \
	    (cd $(BUILD)/lib/zl/rv$$x/include && find . -name '*.h' -print) | while read -r h; do \
	        install -D -m 644 $(BUILD)/lib/zl/rv$$x/include/$$h $(DESTDIR)$(PREFIX)/lib/zl/rv$$x/include/$$h || exit 1; \
	    done || exit 1; \
	done
# --- libc end ---

# --- port begin ---
# zl-port (docs/ports.md): a shell script, since it drives other build systems; installed
# with the tools.  `make ports` builds and tests every package of the corpus at -m64 and
# -m128 with the recipes of ports/ and writes $(BUILD)/ports/NAME/report.md (minutes).
TOOLS += $(BUILD)/bin/zl-port
all: $(BUILD)/bin/zl-port
ZL_VERSION := $(shell sed -n 's/^\#define ZL_VERSION "\(.*\)"/\1/p' src/common/version.h)
$(BUILD)/bin/zl-port: src/port/zl-port.sh src/common/version.h
	@mkdir -p $(@D)
	sed 's/@ZL_VERSION@/$(ZL_VERSION)/' $< > $@.tmp && chmod 755 $@.tmp && mv $@.tmp $@
CORPUS ?= /work/shared/corpus
.PHONY: ports
ports: all
	@BUILD=$(BUILD) CORPUS=$(CORPUS) bash ports/run.sh
# --- port end ---

# --- csmith begin ---
# Long Csmith differential runs of zl-cc (tests/cc/csmith_test.sh): N consecutive seeds
# from SEED (default 1). `make check` runs the fixed 5-seed batch only.
#   make csmith N=1000 [SEED=5000]
CSMITH_N    = $(if $(filter command line environment,$(origin N)),$(N),100)
CSMITH_SEED = $(if $(filter command line environment,$(origin SEED)),$(SEED),1)
.PHONY: csmith
csmith: all
	@ZL_ROOT=$(CURDIR) ZL_BIN=$(CURDIR)/$(BUILD)/bin CSMITH_N=$(CSMITH_N) CSMITH_SEED=$(CSMITH_SEED) \
	    bash tests/cc/csmith_test.sh | tee $(BUILD)/csmith.log | grep -v '^PASS' ; \
	    echo "$$(grep -c '^PASS' $(BUILD)/csmith.log) passed, $$(grep -c '^FAIL' $(BUILD)/csmith.log) failed, $$(grep -c '^SKIP' $(BUILD)/csmith.log) skipped (log: $(BUILD)/csmith.log)"; \
	    ! grep -q '^FAIL' $(BUILD)/csmith.log
# --- csmith end ---

# --- toolchain begin ---
# For build systems (docs/porting.md): target-prefixed names per XLEN (riscv128-unknown-
# linux-zl-gcc is zl-cc targeting rv128, ...-ar is zl-ar ...), an autoconf config.site and
# CMake toolchain files, installed with the tools.
TRIPLE_TOOLS := ar ranlib nm strip objdump readelf size addr2line
.PHONY: install-toolchain
install: install-toolchain
install-toolchain: toolchain/config.site toolchain/zl.cmake
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/zl/cmake
	install -m 644 toolchain/config.site $(DESTDIR)$(PREFIX)/share/zl/
	install -m 644 toolchain/zl.cmake $(DESTDIR)$(PREFIX)/share/zl/cmake/
	@for x in 32 64 128; do t=riscv$$x-unknown-linux-zl; \
	    printf 'set(ZL_XLEN %s)\ninclude("$${CMAKE_CURRENT_LIST_DIR}/zl.cmake")\n' $$x \
	        > $(DESTDIR)$(PREFIX)/share/zl/cmake/$$t.cmake || exit 1; \
	    for n in gcc cc; do ln -sf zl-cc $(DESTDIR)$(PREFIX)/bin/$$t-$$n || exit 1; done; \
	    for n in $(TRIPLE_TOOLS); do ln -sf zl-$$n $(DESTDIR)$(PREFIX)/bin/$$t-$$n || exit 1; done; \
	done
# --- toolchain end ---

# --- man begin ---
# Man pages, generated from each tool's --version and --help (man/mkman.sh): `make man`,
# installed by `make install` into $(PREFIX)/share/man/man1.  Last in this file, so that
# TOOLS holds every tool (zl-port is added in its section).
MAN_PAGES = $(patsubst $(BUILD)/bin/%,$(BUILD)/man/%.1,$(TOOLS))
$(BUILD)/man/%.1: $(BUILD)/bin/% man/mkman.sh
	@mkdir -p $(@D)
	sh man/mkman.sh $< $@
.PHONY: man install-man
man: $(MAN_PAGES)
install: install-man
install-man: man
	install -d $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 644 $(MAN_PAGES) $(DESTDIR)$(PREFIX)/share/man/man1/
# --- man end ---
