# Uncaught TypeError from an unsupported operand pair.
count = 3
label = "items: "
print(label + str(count))
print(count + label)
