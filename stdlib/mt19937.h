// stdlib/mt19937.h — the Mersenne Twister MT19937 exactly as CPython's
// `_random` module runs it, so that `random.seed(n)` followed by any of the
// `random` functions yields the very numbers CPython yields.
//
// What has to match, bit for bit:
//   * seeding: CPython always seeds through `init_by_array` (never
//     `init_genrand` directly), with the key being the absolute value of the
//     seed split into 32-bit words, least significant first; 0 gives key [0];
//   * `random()`: 53 bits from two outputs, (a>>5, b>>6) combined as
//     (a*67108864 + b) / 2**53;
//   * `getrandbits(k)`: for k <= 32 one output shifted right by 32-k; for
//     larger k, whole words from least to most significant, the last word
//     shifted to drop its low bits;
//   * `_randbelow(n)`: getrandbits(n.bit_length()) repeated until < n.
// The generator is plain data (no VM, no globals); the VM-facing module in
// stdlib/random.cpp owns one per VM.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "stdlib/sha512.h"

namespace kiln::vm {

class Mt19937 {
 public:
  static constexpr int N = 624;
  static constexpr int M = 397;

  Mt19937() { init_genrand(5489u); }

  void init_genrand(uint32_t s) {
    mt_[0] = s;
    for (int i = 1; i < N; i++) mt_[i] = 1812433253u * (mt_[i - 1] ^ (mt_[i - 1] >> 30)) + uint32_t(i);
    index_ = N;
  }

  // Seeds from a key of 32-bit words (least significant first), as
  // CPython's init_by_array. An empty key is treated as [0].
  void init_by_array(const uint32_t* key, size_t len) {
    static const uint32_t zero = 0;
    if (len == 0) {
      key = &zero;
      len = 1;
    }
    init_genrand(19650218u);
    size_t i = 1, j = 0;
    for (size_t k = (size_t(N) > len ? size_t(N) : len); k; k--) {
      mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1664525u)) + key[j] + uint32_t(j);
      i++;
      j++;
      if (i >= size_t(N)) {
        mt_[0] = mt_[N - 1];
        i = 1;
      }
      if (j >= len) j = 0;
    }
    for (size_t k = N - 1; k; k--) {
      mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1566083941u)) - uint32_t(i);
      i++;
      if (i >= size_t(N)) {
        mt_[0] = mt_[N - 1];
        i = 1;
      }
    }
    mt_[0] = 0x80000000u;  // MSB is 1, assuring a non-zero initial array
  }

  // Seeds from a non-negative integer the way CPython's Random.seed(int) does.
  void seed_u64(uint64_t n) {
    uint32_t key[2] = {uint32_t(n), uint32_t(n >> 32)};
    init_by_array(key, (n >> 32) ? 2 : 1);
  }

  // Seeds from the non-negative integer int.from_bytes(bytes, 'big'): its
  // 32-bit words, least significant first, without leading zero words.
  void seed_be_bytes(std::string_view bytes) {
    size_t start = 0;
    while (start < bytes.size() && bytes[start] == 0) start++;
    size_t n = bytes.size() - start;
    std::vector<uint32_t> key((n + 3) / 4);
    for (size_t i = 0; i < n; i++) {
      size_t bit = 8 * (n - 1 - i);  // position of this byte in the integer
      key[bit / 32] |= uint32_t(uint8_t(bytes[start + i])) << (bit % 32);
    }
    init_by_array(key.data(), key.size());
  }

  // random.seed(s) for a str (version 2): the integer whose big-endian bytes
  // are the UTF-8 text followed by its SHA-512 digest.
  void seed_str(std::string_view utf8) {
    auto digest = sha512(utf8);
    std::string bytes(utf8);
    bytes.append(reinterpret_cast<const char*>(digest.data()), digest.size());
    seed_be_bytes(bytes);
  }

  uint32_t next_u32() {
    static constexpr uint32_t kMatrixA = 0x9908b0dfu, kUpper = 0x80000000u, kLower = 0x7fffffffu;
    if (index_ >= N) {
      int kk = 0;
      for (; kk < N - M; kk++) {
        uint32_t y = (mt_[kk] & kUpper) | (mt_[kk + 1] & kLower);
        mt_[kk] = mt_[kk + M] ^ (y >> 1) ^ ((y & 1u) ? kMatrixA : 0u);
      }
      for (; kk < N - 1; kk++) {
        uint32_t y = (mt_[kk] & kUpper) | (mt_[kk + 1] & kLower);
        mt_[kk] = mt_[kk + (M - N)] ^ (y >> 1) ^ ((y & 1u) ? kMatrixA : 0u);
      }
      uint32_t y = (mt_[N - 1] & kUpper) | (mt_[0] & kLower);
      mt_[N - 1] = mt_[M - 1] ^ (y >> 1) ^ ((y & 1u) ? kMatrixA : 0u);
      index_ = 0;
    }
    uint32_t y = mt_[index_++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= (y >> 18);
    return y;
  }

  // random.random(): a double in [0, 1) with 53 random bits.
  double random() {
    uint32_t a = next_u32() >> 5, b = next_u32() >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
  }

  // getrandbits(k) for 0 <= k <= 64 (the caller checks the range).
  uint64_t getrandbits(int k) {
    if (k <= 0) return 0;
    if (k <= 32) return next_u32() >> (32 - k);
    uint64_t lo = next_u32();                 // least significant word first
    uint64_t hi = next_u32() >> (64 - k);     // drop the unused low bits of the last word
    return lo | (hi << 32);
  }

  // _randbelow_with_getrandbits(n) for n > 0.
  uint64_t randbelow(uint64_t n) {
    int k = std::bit_width(n);  // n.bit_length()
    uint64_t r = getrandbits(k);
    while (r >= n) r = getrandbits(k);
    return r;
  }

  // State as CPython's getstate(): 624 words followed by the index.
  std::vector<uint32_t> get_state() const {
    std::vector<uint32_t> s(mt_.begin(), mt_.end());
    s.push_back(uint32_t(index_));
    return s;
  }
  // Restores a state from get_state(); false if it is malformed.
  bool set_state(const std::vector<uint32_t>& s) {
    if (s.size() != size_t(N) + 1 || s[N] > uint32_t(N)) return false;
    for (int i = 0; i < N; i++) mt_[i] = s[i];
    index_ = int(s[N]);
    return true;
  }

 private:
  std::array<uint32_t, N> mt_{};
  int index_ = N + 1;
};

}  // namespace kiln::vm
