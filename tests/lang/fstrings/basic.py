# f-strings: expressions, calls, attribute/subscript access, quotes, braces.
name = "Kiln"
n = 3
items = [10, 20, 30]
info = {"k": "v", "n": 2}
print(f"hello {name}")
print(f"{n} + {n} = {n + n}")
print(f"{items[1]} {items[-1]} {info['k']} {info['n'] * 10}")
print(f"{name.upper()} {name.lower()!s} {len(items)}")
print(f"{'quoted'} {'double' if False else 'single'} {'-' * 2}")
print(F"capital F {n}")
print(f"{{braces}} {{{n}}}")
print(f"")
print(f"{n}{n}{n}")
print(f"{[i * i for i in range(4)]}")
print(f"{ {'a': 1}['a'] }")
print(f"{(lambda x: x * 2)(21)}")
print(f"{n if n > 2 else 'small'}")
print(f"{None} {True} {3.5} {[1, 'a']} {(1,)}")
print(f"multi" f"ple {n}" "plain" f"{n}")
x = 10
print(f"{x:>{n}}|{x:<{n + 2}}|")
print(f"{'abc':{'^'}{7}}|")
print(f"""triple
{name}
quoted""")
print(f'{"nested " + f"{n}"}')
