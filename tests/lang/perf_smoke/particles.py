# A class-heavy simulation: particles with method calls and float updates.
class Vec:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def add(self, other):
        return Vec(self.x + other.x, self.y + other.y)

    def scale(self, k):
        return Vec(self.x * k, self.y * k)


class Particle:
    def __init__(self, pos, vel):
        self.pos = pos
        self.vel = vel

    def step(self, dt):
        self.vel = self.vel.add(Vec(0.0, -9.8).scale(dt))
        self.pos = self.pos.add(self.vel.scale(dt))
        if self.pos.y < 0:
            self.pos = Vec(self.pos.x, -self.pos.y)
            self.vel = Vec(self.vel.x, -self.vel.y * 0.9)


particles = [Particle(Vec(float(i), 10.0 + i), Vec(1.0, 0.0)) for i in range(20)]
for _ in range(500):
    for p in particles:
        p.step(0.01)
print(f"{sum(p.pos.x for p in particles):.6f}")
print(f"{sum(p.pos.y for p in particles):.6f}")
print(f"{max(p.vel.y for p in particles):.6f}")
