/* The guard stack of hostfault.h. */
#include "exec/hostfault.h"

_Thread_local struct hf_guard *hf_top;

bool hf_recover(uintptr_t host_addr)
{
    struct hf_guard *g = hf_top;
    if (!g || host_addr < g->lo || host_addr >= g->hi) return false;
    hf_top = g->prev;
    g->host_addr = host_addr;
    siglongjmp(g->env, 1);
}
