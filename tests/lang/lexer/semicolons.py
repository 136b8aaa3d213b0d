# Simple statements separated by ';' and compound statements on one line.
a = 1; b = 2; c = a + b; print(a, b, c)
if c == 3: print("three"); print("still the if body")
for i in range(3): print(i, end=","); print("|", end="")
print()
while a < 4: a += 1; print("a =", a)
def f(x): y = x * 2; return y + 1
print(f(5))
x = 1; x += 1;
print(x)
class P: name = "P"; size = 2
print(P.name, P.size)
try: print(1 / 0)
except ZeroDivisionError: print("caught")
