# kiln-expect: manual
# Kiln has no complex numbers: an imaginary literal is rejected at parse time
# with NotImplementedError naming the feature (hand-written expectation).
print("never printed")
z = 1 + 2j
print(z)
