# kiln-expect: manual
# Kiln does not support async def: rejected at parse time with
# NotImplementedError naming the feature (hand-written expectation).
print("never printed")


async def fetch():
    return 1
