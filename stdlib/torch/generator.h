// stdlib/torch/generator.h — Kiln's random number generator for tensors.
//
// torch.manual_seed(s), torch.rand, randn, randint, randperm draw from one
// generator per VM. Kiln's sequences are its own (PyTorch's need not be
// reproduced): xoshiro256** (Blackman and Vigna), seeded by running
// splitmix64 over the seed, as the authors recommend. Draws:
//   * uniform float32 in [0, 1): the top 24 bits of a draw times 2^-24;
//     float64: the top 53 bits times 2^-53;
//   * normal: Box-Muller on two uniform doubles (both results used, the
//     second kept for the next draw; manual_seed discards it);
//   * integers in [low, high): Lemire's multiply-and-reject, unbiased.
// Values are generated in order, on the calling thread, so a seed gives the
// same tensors on every machine and thread count.
#pragma once

#include <cstdint>

namespace kiln::torch {

class Generator {
 public:
  Generator() { seed(67280421310721ull); }  // PyTorch's default seed, for a fixed start
  void seed(uint64_t s);
  uint64_t initial_seed() const { return initial_seed_; }
  uint64_t next_u64();
  double uniform_double();   // [0, 1)
  float uniform_float();     // [0, 1)
  double normal();           // mean 0, std 1
  // Uniform in [0, n), n > 0.
  uint64_t below(uint64_t n);

 private:
  uint64_t s_[4];
  uint64_t initial_seed_ = 0;
  bool has_spare_normal_ = false;
  double spare_normal_ = 0;
};

}  // namespace kiln::torch
