# finally with return, break and continue: the finally's own jump wins.
def ret_override():
    try:
        return "try"
    finally:
        return "finally"
print(ret_override())
def swallow():
    try:
        raise ValueError("lost")
    finally:
        return "finally return swallows the exception"
print(swallow())
def break_in_finally():
    for i in range(5):
        try:
            if i == 2:
                raise KeyError(i)
        finally:
            if i == 2:
                break
    return i
print(break_in_finally())
def continue_in_finally():
    out = []
    for i in range(4):
        try:
            out.append(i)
            if i % 2:
                raise ValueError
        finally:
            continue
    return out
print(continue_in_finally())
def value_captured():
    x = 1
    try:
        return x
    finally:
        x = 2
        print("x changed to", x)
print(value_captured())
def while_finally():
    n = 0
    while True:
        try:
            n += 1
            if n == 3:
                break
        finally:
            print("finally n =", n)
    return n
print(while_finally())
def nested_returns():
    try:
        try:
            return "inner try"
        finally:
            print("inner finally")
    finally:
        print("outer finally")
print(nested_returns())
