# An exception raised in a finally block replaces the one in flight.
def work():
    try:
        print("working")
        raise ValueError("original")
    finally:
        print("cleaning up")
        raise RuntimeError("cleanup failed")


work()
