# kiln-expect: manual
# Kiln's ints are 64-bit: a result beyond [-2**63, 2**63-1] raises
# OverflowError instead of growing (a deliberate deviation from CPython, so
# this expectation is hand-written). Only the exception type is printed: the
# message is Kiln's own.
MAX = 9223372036854775807
MIN = -MAX - 1
print(MAX, MIN, MAX + MIN)
print(MAX - 1 + 1, MIN + 1 - 1, -MAX, MAX // -1, MIN // 1, MIN % 7)


def attempt(label, fn):
    try:
        r = fn()
    except OverflowError as e:
        print(label, "OverflowError", type(e).__name__, isinstance(e, ArithmeticError))
    else:
        print(label, "no error", r)


attempt("add", lambda: MAX + 1)
attempt("sub", lambda: MIN - 1)
attempt("mul", lambda: MAX * 2)
attempt("mul_neg", lambda: MIN * -1)
attempt("mul_big", lambda: 3037000500 * 3037000500)
attempt("mul_ok", lambda: 3037000499 * 3037000499)
attempt("pow", lambda: 2 ** 63)
attempt("pow_ok", lambda: 2 ** 62)
attempt("pow_neg_ok", lambda: (-2) ** 63)
attempt("pow_big", lambda: 10 ** 19)
attempt("lshift", lambda: 1 << 63)
attempt("lshift_ok", lambda: 1 << 62)
attempt("neg_min", lambda: -MIN)
attempt("abs_min", lambda: abs(MIN))
attempt("floordiv_min", lambda: MIN // -1)
attempt("sum", lambda: sum([MAX, 1]))
attempt("int_float", lambda: int(1e19))
attempt("int_str", lambda: int("99999999999999999999"))
attempt("pow3_ok", lambda: pow(MAX, 2, 1000))


def grow():
    x = 1
    n = 0
    while True:
        x *= 10
        n += 1


try:
    grow()
except OverflowError:
    print("grow stopped with OverflowError")

acc = MAX - 5
try:
    for i in range(10):
        acc += 1
except OverflowError:
    print("augmented add overflowed at", i, "acc =", acc)
print("after", acc == MAX)
