# Case conversion, stripping, padding and character classes.
s = "Hello, World! 123"
print(s.upper(), s.lower(), s.swapcase(), s.title(), s.capitalize())
print("hELLO wORLD".capitalize(), "they're bill's".title())
print("  pad  ".strip() + "|", "  pad  ".lstrip() + "|", "  pad  ".rstrip() + "|")
print("xxhixx".strip("x"), "abcHIcba".strip("abc"), "..a..".lstrip("."), "..a..".rstrip("."))
print("\t\n spaces \r\n".strip() + "|")
print("42".zfill(5), "-42".zfill(5), "abc".zfill(2))
print("[" + "mid".center(9) + "]", "[" + "mid".center(8, "*") + "]")
print("[" + "l".ljust(4) + "]", "[" + "r".rjust(4, "0") + "]", "[" + "long".ljust(2) + "]")
print("123".isdigit(), "12a".isdigit(), "".isdigit(), "abc".isalpha(), "ab1".isalpha())
print("ab1".isalnum(), "ab 1".isalnum(), "   ".isspace(), "".isspace())
print("café".upper(), "ÉCOLE".lower())
print("a-b_c d".replace("-", " ").replace("_", " ").split())
