# global and nonlocal declarations, shadowing, and UnboundLocalError.
total = 0
def add_to_total(n):
    global total
    total += n
add_to_total(5)
add_to_total(7)
print(total)
def make_global():
    global created_later
    created_later = "made inside a function"
make_global()
print(created_later)
x = "global x"
def shadow():
    x = "local x"
    return x
print(shadow(), x)
def read_global():
    return x
print(read_global())
def outer():
    a = 1
    def middle():
        nonlocal a
        a += 10
        def inner():
            nonlocal a
            a += 100
            return a
        return inner()
    r = middle()
    return a, r
print(outer())
def bad():
    try:
        print(total)
        total = 1
    except UnboundLocalError as e:
        print("UnboundLocalError:", e)
bad()
def levels():
    v = "outer"
    def mid():
        v = "mid"
        def inn():
            return v
        return inn()
    return mid(), v
print(levels())
counter = 0
def bump():
    global counter
    for _ in range(3):
        counter += 1
    return counter
print(bump(), bump(), counter)
