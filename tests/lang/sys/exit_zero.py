# sys.exit() and sys.exit(0) are successful exits; output printed before
# them is kept.
import sys
for i in range(3):
    print("line", i)
    if i == 1:
        sys.exit(0)
print("not reached")
