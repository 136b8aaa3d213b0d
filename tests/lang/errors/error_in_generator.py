# An exception inside a generator body surfaces where the generator is consumed.
def parse_all(lines):
    for line in lines:
        yield int(line)


total = 0
for n in parse_all(["1", "2", "x3"]):
    total += n
    print("total", total)
