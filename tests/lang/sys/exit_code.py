# sys.exit(3) ends the program with exit status 3 and no traceback; finally
# blocks run on the way out.
import sys
print("before exit")
try:
    sys.exit(3)
finally:
    print("finally runs during SystemExit")
print("not reached")
