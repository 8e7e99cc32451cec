-- Table stores and table.sort with the default comparison.
local t = {}
for i = 1, 200000 do t[i] = (i * 7919) % 1000 end
table.sort(t)
print("sort", t[1], t[100000], t[200000])
