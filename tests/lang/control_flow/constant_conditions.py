# Conditions that are constants (`while True:`, `if 0:`) compile to no test
# at all; every kind of constant and its else branches still behave.
n = 0
while True:
    n += 1
    if n == 5:
        break
else:
    print("not reached")
print("while True", n)

while 0:
    print("not reached")
else:
    print("while 0 else")

i = 0
while 1:
    i += 1
    if i > 3:
        break
print("while 1", i)

for c in (None, True, False, ..., 0, 1, -2, 0.0, 2.5, "", "x"):
    pass
if None: print("None true")
else: print("None false")
if ...: print("Ellipsis true")
if 0.0: print("0.0 true")
elif 2.5: print("2.5 true")
if "": print("'' true")
elif "x": print("'x' true")
if not 0: print("not 0")
if not "x": print("not 'x'")
else: print("not 'x' is false")
if True and n: print("True and n")
if False or n: print("False or n")
if 0 or "": print("unreached")
else: print("0 or '' false")

def f(x):
    while True:
        if x > 2:
            return x
        x += 1

print(f(0), f(10))

def g():
    while True:
        try:
            return "from try"
        finally:
            print("finally runs")

print(g())
k = 0
while True:
    k += 1
    if k < 3:
        continue
    break
print("continue", k)
