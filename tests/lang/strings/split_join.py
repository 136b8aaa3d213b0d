# str.split / rsplit / splitlines / join / partition.
s = "  the quick  brown\tfox\n jumps  "
print(s.split())
print(s.split(" "))
print("a,b,,c".split(","))
print("a,b,,c".split(",", 1))
print("a,b,,c".rsplit(",", 1))
print("a b c d".split(None, 2))
print("a b c d".rsplit(None, 2))
print("".split(), "".split(","))
print("one\ntwo\r\nthree\n".splitlines())
print("one\ntwo\n".splitlines(True))
print("-".join(["a", "b", "c"]), "".join([]), ", ".join("xyz"))
print(" ".join(str(i) for i in range(5)))
print("key=value=x".partition("="))
print("key=value=x".rpartition("="))
print("novalue".partition("="), "novalue".rpartition("="))
words = "the cat sat on the mat".split()
print(len(words), words.count("the"), sorted(set(words)))
print("::".join(reversed(words)))
try:
    "a".join([1, 2])
except TypeError as e:
    print("TypeError:", e)
try:
    "abc".split("")
except ValueError as e:
    print("ValueError:", e)
