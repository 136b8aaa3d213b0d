# Concatenating str and int.
name = "item"
for i in range(2):
    print(name + str(i))
print(name + 2)
