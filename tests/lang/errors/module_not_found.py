# Importing a module that does not exist.
import math
print(math.floor(1.5))
import kiln_module_that_does_not_exist
