# Early exits from a `finally` body that a `return` runs: the pending return
# value must be dropped (break / continue) or replaced (return), or the
# stack keeps it. Loops repeat each case so that a leftover value would pile
# up, and calls after it would find their arguments in the wrong slots.
def add(a, b):
    pair = [a, b]
    return pair[0] + pair[1]

def break_drops_return_value():
    n = 0
    total = 0
    while n < 50:
        n += 1
        for i in range(5):
            try:
                return "lost"
            finally:
                break
        total += add(n, [n][0])
    return total
print(break_drops_return_value())

def continue_drops_return_value():
    seen = []
    for i in range(30):
        try:
            if i % 3:
                return i
        finally:
            if i < 29:
                continue
        seen.append(add(i, 0))
    return seen
print(continue_drops_return_value())

def return_replaces_return_value(k):
    for i in range(3):
        try:
            try:
                return "inner"
            finally:
                if k:
                    return add(k, i)
        finally:
            pass
    return None
print([return_replaces_return_value(k) for k in range(40)][-3:])

def nested_finally_break():
    out = []
    for i in range(20):
        for j in range(3):
            try:
                try:
                    return "x"
                finally:
                    out.append(j)
            finally:
                break
        out.append(add(i, -i))
    return len(out), sum(out)
print(nested_finally_break())

def return_from_handler_in_loop():
    total = 0
    for i in range(40):
        try:
            try:
                raise ValueError(i)
            except ValueError as e:
                return e
            finally:
                continue
        finally:
            total += add(i, 1)
    return total
print(return_from_handler_in_loop())

def with_and_finally():
    class CM:
        def __enter__(self):
            return self
        def __exit__(self, *a):
            return False
    log = []
    for i in range(25):
        with CM():
            try:
                return "w"
            finally:
                log.append(add(i, 0))
                break
    for i in range(25):
        with CM():
            try:
                return "w"
            finally:
                if i < 24:
                    continue
    return log, i
print(with_and_finally())
