-- Function calls and integer arithmetic: the VM's call and return paths.
local function fib(n) if n < 2 then return n end return fib(n - 1) + fib(n - 2) end
print("calls", fib(25))
