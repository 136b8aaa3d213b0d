# find / rfind / index / rindex / count / startswith / endswith / in.
s = "hello world, hello kiln"
print(s.find("hello"), s.find("hello", 1), s.find("nope"), s.rfind("hello"))
print(s.find("o", 5, 10), s.rfind("o", 0, 10), s.find(""), s.rfind(""))
print(s.index("world"), s.rindex("l"))
print(s.count("l"), s.count("hello"), s.count("l", 0, 5), s.count(""))
print(s.startswith("hello"), s.startswith("world"), s.startswith("world", 6))
print(s.endswith("kiln"), s.endswith(("x", "kiln")), s.startswith(("a", "h")))
print("world" in s, "World" in s, "" in s, "z" not in s)
try:
    s.index("zzz")
except ValueError as e:
    print("ValueError:", e)
try:
    s.rindex("zzz")
except ValueError as e:
    print("ValueError:", e)
print("aaaa".count("aa"), "abababa".find("aba", 1), "abababa".rfind("aba"))
print("mississippi".replace("ss", "SS"), "mississippi".replace("i", "I", 2))
print("aaa".replace("", "-"), "abc".replace("b", ""))
