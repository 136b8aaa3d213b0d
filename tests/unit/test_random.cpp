// Unit tests for Kiln's Mersenne Twister (stdlib/mt19937.h): seeding and the
// derived draws must reproduce CPython 3.11's `random` bit for bit. Every
// expected number below was printed by python3 (CPython 3.11.7), e.g.
//   random.seed(42); [random.getrandbits(32) for _ in range(3)], random.random()

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "stdlib/mt19937.h"
#include "stdlib/sha512.h"

using kiln::vm::Mt19937;

namespace {

struct IntSeedCase {
  uint64_t seed;  // CPython seeds with abs(n)
  uint32_t words[3];
  double random;
};

}  // namespace

TEST(Mt19937, IntSeedsMatchCPython) {
  const IntSeedCase cases[] = {
      {0, {3626764237u, 1654615998u, 3255389356u}, 0.890243920837131},
      {1, {577090037u, 2444712010u, 3639700191u}, 0.8022650611681835},
      {42, {2746317213u, 478163327u, 107420369u}, 0.7415504997598329},
      {12345, {1789368711u, 3146859322u, 43676229u}, 0.8201747225612886},
      {5, {2675342405u, 1097127993u, 3185950873u}, 0.35853551175589526},  // seed(-5)
      {uint64_t(1) << 32, {485306839u, 1508871100u, 1794561286u}, 0.9347212762883035},
      {(uint64_t(1) << 40) + 7, {2635837658u, 3209733218u, 3500038837u}, 0.937932416386988},
      {uint64_t(INT64_MAX), {1359979423u, 2819855560u, 2711238091u}, 0.1326851532128024},
  };
  for (const IntSeedCase& c : cases) {
    Mt19937 g;
    g.seed_u64(c.seed);
    for (uint32_t w : c.words) EXPECT_EQ(g.getrandbits(32), w) << "seed " << c.seed;
    EXPECT_EQ(g.random(), c.random) << "seed " << c.seed;
  }
}

TEST(Mt19937, RandomSequenceForSeed42) {
  Mt19937 g;
  g.seed_u64(42);
  EXPECT_EQ(g.random(), 0.6394267984578837);
  EXPECT_EQ(g.random(), 0.025010755222666936);
  EXPECT_EQ(g.random(), 0.27502931836911926);
}

TEST(Mt19937, StrSeedsMatchCPython) {
  struct Case {
    const char* seed;
    uint32_t words[3];
    double random;
  };
  const Case cases[] = {
      {"hello", {1519453933u, 3618488475u, 2848416207u}, 0.758249324169795},
      {"", {4124137760u, 1951988028u, 2557274880u}, 0.20688680103429935},
      {"h\xc3\xa9llo w\xc3\xb6rld", {336257500u, 1635263030u, 682209189u}, 0.12287449808232065},
  };
  for (const Case& c : cases) {
    Mt19937 g;
    g.seed_str(c.seed);
    for (uint32_t w : c.words) EXPECT_EQ(g.getrandbits(32), w) << "seed " << c.seed;
    EXPECT_EQ(g.random(), c.random) << "seed " << c.seed;
  }
}

TEST(Mt19937, GetrandbitsWidths) {
  // random.seed(7); [random.getrandbits(k) for k in (1, 5, 31, 32, 33, 48, 63, 64)]
  Mt19937 g;
  g.seed_u64(7);
  const int widths[] = {1, 5, 31, 32, 33, 48, 63, 64};
  const uint64_t expected[] = {0u, 30u, 323946139u, 1695753998u, 2795742288u, 231168335884083u,
                               868196408185819179u, 10750541312280087032u};
  for (size_t i = 0; i < 8; i++) EXPECT_EQ(g.getrandbits(widths[i]), expected[i]) << "k=" << widths[i];
  EXPECT_EQ(g.getrandbits(0), 0u);
}

TEST(Mt19937, RandbelowDrivesRandintAndShuffle) {
  // random.seed(42); [random.randint(1, 100) for _ in range(10)]
  Mt19937 g;
  g.seed_u64(42);
  const int64_t randints[] = {82, 15, 4, 95, 36, 32, 29, 18, 95, 14};
  for (int64_t want : randints) EXPECT_EQ(1 + int64_t(g.randbelow(100)), want);

  // random.seed(3); l = list(range(10)); random.shuffle(l)
  g.seed_u64(3);
  std::vector<int> l = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  for (size_t i = l.size() - 1; i >= 1; i--) std::swap(l[i], l[g.randbelow(i + 1)]);
  EXPECT_EQ(l, (std::vector<int>{1, 5, 6, 0, 9, 4, 7, 2, 8, 3}));

  // random.seed(3); [random.randrange(0, 2**62) for _ in range(3)]
  g.seed_u64(3);
  EXPECT_EQ(g.randbelow(uint64_t(1) << 62), 1202937964474309450u);
  EXPECT_EQ(g.randbelow(uint64_t(1) << 62), 4372372156980035837u);
  EXPECT_EQ(g.randbelow(uint64_t(1) << 62), 4327904458897121193u);
}

TEST(Mt19937, StateRoundTrip) {
  // random.seed(5); s = random.getstate()[1]: s[:3] == (2147483648, 2796186638, 190942503), s[-1] == 624
  Mt19937 g;
  g.seed_u64(5);
  std::vector<uint32_t> s = g.get_state();
  ASSERT_EQ(s.size(), 625u);
  EXPECT_EQ(s[0], 2147483648u);
  EXPECT_EQ(s[1], 2796186638u);
  EXPECT_EQ(s[2], 190942503u);
  EXPECT_EQ(s[624], 624u);
  double first = g.random();
  Mt19937 h;
  ASSERT_TRUE(h.set_state(s));
  EXPECT_EQ(h.random(), first);
  s[624] = 625;
  EXPECT_FALSE(h.set_state(s));
}

TEST(Sha512, KnownDigests) {
  auto hex = [](const std::string& s) {
    auto d = kiln::vm::sha512(s);
    std::string out;
    for (uint8_t b : d) {
      static const char* digits = "0123456789abcdef";
      out += digits[b >> 4];
      out += digits[b & 15];
    }
    return out;
  };
  EXPECT_EQ(hex("abc"),
            "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d44"
            "23643ce80e2a9ac94fa54ca49f");
  // 111 and 112 bytes straddle the one-block / two-block padding boundary.
  EXPECT_EQ(hex(std::string(111, 'b')),
            "419c4a5a61a60515b115bc4c67f412b9d5e3a9b044451cccf91fd9cf917ff1488c05942ea6598d2fc40183befd85786cff8ac0"
            "bcd5fd7fff666968a198f22e21");
  EXPECT_EQ(hex(std::string(112, 'b')),
            "fd29e3caf85c0e469f0f157a3d8dad942e776c4cf8fcd1e10fc5592af6024ade7e2c163a127cee9f6053311cae50c40d682260"
            "c8f1d4d2b63608a55a66e44f1d");
  EXPECT_EQ(hex(std::string(200, 'a')),
            "4b11459c33f52a22ee8236782714c150a3b2c60994e9acee17fe68947a3e6789f31e7668394592da7bef827cddca88c4e6f86e"
            "4df7ed1ae6cba71f3e98faee9f");
}
