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
#include "stdlib_test_util.h"

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

// ---------------------------------------------------------------- the module, end to end
// Scripts run through kiln::Runtime; expected output printed by CPython 3.11.
namespace {
const kiln_test::ScriptCase kRandomCases[] = {
    {"seed_random",
     "import random\n"
     "random.seed(42)\n"
     "print([random.random() for _ in range(3)])\n"
     "random.seed(-42)\n"
     "print(random.random())\n"
     "random.seed(2**40 + 7)\n"
     "print(random.random())\n",
     "[0.6394267984578837, 0.025010755222666936, 0.27502931836911926]\n"
     "0.6394267984578837\n"
     "0.6137037779936511\n"},
    {"seed_str_float_bool",
     "import random\n"
     "random.seed('hello')\n"
     "print(random.random())\n"
     "random.seed('hello', version=1)\n"
     "print(random.random())\n"
     "random.seed(1.5)\n"
     "print(random.random())\n"
     "random.seed(True)\n"
     "print(random.random())\n"
     "random.seed(0)\n"
     "print(random.random())\n",
     "0.3537754404730722\n"
     "0.8180391270568783\n"
     "0.551763726942059\n"
     "0.13436424411240122\n"
     "0.8444218515250481\n"},
    {"randint_randrange",
     "import random\n"
     "random.seed(42)\n"
     "print([random.randint(1, 100) for _ in range(10)])\n"
     "print([random.randrange(10) for _ in range(5)])\n"
     "print([random.randrange(5, 50, 5) for _ in range(5)])\n"
     "print([random.randrange(50, 5, -7) for _ in range(5)])\n"
     "print(random.randrange(-2**62, 2**62), random.randint(-10, -5), random.randrange(3, stop=9))\n",
     "[82, 15, 4, 95, 36, 32, 29, 18, 95, 14]\n"
     "[8, 1, 9, 6, 0]\n"
     "[5, 10, 20, 20, 45]\n"
     "[22, 50, 22, 43, 15]\n"
     "3127088741924030710 -9 6\n"},
    {"getrandbits",
     "import random\n"
     "random.seed(7)\n"
     "print([random.getrandbits(k) for k in (0, 1, 5, 31, 32, 33, 48, 63)])\n",
     "[0, 0, 30, 323946139, 1695753998, 2795742288, 231168335884083, 868196408185819179]\n"},
    {"choice_shuffle",
     "import random\n"
     "random.seed(3)\n"
     "items = ['red', 'green', 'blue', 'cyan', 'magenta']\n"
     "print([random.choice(items) for _ in range(6)], random.choice('abc'), random.choice((1, 2, 3)), random.choice(range(100, 200)))\n"
     "deck = list(range(10))\n"
     "random.shuffle(deck)\n"
     "print(deck)\n"
     "random.shuffle(deck)\n"
     "print(deck)\n",
     "['green', 'magenta', 'magenta', 'green', 'blue', 'magenta'] b 3 174\n"
     "[8, 3, 6, 5, 9, 4, 2, 7, 0, 1]\n"
     "[2, 8, 6, 9, 3, 4, 5, 7, 1, 0]\n"},
    {"sample",
     "import random\n"
     "random.seed(3)\n"
     "print(random.sample(range(100), 5), random.sample(['a', 'b', 'c', 'd'], 2))\n"
     "print(random.sample(range(1000000), 8))\n"
     "print(random.sample(list(range(30)), 30)[:5])\n"
     "print(random.sample('abcdefgh', k=3))\n"
     "print(random.sample(['x', 'y', 'z'], 4, counts=[1, 2, 3]))\n",
     "[30, 75, 69, 16, 47] ['d', 'c']\n"
     "[609067, 68711, 635017, 13807, 952965, 878149, 492025, 271952]\n"
     "[17, 7, 6, 22, 15]\n"
     "['g', 'f', 'e']\n"
     "['z', 'y', 'y', 'x']\n"},
    {"choices",
     "import random\n"
     "random.seed(11)\n"
     "items = ['a', 'b', 'c', 'd']\n"
     "print(random.choices(items, k=6))\n"
     "print(random.choices(items, [1, 2, 3, 4], k=6))\n"
     "print(random.choices(items, weights=[0.1, 0.2, 0.3, 0.4], k=4))\n"
     "print(random.choices(items, cum_weights=[1, 5, 6, 10], k=5))\n"
     "print(random.choices(items))\n",
     "['b', 'c', 'd', 'b', 'c', 'c']\n"
     "['b', 'c', 'd', 'd', 'a', 'c']\n"
     "['a', 'd', 'd', 'a']\n"
     "['d', 'd', 'd', 'd', 'b']\n"
     "['a']\n"},
    {"floats",
     "import random\n"
     "random.seed(5)\n"
     "print(random.uniform(-1, 1), random.uniform(2.5, 10), random.uniform(10, 1))\n"
     "print(random.gauss(), random.gauss(), random.gauss(100, 15))\n"
     "print(random.normalvariate(), random.normalvariate(5, 2))\n"
     "print(random.expovariate(1.5), random.triangular(), random.triangular(0, 10, 8))\n"
     "print(random.lognormvariate(0, 0.5), random.vonmisesvariate(1.0, 2.0), random.vonmisesvariate(0, 0))\n"
     "print(random.gammavariate(0.5, 2.0), random.gammavariate(1.0, 2.0), random.gammavariate(3.0, 1.5))\n"
     "print(random.betavariate(2, 3), random.paretovariate(3), random.weibullvariate(1, 1.5))\n",
     "0.24580338977940386 8.063402419455471 2.84325790990873\n"
     "1.5350209558369885 -0.58058411871366 103.21452098932221\n"
     "-1.0411700725184108 10.157845632793695\n"
     "0.08009501820238953 0.4842876458171134 4.441376657027236\n"
     "1.0920991289978843 0.9855428012096936 5.757567776449508\n"
     "1.6437484008913346 3.19054731588899 1.9890552326083384\n"
     "0.18479966466673248 2.568367249468283 1.1124021838230358\n"},
    {"state",
     "import random\n"
     "random.seed(9)\n"
     "random.gauss()\n"
     "s = random.getstate()\n"
     "a = [random.random() for _ in range(3)], random.gauss()\n"
     "random.setstate(s)\n"
     "b = [random.random() for _ in range(3)], random.gauss()\n"
     "print(a == b, s[0], len(s[1]), s[2] is not None)\n",
     "True 3 625 True\n"},
    {"errors",
     "import random\n"
     "def show(f):\n"
     "    try:\n"
     "        print(f())\n"
     "    except Exception as e:\n"
     "        print(type(e).__name__ + ':', e)\n"
     "show(lambda: random.randint(5, 1))\n"
     "show(lambda: random.randrange(0))\n"
     "show(lambda: random.randrange(1, 5, 0))\n"
     "show(lambda: random.randrange(1, 5, -1))\n"
     "show(lambda: random.randrange(1.5))\n"
     "show(lambda: random.randrange(1, None, 2))\n"
     "show(lambda: random.choice([]))\n"
     "show(lambda: random.choice(5))\n"
     "show(lambda: random.sample([1, 2], 3))\n"
     "show(lambda: random.sample({1, 2}, 1))\n"
     "show(lambda: random.getrandbits(-1))\n"
     "show(lambda: random.seed([1]))\n"
     "show(lambda: random.randint(1))\n"
     "show(lambda: random.random(1))\n"
     "show(lambda: random.shuffle((1, 2)))\n"
     "show(lambda: random.uniform('a', 'b'))\n"
     "show(lambda: random.gauss('a'))\n"
     "show(lambda: random.expovariate(0))\n"
     "show(lambda: random.choices(['a'], [1, 2]))\n"
     "show(lambda: random.randrange(1, 2, 3, 4))\n"
     "show(lambda: random.gammavariate(-1, 1))\n"
     "show(lambda: random.choices([], k=1))\n"
     "show(lambda: random.randint(1, 'a'))\n",
     "ValueError: empty range for randrange() (5, 2, -3)\n"
     "ValueError: empty range for randrange()\n"
     "ValueError: zero step for randrange()\n"
     "ValueError: empty range for randrange()\n"
     "ValueError: non-integer arg 1 for randrange()\n"
     "TypeError: Missing a non-None stop argument\n"
     "IndexError: Cannot choose from an empty sequence\n"
     "TypeError: object of type 'int' has no len()\n"
     "ValueError: Sample larger than population or is negative\n"
     "TypeError: Population must be a sequence.  For dicts or sets, use sorted(d).\n"
     "ValueError: number of bits must be non-negative\n"
     "TypeError: The only supported seed types are: None,\n"
     "int, float, str, bytes, and bytearray.\n"
     "TypeError: Random.randint() missing 1 required positional argument: 'b'\n"
     "TypeError: Random.random() takes no arguments (1 given)\n"
     "TypeError: 'tuple' object does not support item assignment\n"
     "TypeError: unsupported operand type(s) for -: 'str' and 'str'\n"
     "TypeError: can only concatenate str (not \"float\") to str\n"
     "ZeroDivisionError: float division by zero\n"
     "ValueError: The number of weights does not match the population\n"
     "TypeError: Random.randrange() takes from 2 to 4 positional arguments but 5 were given\n"
     "ValueError: gammavariate: alpha and beta must be > 0.0\n"
     "IndexError: list index out of range\n"
     "TypeError: can only concatenate str (not \"int\") to str\n"},
    {"random_class",
     "import random\n"
     "rng = random.Random(42)\n"
     "other = random.Random(7)\n"
     "random.seed(1)\n"
     "print(rng.random(), other.random(), rng.randint(1, 10), rng.choice('abc'), random.random())\n"
     "r2 = random.Random()\n"
     "r2.seed(42)\n"
     "print(r2.random(), rng.gauss(0, 1), type(rng).__name__, isinstance(rng, random.Random))\n"
     "class Dice(random.Random):\n"
     "    def roll(self):\n"
     "        return self.randint(1, 6)\n"
     "d = Dice(5)\n"
     "print([d.roll() for _ in range(5)])\n"
     "deck = list(range(8))\n"
     "random.Random(3).shuffle(deck)\n"
     "print(deck, random.Random('seed').sample(range(50), 3))\n"
     "s = rng.getstate()\n"
     "x = rng.random()\n"
     "rng.setstate(s)\n"
     "print(x == rng.random())\n",
     "0.6394267984578837 0.32383276483316237 1 c 0.13436424411240122\n"
     "0.6394267984578837 -0.11131586156766246 Random True\n"
     "[5, 3, 6, 3, 6]\n"
     "[0, 5, 7, 2, 1, 6, 4, 3] [8, 3, 15]\n"
     "True\n"},
};
}  // namespace

class RandomModule : public ::testing::TestWithParam<kiln_test::ScriptCase> {};

TEST_P(RandomModule, MatchesCPython) {
  const kiln_test::ScriptCase& c = GetParam();
  EXPECT_EQ(kiln_test::run_script(c.source), c.expected) << c.source;
}

INSTANTIATE_TEST_SUITE_P(Stdlib, RandomModule, ::testing::ValuesIn(kRandomCases),
                         [](const auto& info) { return std::string(info.param.name); });

TEST(RandomModuleKiln, SixtyFourBitLimits) {
  // Kiln's ints are 64-bit: draws that cannot fit are refused, not wrapped.
  EXPECT_EQ(kiln_test::run_script("import random\n"
                                  "try:\n"
                                  "    random.getrandbits(64)\n"
                                  "except OverflowError as e:\n"
                                  "    print('OverflowError')\n"),
            "OverflowError\n");
}

TEST(RandomModuleKiln, VmsHaveIndependentGenerators) {
  kiln::Runtime a, b;
  std::string out_a, out_b;
  a.set_stdout([&](std::string_view s) { out_a += s; });
  b.set_stdout([&](std::string_view s) { out_b += s; });
  // The module (and its generator) lives as long as its VM, across run_string calls.
  ASSERT_TRUE(a.run_string("import random\nrandom.seed(1)\nprint(random.random())\n").ok);
  ASSERT_TRUE(b.run_string("import random\nrandom.seed(2)\nprint(random.random())\n").ok);
  ASSERT_TRUE(a.run_string("import random\nprint(random.random())\n").ok);
  EXPECT_EQ(out_a, "0.13436424411240122\n0.8474337369372327\n");
  EXPECT_EQ(out_b, "0.9560342718892494\n");
}
