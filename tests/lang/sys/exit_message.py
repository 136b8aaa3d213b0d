# sys.exit("message") prints the message to stderr and exits with status 1.
import sys
def main():
    print("working")
    sys.exit("fatal: giving up")
main()
print("not reached")
