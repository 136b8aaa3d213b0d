# classes: a class-heavy simulation with method calls.
# Particles of several subclasses move in a box, bounce off the walls and
# collide on a coarse grid. Measures instance creation, attribute loads and
# stores, bound-method calls, super().__init__, @property, @staticmethod,
# @classmethod, operator dunders (__add__, __mul__, __eq__, __hash__) on a
# small Vec class, and virtual dispatch through overridden methods.
# quick-size: 40

import sys


class Vec:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __add__(self, other):
        return Vec(self.x + other.x, self.y + other.y)

    def __sub__(self, other):
        return Vec(self.x - other.x, self.y - other.y)

    def __mul__(self, k):
        return Vec(self.x * k, self.y * k)

    def dot(self, other):
        return self.x * other.x + self.y * other.y

    def __eq__(self, other):
        return self.x == other.x and self.y == other.y

    def __hash__(self):
        return hash((self.x, self.y))

    @staticmethod
    def zero():
        return Vec(0, 0)


class Particle:
    count = 0

    def __init__(self, pos, vel, mass):
        self.pos = pos
        self.vel = vel
        self.mass = mass
        self.hits = 0
        Particle.count += 1

    @classmethod
    def at(cls, x, y, vx, vy):
        return cls(Vec(x, y), Vec(vx, vy), 1)

    @property
    def momentum(self):
        return self.vel * self.mass

    def energy(self):
        return self.mass * self.vel.dot(self.vel)

    def step(self, size):
        self.pos = self.pos + self.vel
        self.bounce(size)

    def bounce(self, size):
        p = self.pos
        v = self.vel
        if p.x < 0 or p.x >= size:
            self.vel = Vec(-v.x, v.y)
            self.pos = Vec(min(max(p.x, 0), size - 1), p.y)
            self.hits += 1
        v = self.vel
        p = self.pos
        if p.y < 0 or p.y >= size:
            self.vel = Vec(v.x, -v.y)
            self.pos = Vec(p.x, min(max(p.y, 0), size - 1))
            self.hits += 1

    def cell(self, grid):
        return Vec(self.pos.x // grid, self.pos.y // grid)

    def kind(self):
        return "p"


class Heavy(Particle):
    def __init__(self, pos, vel, mass):
        super().__init__(pos, vel, mass * 3)

    def kind(self):
        return "h"


class Sticky(Particle):
    def bounce(self, size):
        before = self.hits
        super().bounce(size)
        if self.hits != before:
            # Loses speed on every wall hit, but never stops.
            self.vel = Vec(self.vel.x // 2 or 1, self.vel.y // 2 or -1)

    def kind(self):
        return "s"


class World:
    def __init__(self, size, n):
        self.size = size
        self.particles = []
        self.collisions = 0
        seed = 7
        kinds = [Particle, Heavy, Sticky]
        for i in range(n):
            seed = (seed * 69069 + 1) % 4294967296
            x = seed % size
            seed = (seed * 69069 + 1) % 4294967296
            y = seed % size
            vx = seed % 7 - 3
            vy = (seed >> 3) % 7 - 3
            cls = kinds[i % 3]
            self.particles.append(cls.at(x, y, vx, vy))

    def tick(self):
        cells = {}
        for p in self.particles:
            p.step(self.size)
            c = p.cell(8)
            if c in cells:
                cells[c].append(p)
            else:
                cells[c] = [p]
        for group in cells.values():
            if len(group) > 1:
                self.collide(group[0], group[1])

    def collide(self, a, b):
        # Exchange velocities: a simple elastic collision of equal shares.
        a.vel, b.vel = b.vel, a.vel
        self.collisions += 1

    def total_momentum(self):
        total = Vec.zero()
        for p in self.particles:
            total = total + p.momentum
        return total

    def total_energy(self):
        e = 0
        for p in self.particles:
            e += p.energy()
        return e


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    world = World(200, n)
    for _ in range(n * 2):
        world.tick()
    m = world.total_momentum()
    hits = 0
    kinds = {}
    for p in world.particles:
        hits += p.hits
        k = p.kind()
        kinds[k] = kinds.get(k, 0) + 1
    print("classes", n, Particle.count, world.collisions, hits, m.x, m.y,
          world.total_energy(), sorted(kinds.items()))


main()
