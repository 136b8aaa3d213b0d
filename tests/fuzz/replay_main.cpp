// tests/fuzz/replay_main.cpp — replays fuzz inputs without libFuzzer.
//
// Linked with tests/fuzz/fuzz_compiler.cpp into kiln_fuzz_replay, in every
// build (release, debug, asan): each argument is a file, or a directory whose
// regular files (recursively, optionally only those with a given suffix) are
// fed one by one, in sorted order, to LLVMFuzzerTestOneInput. A violated
// property aborts (and names the input first); the sanitizers of the asan
// preset report what they find. CTest runs it over tests/fuzz/regressions/
// (inputs the fuzzer once crashed on) and over the script corpus.
//
//   kiln_fuzz_replay [--suffix=.py] PATH...
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  std::string suffix;
  std::vector<fs::path> inputs;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a.rfind("--suffix=", 0) == 0) {
      suffix = a.substr(9);
      continue;
    }
    fs::path p(a);
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      for (const auto& e : fs::recursive_directory_iterator(p)) {
        if (!e.is_regular_file()) continue;
        std::string name = e.path().filename().string();
        if (!suffix.empty() && (name.size() < suffix.size() || name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0))
          continue;
        if (name == "README.md") continue;
        inputs.push_back(e.path());
      }
    } else if (fs::is_regular_file(p, ec)) {
      inputs.push_back(p);
    } else {
      std::fprintf(stderr, "kiln_fuzz_replay: no such file or directory: %s\n", a.c_str());
      return 2;
    }
  }
  std::sort(inputs.begin(), inputs.end());
  if (inputs.empty()) {
    std::fprintf(stderr, "kiln_fuzz_replay: no inputs\n");
    return 2;
  }
  for (const fs::path& p : inputs) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    std::string data = ss.str();
    std::fprintf(stderr, "%s (%zu bytes)\n", p.c_str(), data.size());
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(data.data()), data.size());
  }
  std::printf("kiln_fuzz_replay: %zu inputs replayed, no failure\n", inputs.size());
  return 0;
}
