# Closures capture variables (not values) and keep them alive.
def make_counter(start=0):
    count = start
    def inc(step=1):
        nonlocal count
        count += step
        return count
    return inc
c1 = make_counter()
c2 = make_counter(100)
print(c1(), c1(), c1(5), c2(), c1())
def make_pair():
    value = 0
    def get():
        return value
    def set_(v):
        nonlocal value
        value = v
    return get, set_
get, set_ = make_pair()
print(get())
set_(42)
print(get())
def outer():
    x = "before"
    def show():
        return x
    x = "after"
    return show
print(outer()())
def accumulate():
    items = []
    def add(v):
        items.append(v)
        return list(items)
    return add
acc = accumulate()
acc(1)
print(acc(2))
def bank(balance):
    def deposit(n):
        nonlocal balance
        balance += n
        return balance
    def withdraw(n):
        nonlocal balance
        if n > balance:
            return "insufficient"
        balance -= n
        return balance
    return deposit, withdraw
dep, wd = bank(10)
print(dep(5), wd(100), wd(3), dep(0))
