# Exceptions raised inside except/finally blocks, handlers in loops and
# functions, and the "current exception" restored after a nested handler.
def risky(n):
    if n % 3 == 0:
        raise ValueError(f"bad {n}")
    if n % 3 == 1:
        raise KeyError(n)
    return n
results = []
for i in range(6):
    try:
        results.append(risky(i))
    except ValueError as e:
        results.append(f"V:{e}")
    except KeyError as e:
        results.append(f"K:{e}")
print(results)
try:
    try:
        raise ValueError("first")
    except ValueError:
        raise TypeError("second, raised in handler")
except TypeError as e:
    print(e, "| context:", e.__context__)
try:
    try:
        raise ValueError("in try")
    finally:
        print("finally runs, then the exception continues")
except ValueError as e:
    print("caught", e)
def inner_handler():
    try:
        raise KeyError("outer active")
    except KeyError:
        try:
            raise ValueError("nested")
        except ValueError as v:
            print("nested caught", v)
        raise
try:
    inner_handler()
except KeyError as e:
    print("bare raise re-raised the outer one:", e)
def deep(n):
    if n == 0:
        raise IndexError("deep error")
    return deep(n - 1)
try:
    deep(50)
except IndexError as e:
    print("propagated through 50 frames:", e)
def cleanup_order():
    order = []
    try:
        try:
            order.append("try")
            raise RuntimeError
        except RuntimeError:
            order.append("except")
            raise
        finally:
            order.append("inner finally")
    except RuntimeError:
        order.append("outer except")
    finally:
        order.append("outer finally")
    return order
print(cleanup_order())
