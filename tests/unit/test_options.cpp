// tests/unit/test_options.cpp — kiln::Options::from_environment() and the
// option table generated from include/kiln/options.def.
#include <gtest/gtest.h>

#include <cstdlib>
#include <set>
#include <string>

#include "kiln/kiln.h"

namespace {

// Sets an environment variable for the scope of one test.
struct ScopedEnv {
  std::string name;
  ScopedEnv(const char* n, const char* v) : name(n) { setenv(n, v, 1); }
  ~ScopedEnv() { unsetenv(name.c_str()); }
};

TEST(Options, Defaults) {
  kiln::Options o;
  EXPECT_FALSE(o.dis);
  EXPECT_EQ(o.recursion_limit, 1000);
  EXPECT_EQ(o.tier, 1);  // the tracer is on unless --tier=0
}

TEST(Options, TableMatchesTheDef) {
  const auto& t = kiln::option_table();
  std::set<std::string> flags;
  for (const kiln::OptionInfo& i : t) {
    flags.insert(i.flag);
    std::string env = i.env;
    EXPECT_EQ(env.rfind("KILN_", 0), 0u) << env;
    for (char c : env) EXPECT_TRUE((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_') << env;
    EXPECT_TRUE(std::string(i.type) == "bool" || std::string(i.type) == "int" || std::string(i.type) == "string");
    EXPECT_GT(std::string(i.help).size(), 0u);
  }
  EXPECT_EQ(flags.size(), t.size()) << "duplicate flag names";
  EXPECT_TRUE(flags.count("recursion-limit"));
  for (const kiln::OptionInfo& i : t) {
    if (std::string(i.flag) == "recursion-limit") {
      EXPECT_STREQ(i.env, "KILN_RECURSION_LIMIT");
      EXPECT_STREQ(i.field, "recursion_limit");
    }
  }
}

TEST(Options, FromEnvironment) {
  ScopedEnv a("KILN_RECURSION_LIMIT", "250");
  ScopedEnv b("KILN_DIS", "yes");
  kiln::Options o = kiln::Options::from_environment();
  EXPECT_EQ(o.recursion_limit, 250);
  EXPECT_TRUE(o.dis);
}

TEST(Options, BoolSpellings) {
  for (const char* t : {"1", "true", "TRUE", "yes", "On"}) {
    ScopedEnv e("KILN_DIS", t);
    EXPECT_TRUE(kiln::Options::from_environment().dis) << t;
  }
  for (const char* f : {"0", "false", "No", "off"}) {
    ScopedEnv e("KILN_DIS", f);
    EXPECT_FALSE(kiln::Options::from_environment().dis) << f;
  }
}

TEST(Options, InvalidValueKeepsDefaultAndSaysWhy) {
  ScopedEnv a("KILN_RECURSION_LIMIT", "lots");
  ScopedEnv b("KILN_DIS", "maybe");
  testing::internal::CaptureStderr();
  kiln::Options o = kiln::Options::from_environment();
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(o.recursion_limit, 1000);
  EXPECT_FALSE(o.dis);
  EXPECT_NE(err.find("KILN_RECURSION_LIMIT"), std::string::npos) << err;
  EXPECT_NE(err.find("lots"), std::string::npos) << err;
  EXPECT_NE(err.find("KILN_DIS"), std::string::npos) << err;
}

TEST(Options, IntegerEdgeCases) {
  {
    ScopedEnv e("KILN_TIER", "99999999999999999999");
    testing::internal::CaptureStderr();
    EXPECT_EQ(kiln::Options::from_environment().tier, 1);  // bad value: the default stays
    EXPECT_NE(testing::internal::GetCapturedStderr().find("KILN_TIER"), std::string::npos);
  }
  {
    ScopedEnv e("KILN_TIER", "");
    testing::internal::CaptureStderr();
    EXPECT_EQ(kiln::Options::from_environment().tier, 1);  // bad value: the default stays
    EXPECT_NE(testing::internal::GetCapturedStderr().find("KILN_TIER"), std::string::npos);
  }
  {
    ScopedEnv e("KILN_TIER", "-1");
    EXPECT_EQ(kiln::Options::from_environment().tier, -1);  // ranges are the runtime's to check
  }
}

}  // namespace
