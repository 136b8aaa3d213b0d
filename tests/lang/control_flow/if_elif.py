# if / elif / else chains, nesting, truthiness of every builtin type.
def grade(score):
    if score >= 90:
        return "A"
    elif score >= 80:
        return "B"
    elif score >= 70:
        return "C"
    else:
        return "F"
print([grade(s) for s in (95, 85, 75, 10, 90, 80)])
for v in [0, 1, -1, 0.0, 0.5, "", "a", [], [0], (), (0,), {}, {0: 0}, set(), {0}, None, range(0), range(1)]:
    if v:
        print(repr(v), "truthy")
    else:
        print(repr(v), "falsy")
x = 15
if x > 10:
    if x > 20:
        print("big")
    else:
        print("medium")
if not x:
    print("zero")
elif x % 5 == 0 and x % 3 == 0:
    print("fizzbuzz")
if x:
    pass
print("done")
