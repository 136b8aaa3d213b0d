# Less frequent str methods: character-class predicates, prefix/suffix
# removal, tab expansion, casefold, and dunder methods called directly.
print("abc".islower(), "ABC".isupper(), "Abc".islower(), "Title Case".istitle(), "Not title".istitle())
print("123".isnumeric(), "12.5".isdecimal(), "x_1".isidentifier(), "1x".isidentifier(), "".isidentifier())
print("prefix_name".removeprefix("prefix_"), "name.py".removesuffix(".py"), "x".removeprefix("y"))
print("ab\tc".expandtabs(4) + "|", "a\tbc\td".expandtabs() + "|")
print("MiXeD".casefold(), "abc".isascii(), "é".isascii(), "  ".isprintable(), "\n".isprintable())
print("abc".__len__(), "abc".__contains__("b"), "abc".__add__("d"), "ab".__mul__(2), "b".__lt__("a"))
print("a,b;c".replace(";", ",").split(","), "x".join("123"), "hello"[1:].title())
