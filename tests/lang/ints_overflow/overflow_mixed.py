# kiln-expect: manual
# Values near the 64-bit limit still work when every intermediate result fits;
# floats take over where the program asks for them; overflow in an int that is
# converted to float first does not happen.
MAX = 9223372036854775807
print(MAX // 2 * 2 + 1 == MAX)
print(MAX / 2, float(MAX), MAX * 1.0 * 4)
print(2.0 ** 70, 10.0 ** 20, float(2 ** 62) * 8)
half = 2 ** 62
print(half + (half - 1))
try:
    half + half
except OverflowError:
    print("half + half overflowed")
print(-half - half)
nums = [2 ** 61] * 3
print(sum(nums))
try:
    print(sum(nums + nums))
except OverflowError:
    print("sum overflowed")
print(max(MAX, 0), min(-MAX - 1, 0), abs(-MAX))
