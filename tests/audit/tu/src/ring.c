/* TU-mode fixture: the want-tu markers are what only the TU mode finds (the struct,
 * typedef and function are declared in hw/ring.h under -I../include), the want markers
 * what the token mode finds on its own. */
#include <hw/ring.h>
#include <hw/boot.h>
#include "local.h"

#if BITS_PER_LONG == 64 /* want: width-test */
#define RING_WIDE 1
#endif

void ring_post(struct ring_desc *d, void *buf, unsigned int n)
{
	d->addr = (uintptr_t)buf; /* want-tu: int-ptr-64 */
	d->len = n;
	d->flags = (unsigned long)buf & 7; /* u32 field: not a 64-bit store */
}

void *ring_buf(struct ring_desc *d)
{
	return (void *)d->addr; /* want-tu: ptr-cast-64 */
}

void ring_dump(struct ring_desc *d, ring_tag_t *t)
{
	printf("%llx %u\n", d->addr, d->len); /* want-tu: format-u64-ll */
	printf("%llu\n", ring_read_cookie(d)); /* want-tu: format-u64-ll */
	printf("%llu\n", t->cookie); /* want-tu: format-u64-ll */
	printf("%u\n", t->id);
}

void *ring_map(struct ring_desc *d)
{
	dma_handle_t h = ring_handle(d);
	return (void *)h; /* want-tu: ptr-cast-64 */
}

int ring_full(word_t w)
{
	return w == 0xffffffffffffffffUL; /* want-tu: long-mask-64 */
}

void *local_ptr(struct local_rec *r)
{
	return (void *)(u64)r->where; /* want: ptr-cast-64 */
}

void ring_seq(struct ring_ops *ops, unsigned int i, void *p)
{
	printf("%llu\n", ops->read_seq(ops->descs)); /* want-tu: format-u64-ll */
	printf("%lld\n", ops->read_delta()); /* long long with %lld: right */
	ops->descs[i].addr = (unsigned long)p; /* want-tu: int-ptr-64 */
}

void ring_old(RING_DESC *d, void *p)
{
	d->addr = (uintptr_t)p; /* want-tu: int-ptr-64 */
}

void *ring_map(struct ring_desc *d)
{
	return (void *)(unsigned long)d->bus; /* a physical address widened: no finding */
}

/* boot protocol and debug store fields: their width is the specification's */
void boot_chain(struct boot_params *params, struct setup_data *data, void *rom)
{
	data->next = (unsigned long)rom; /* no finding: boot protocol */
	params->hdr.setup_data = (unsigned long)rom; /* no finding: boot protocol */
	data = (struct setup_data *)(unsigned long)params->hdr.setup_data; /* no finding */
	printf("%llx\n", data->next); /* want-tu: format-u64-ll */
}

void *ds_setup(struct debug_store *ds, struct soft_list *l, void *cea)
{
	ds->bts_buffer_base = (unsigned long)cea; /* no finding: read by the processor */
	l->next = (unsigned long)cea; /* want-tu: int-ptr-64 */
	if (l->pebs_index)
		return (void *)(unsigned long)l->pebs_index; /* want-tu: ptr-cast-64 */
	return (void *)(unsigned long)ds->pebs_index; /* no finding: hardware-defined */
}

void *sapic_base(struct acpi_madt_io_sapic *p)
{
	return (void *)(unsigned long)p->address; /* no finding: an ACPI table's address */
}

/* a member of a call's result: the member is converted, not the pointer the call returns */
u64 ring_at_uses(struct ring_desc *base, unsigned int i)
{
	u64 len = (u64)ring_at(base, i)->len; /* no finding: a u32 member */
	void *p = (void *)(unsigned long)ring_at(base, i)->addr; /* want-tu: ptr-cast-64 */
	(void)p;
	return len + (u64)ring_at(base, i); /* want-tu: ptr-cast-64 */
}
