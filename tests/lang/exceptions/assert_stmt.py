# assert with and without a message, caught as AssertionError.
def check(v):
    assert v > 0, f"expected positive, got {v}"
    return v * 2
print(check(3))
try:
    check(-1)
except AssertionError as e:
    print("AssertionError:", e, e.args)
try:
    assert 1 == 2
except AssertionError as e:
    print("AssertionError with no message:", repr(str(e)), e.args)
assert True, "never shown"
assert [1], "non-empty list is true"
try:
    assert [], ["message", "can", "be", "any", "object"]
except AssertionError as e:
    print(e.args[0])
count = 0
def side_effect():
    global count
    count += 1
    return "msg"
assert True, side_effect()
print("message not evaluated when the assertion holds:", count)
