# Indexing past the end of a string inside a helper function.
def initial(word):
    return word[0]


print(initial("kiln"))
print(initial(""))
