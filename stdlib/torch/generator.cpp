// stdlib/torch/generator.cpp — xoshiro256** and its draws (see generator.h).

#include "stdlib/torch/generator.h"

#include <cmath>

namespace kiln::torch {

namespace {
inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
inline uint64_t splitmix64(uint64_t& x) {
  uint64_t z = (x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
}  // namespace

void Generator::seed(uint64_t s) {
  initial_seed_ = s;
  uint64_t x = s;
  for (uint64_t& w : s_) w = splitmix64(x);
  has_spare_normal_ = false;
}

uint64_t Generator::next_u64() {
  const uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

double Generator::uniform_double() { return double(next_u64() >> 11) * 0x1.0p-53; }
float Generator::uniform_float() { return float(next_u64() >> 40) * 0x1.0p-24f; }

double Generator::normal() {
  if (has_spare_normal_) {
    has_spare_normal_ = false;
    return spare_normal_;
  }
  double u1 = uniform_double(), u2 = uniform_double();
  double r = std::sqrt(-2.0 * std::log(1.0 - u1));  // 1 - u1 is in (0, 1]
  double theta = 2.0 * 3.14159265358979323846 * u2;
  spare_normal_ = r * std::sin(theta);
  has_spare_normal_ = true;
  return r * std::cos(theta);
}

uint64_t Generator::below(uint64_t n) {
  // Lemire, "Fast Random Integer Generation in an Interval" (2019).
  unsigned __int128 m = (unsigned __int128)next_u64() * n;
  uint64_t low = uint64_t(m);
  if (low < n) {
    uint64_t threshold = -n % n;
    while (low < threshold) {
      m = (unsigned __int128)next_u64() * n;
      low = uint64_t(m);
    }
  }
  return uint64_t(m >> 64);
}

}  // namespace kiln::torch
