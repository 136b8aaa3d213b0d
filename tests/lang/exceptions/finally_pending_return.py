# A `return` whose finally body leaves early (return, break, continue): the
# pending return value is dropped, the stack stays balanced, nothing leaks.
def continue_drops_return():
    for i in range(3):
        try:
            return "r" + str(i)
        finally:
            if i < 2:
                continue
    return "end"
print(continue_drops_return())
def break_drops_return():
    for i in range(3):
        try:
            return "r" + str(i)
        finally:
            break
    return "after break"
print(break_drops_return())
def nested_override():
    try:
        try:
            return "inner" + str(1)
        finally:
            return "middle" + str(2)
    finally:
        print("outer finally")
print(nested_override())
def with_and_finally():
    with open(__file__) as fh:
        try:
            return "w" + str(len(fh.readline()) > 0)
        finally:
            return "finally wins"
print(with_and_finally())
def loop_of_overrides():
    total = []
    for i in range(1000):
        def f(i=i):
            try:
                return [i] * 3
            finally:
                return i
        total.append(f())
    return sum(total)
print(loop_of_overrides())
