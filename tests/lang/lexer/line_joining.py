# Implicit line joining inside (), [] and {}, and explicit joining with '\'.
values = [
    1, 2,
    3,   # comment inside brackets
    4,
]
print(values)

total = (1 +
         2 +
         3)
print(total)

mapping = {
    "a": 1,
        "b": 2,   # indentation inside brackets is free
  "c": 3,
}
print(mapping)

def add(a,
        b,
        c=10):
    return a + b + c

print(add(1,
          2))

x = 1 + \
    2 + \
    3
print(x)

if x > 2 and \
   x < 10:
    print("in range")

s = "abc" \
    "def"
print(s)

t = ("implicit "
     "string "
     'concatenation')
print(t)

nested = [[1, 2,
           3], (4,
                5), {6:
                     7}]
print(nested)

result = add(
    a=1,
    b=2,
)
print(result)
print(len([
]))
y = [i
     for i in range(5)
     if i % 2]
print(y)
