# A TypeError while constructing an instance with a bad argument.
class Temperature:
    def __init__(self, celsius):
        self.kelvin = celsius + 273.15


print(Temperature(25).kelvin)
t = Temperature("hot")
