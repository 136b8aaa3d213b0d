# Raw strings keep backslashes; r-prefix with every quote style.
print(r"a\nb", R'c\td')
print(len(r"\n"), len("\n"))
print(r"C:\path\to\file")
print(repr(r"\d+\.\d*"))
print(r'''raw
triple \n''')
print(r"\"" , len(r"\""))
print(r"\\", len(r"\\"))
print(rf"{1+1}\n", fr"\t{'x'}")
print(repr(r"\x41"), r"\x41" == "\\x41")
