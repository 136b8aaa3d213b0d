# A module's body runs once however many times it is imported; every import
# returns the same module object, so its state is shared.
print("before first import")
import noisy
print("after first import")
import noisy
import noisy as again
from noisy import bump
print(again is noisy)
print(bump(), noisy.bump(), again.bump(), noisy.counter)
def import_inside_function():
    import noisy
    return noisy.bump()
print(import_inside_function(), noisy.counter)
