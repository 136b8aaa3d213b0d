# kiln-expect: manual
# Kiln has no bytes type: a bytes literal is rejected at parse time with
# NotImplementedError naming the feature (hand-written expectation).
print("never printed")
data = b"raw bytes"
print(data)
