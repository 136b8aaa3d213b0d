# Blocks are delimited by INDENT/DEDENT: mixed depths, several dedents at once,
# blank lines and comment-only lines inside blocks.
def classify(n):
    if n < 0:
        return "negative"
    elif n == 0:
        return "zero"
    else:
        if n % 2 == 0:
            if n > 100:
                return "big even"
            return "even"
        return "odd"


for v in [-5, 0, 3, 4, 200]:
    print(v, classify(v))


def deep(x):
  # two-space indentation is as good as four
  if x:
      # and the next level may use a different width
      for i in range(2):
              if i:

                  # blank line and comment above do not matter
                  print("deep", x, i)
  return x

deep(7)

class Box:
    def __init__(self, v):
        self.v = v

    def get(self):
        return self.v
print(Box(3).get())

total = 0
for i in range(3):
    for j in range(3):
        for k in range(3):
            total += i * j * k
print("total", total)
if True: print("one-line if body")
while total > 20: total -= 10
print(total)
for c in "ab": print(c, end=" ")
print()
def f(): return "one-line def"
print(f())
class C: pass
print(C.__name__)
