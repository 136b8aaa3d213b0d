"""string: the character-class constants and capwords() (Kiln's pure-Python version).

Provides ascii_letters, ascii_lowercase, ascii_uppercase, digits, hexdigits,
octdigits, punctuation, whitespace, printable and capwords(s, sep=None).
Not provided: string.Template and string.Formatter (Template needs `re`).
"""

whitespace = ' \t\n\r\x0b\x0c'
ascii_lowercase = 'abcdefghijklmnopqrstuvwxyz'
ascii_uppercase = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
ascii_letters = ascii_lowercase + ascii_uppercase
digits = '0123456789'
hexdigits = digits + 'abcdef' + 'ABCDEF'
octdigits = '01234567'
punctuation = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'
printable = digits + ascii_letters + punctuation + whitespace


def capwords(s, sep=None):
    """Split s on sep (runs of whitespace when sep is None), capitalize each
    piece and join them back with sep (a single space when sep is None)."""
    parts = s.split(sep)
    joiner = ' ' if sep is None else sep
    return joiner.join([p.capitalize() for p in parts])
