-- A numeric for loop with arithmetic: the VM's dispatch and its arithmetic instructions.
local s = 0
for i = 1, 3000000 do s = s + i % 7 end
print("loop", s)
