#include <linux/uaccess.h>
#include <uapi/linux/demo.h>
#include <asm/demo_arch.h>

struct demo_req {
	u64 addr;
	u32 len;
};

static long demo_run(struct demo_args *args, struct file *f)
{
	char kbuf[64];
	struct demo_args a;

	if (copy_from_user(kbuf, u64_to_user_ptr(args->buf), args->len))
		return -EFAULT;
	a = *args;
	if (copy_to_user((void __user *)(uintptr_t)a.out, kbuf, a.len))
		return -EFAULT;
	args->cookie = (u64)args->len;
	return 0;
}

static int demo_prep(struct demo_req *req, const struct demo_sqe *sqe)
{
	req->addr = READ_ONCE(sqe->addr);
	return 0;
}

static int demo_issue(struct demo_req *req, const struct demo_sqe *sqe)
{
	void __user *p = u64_to_user_ptr(req->addr);
	const char __user *name = u64_to_user_ptr(READ_ONCE(sqe->addr2));
	u64 ud = READ_ONCE(sqe->user_data);
	void __user *u = (void __user *)(unsigned long)ud;
	loff_t off = READ_ONCE(sqe->off);

	return demo_do(p, name, u, off);
}

static int zz_get(struct zz_regs_req *r)
{
	return copy_to_user(u64_to_user_ptr(r->regs_ptr), regs, r->count);
}
