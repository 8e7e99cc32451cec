-- string.format, tostring and table.concat: the string library and the allocator.
local p = {}
for i = 1, 20000 do p[#p + 1] = string.format("%d:%s", i, tostring(i * 3)) end
local s = table.concat(p, ",")
print("strings", #s, s:find("19999:59997", 1, true))
