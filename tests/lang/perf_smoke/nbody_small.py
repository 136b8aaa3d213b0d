# A short n-body integration (float arithmetic in nested loops).
import math
bodies = [
    [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 39.47841760435743],
    [4.84, -1.16, -0.10, 0.606, 2.81, -0.02, 0.037],
    [8.34, 4.12, -0.40, -1.01, 1.82, 0.008, 0.011],
    [12.89, -15.11, -0.22, 1.08, 0.868, -0.01, 0.0017],
    [15.37, -25.91, 0.17, 0.979, 0.594, -0.034, 0.002],
]


def energy():
    e = 0.0
    for i, b in enumerate(bodies):
        e += 0.5 * b[6] * (b[3] * b[3] + b[4] * b[4] + b[5] * b[5])
        for b2 in bodies[i + 1:]:
            dx, dy, dz = b[0] - b2[0], b[1] - b2[1], b[2] - b2[2]
            e -= b[6] * b2[6] / math.sqrt(dx * dx + dy * dy + dz * dz)
    return e


def advance(dt, steps):
    for _ in range(steps):
        for i, b in enumerate(bodies):
            for b2 in bodies[i + 1:]:
                dx, dy, dz = b[0] - b2[0], b[1] - b2[1], b[2] - b2[2]
                d2 = dx * dx + dy * dy + dz * dz
                mag = dt / (d2 * math.sqrt(d2))
                b[3] -= dx * b2[6] * mag
                b[4] -= dy * b2[6] * mag
                b[5] -= dz * b2[6] * mag
                b2[3] += dx * b[6] * mag
                b2[4] += dy * b[6] * mag
                b2[5] += dz * b[6] * mag
        for b in bodies:
            b[0] += dt * b[3]
            b[1] += dt * b[4]
            b[2] += dt * b[5]


print(f"{energy():.9f}")
advance(0.01, 2000)
print(f"{energy():.9f}")
