// vm/options.cpp — kiln::Options from the environment, and the option table
// that front ends (vmrun's flag parser, --help) are generated from. Both come
// from include/kiln/options.def, so a new OPTION needs no change here.
//
// Environment variable of an option: "KILN_" + its flag, upper-cased, with
// '-' turned into '_' (flag "recursion-limit" -> KILN_RECURSION_LIMIT).
// A value that does not parse is reported on stderr, naming the variable, and
// the default is kept: a typo in the environment must not stop a script.
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "kiln/kiln.h"

namespace kiln {

namespace {

std::string env_name_for(std::string_view flag) {
  std::string env = "KILN_";
  for (char c : flag) env += c == '-' ? '_' : (c >= 'a' && c <= 'z' ? char(c - 'a' + 'A') : c);
  return env;
}

void report_invalid(const std::string& env, const char* value, const char* expected) {
  std::fprintf(stderr, "kiln: ignoring %s='%s': expected %s; the default is kept\n", env.c_str(), value,
               expected);
}

// Accepts 1/0, true/false, yes/no, on/off (any case).
bool parse_env_value(const std::string& env, const char* text, bool* out) {
  std::string v(text);
  for (char& c : v) c = (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
  if (v == "1" || v == "true" || v == "yes" || v == "on") {
    *out = true;
    return true;
  }
  if (v == "0" || v == "false" || v == "no" || v == "off") {
    *out = false;
    return true;
  }
  report_invalid(env, text, "a boolean (1/0, true/false, yes/no, on/off)");
  return false;
}

bool parse_env_value(const std::string& env, const char* text, int* out) {
  errno = 0;
  char* end = nullptr;
  long v = std::strtol(text, &end, 10);
  while (end && (*end == ' ' || *end == '\t')) ++end;
  if (*text == '\0' || end == text || *end != '\0' || errno == ERANGE || v < INT_MIN || v > INT_MAX) {
    report_invalid(env, text, "an integer");
    return false;
  }
  *out = int(v);
  return true;
}

[[maybe_unused]] bool parse_env_value(const std::string&, const char* text, std::string* out) {
  *out = text;
  return true;
}

template <class T>
void read_env(std::string_view flag, T* field) {
  std::string env = env_name_for(flag);
  const char* text = std::getenv(env.c_str());
  if (!text) return;
  T value{};
  if (parse_env_value(env, text, &value)) *field = std::move(value);
}

}  // namespace

Options Options::from_environment() {
  Options o;
#define OPTION(field, type, flag, def, help) read_env(flag, &o.field);
#include "kiln/options.def"
#undef OPTION
  return o;
}

const std::vector<OptionInfo>& option_table() {
  // Built once; the env names need storage that outlives the table.
  static const std::vector<std::string> env_names = {
#define OPTION(field, type, flag, def, help) env_name_for(flag),
#include "kiln/options.def"
#undef OPTION
  };
  static const std::vector<OptionInfo> table = [] {
    std::vector<OptionInfo> t;
    size_t i = 0;
#define OPTION(field, type, flag, def, help) t.push_back({#field, #type, flag, help, env_names[i++].c_str()});
#include "kiln/options.def"
#undef OPTION
    return t;
  }();
  return table;
}

}  // namespace kiln
