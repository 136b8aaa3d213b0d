# strings: string building and processing.
# Builds CSV-like records with f-strings (format specs, !r), parses them back
# with split/int/float, and runs common text transforms: a Caesar cipher
# through ord/chr, run-length encoding, `+=` concatenation, "".join,
# slicing with steps, replace/find/count/startswith/strip, upper/lower and
# palindrome tests. Measures small-string allocation and str methods.
# quick-size: 2000

import sys


def caesar(s, k):
    out = []
    for ch in s:
        if "a" <= ch <= "z":
            out.append(chr((ord(ch) - 97 + k) % 26 + 97))
        elif "A" <= ch <= "Z":
            out.append(chr((ord(ch) - 65 + k) % 26 + 65))
        else:
            out.append(ch)
    return "".join(out)


def rle(s):
    if not s:
        return ""
    out = ""
    prev = s[0]
    run = 1
    for ch in s[1:]:
        if ch == prev:
            run += 1
        else:
            out += f"{run}{prev}"
            prev = ch
            run = 1
    out += f"{run}{prev}"
    return out


def string_hash(s):
    h = 0
    for ch in s:
        h = (h * 131 + ord(ch)) % 1000000007
    return h


def make_record(i):
    name = "user" + str(i * 7 % 1000)
    score = (i * 37 % 1000) / 8
    tag = "abcdefghij"[i % 10] * (i % 4 + 1)
    return f"{i:06d},{name},{score:.3f},{tag!r},{hex(i)}"


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 150000
    records = [make_record(i) for i in range(n)]
    blob = "\n".join(records)

    total_score = 0.0
    ids = 0
    tags = {}
    for line in blob.split("\n"):
        fields = line.split(",")
        ids += int(fields[0])
        total_score += float(fields[2])
        tag = fields[3].strip("'")
        tags[tag] = tags.get(tag, 0) + 1

    text = " ".join(r[7:] for r in records[: n // 4])
    secret = caesar(text, 13)
    back = caesar(secret, 13)
    squeezed = rle("".join(sorted(text[:5000])))

    pals = 0
    for i in range(n):
        s = str(i * i)
        if s == s[::-1]:
            pals += 1

    built = ""
    for i in range(n // 4):
        built += "x" if i % 3 else "yz"
    edited = blob[: n * 5].replace("user", "U").upper()

    print("strings", n, len(blob), ids, f"{total_score:.3f}", len(tags),
          sorted(tags.items())[0], back == text, string_hash(secret),
          len(squeezed), pals, len(built), built.count("yz"),
          edited.find("U99"), edited.count(","), blob.startswith("000000,"),
          string_hash(edited[::3]))


main()
