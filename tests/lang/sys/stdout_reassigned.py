# print() without file= writes to sys.stdout when the program has replaced
# it (contextlib.redirect_stdout does), and to the console again once
# sys.stdout is restored.
import sys
from contextlib import redirect_stdout


class Capture:
    def __init__(self):
        self.parts = []

    def write(self, s):
        self.parts.append(s)
        return len(s)

    def flush(self):
        pass


cap = Capture()
sys.stdout = cap
print("captured", 1, 2, sep="-")
print("second", end="!")
sys.stdout = sys.__stdout__
print(cap.parts)
other = Capture()
with redirect_stdout(other):
    print("inside")
    for i in range(3):
        print(i)
print("outside", "".join(other.parts).split())
