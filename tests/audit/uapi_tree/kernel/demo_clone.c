#include <uapi/linux/demo.h>

SYSCALL_DEFINE2(demo_clone, struct demo_clone __user *, uargs, size_t, size)
{
	struct demo_clone args;
	void __user *stack;

	if (copy_from_user(&args, uargs, size))
		return -EFAULT;
	stack = u64_to_user_ptr(args.stack);
	return demo_start(stack, args.flags);
}
