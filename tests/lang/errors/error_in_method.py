# An error several calls deep inside methods: the innermost frame is reported.
class Inventory:
    def __init__(self):
        self.items = {"apple": 3}

    def take(self, name, n):
        return self._remove(name, n)

    def _remove(self, name, n):
        have = self.items[name]
        if n > have:
            raise ValueError(f"only {have} {name} left, asked for {n}")
        self.items[name] = have - n
        return self.items[name]


inv = Inventory()
print(inv.take("apple", 2))
print(inv.take("apple", 5))
