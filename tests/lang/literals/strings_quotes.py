# Single, double and triple quotes; adjacent literal concatenation; reprs
# choosing quotes the way CPython does.
a = 'single'
b = "double"
c = '''triple
single'''
d = """triple
double"""
print(a, b)
print(c)
print(d)
print('it\'s', "say \"hi\"", 'say "hi"', "it's")
print(repr('it\'s'), repr("say \"hi\""), repr('both \' and "'), repr("plain"))
print(repr(c), repr(d))
e = 'con' "cat" '''en''' """ation"""
print(e)
print(len(""), len(''), len(""""""), repr(''))
print("""a "quoted" word""", '''it's''')
print("""line one
   line two (indented)
line three""")
f = """\
no leading newline"""
print(f)
print("tab\there", 'nl\\n literal')
print('x' * 3, "-" * 10)
empty = ""
print(bool(empty), bool("x"))
