# wordcount: dict and string word counting.
# Builds a deterministic text (a linear congruential generator picks words
# and punctuation), then counts words the way everyday scripts do: split
# lines, lower-case, strip punctuation, count with dict.get and `in`, find
# the most common words with sorted(key=...), and tally letter bigrams.
# Measures str methods, string hashing, dict lookups and inserts.
# quick-size: 2000

import sys

WORDS = (
    "the quick brown fox jumps over lazy dog and then runs away from a "
    "hunter who carries an old rifle across green fields under bright blue "
    "sky while birds sing songs of summer rain falling gently on roofs of "
    "small houses where children play games with wooden toys made by their "
    "grandfather long ago in winter evenings beside warm fire light"
).split()

PUNCT = [",", ".", ";", "!", "?", ""]


def make_text(n_lines):
    seed = 12345
    lines = []
    for _ in range(n_lines):
        words = []
        seed = (seed * 1103515245 + 12345) % 2147483648
        n_words = 5 + seed % 11
        for k in range(n_words):
            seed = (seed * 1103515245 + 12345) % 2147483648
            w = WORDS[(seed >> 8) % len(WORDS)]
            if seed % 7 == 0:
                w = w.capitalize()
            elif seed % 13 == 0:
                w = w.upper()
            if k == n_words - 1 or seed % 5 == 0:
                w = w + PUNCT[(seed >> 4) % len(PUNCT)]
            words.append(w)
        lines.append(" ".join(words))
    return "\n".join(lines)


def count_words(text):
    counts = {}
    for line in text.split("\n"):
        for word in line.split():
            word = word.strip(",.;!?").lower()
            if not word:
                continue
            counts[word] = counts.get(word, 0) + 1
    return counts


def count_bigrams(text):
    bigrams = {}
    for word in text.lower().split():
        for i in range(len(word) - 1):
            bg = word[i:i + 2]
            if bg in bigrams:
                bigrams[bg] += 1
            else:
                bigrams[bg] = 1
    return bigrams


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 30000
    text = make_text(n)
    counts = count_words(text)
    top = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:5]
    bigrams = count_bigrams(text)
    letters = 0
    for bg in bigrams:
        if bg.isalpha():
            letters += bigrams[bg]
    total = 0
    for w in counts:
        total += counts[w]
    check = 0
    for w, c in sorted(counts.items()):
        check = (check * 31 + c * len(w)) % 1000000007
    print("wordcount", n, len(text), total, len(counts), len(bigrams), letters, check)
    print(" ".join(f"{w}={c}" for w, c in top))


main()
