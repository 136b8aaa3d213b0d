// End-to-end tests of sys, time and open() (stdlib/sys.cpp, stdlib/time.cpp,
// stdlib/file.cpp): scripts run through kiln::Runtime; each expected output
// was printed by CPython 3.11 running the same script (the files ones in an
// empty directory, which these tests recreate as the working directory).

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "stdlib_test_util.h"

namespace {

const kiln_test::ScriptCase kSysTimeCases[] = {
    {"sys_basics",
     "import sys\n"
     "print(sys.maxsize, sys.platform, sys.byteorder, sys.maxunicode)\n"
     "print(sys.version_info >= (3, 8), sys.version_info < (4,), sys.version_info[:2], sys.version_info.major, sys.version_info[0])\n"
     "print(sys.float_info.max, sys.float_info.epsilon, sys.float_info.dig, sys.float_info.mant_dig)\n"
     "print(type(sys.argv).__name__, type(sys.path).__name__, 'sys' in sys.modules, sys.modules['sys'] is sys)\n"
     "print(sys.getrecursionlimit())\n"
     "sys.setrecursionlimit(500)\n"
     "print(sys.getrecursionlimit())\n"
     "sys.setrecursionlimit(1000)\n",
     "9223372036854775807 linux little 1114111\n"
     "True True (3, 11) 3 3\n"
     "1.7976931348623157e+308 2.220446049250313e-16 15 53\n"
     "list list True True\n"
     "1000\n"
     "500\n"},
    {"sys_streams",
     "import sys\n"
     "n = sys.stdout.write('hello\\n')\n"
     "print(n)\n"
     "print('to stdout', file=sys.stdout)\n"
     "sys.stdout.flush()\n"
     "print(sys.stdout.name, sys.stderr.name, sys.stdin.name, sys.stdout.mode, sys.stdin.mode)\n"
     "print(repr(sys.stdout))\n",
     "hello\n"
     "6\n"
     "to stdout\n"
     "<stdout> <stderr> <stdin> w r\n"
     "<_io.TextIOWrapper name='<stdout>' mode='w' encoding='utf-8'>\n"},
    {"sys_errors",
     "import sys\n"
     "def show(f):\n"
     "    try:\n"
     "        print(f())\n"
     "    except Exception as e:\n"
     "        print(type(e).__name__ + ':', e)\n"
     "show(lambda: sys.exit(1, 2))\n"
     "show(lambda: sys.setrecursionlimit(0))\n"
     "show(lambda: sys.setrecursionlimit(1.5))\n"
     "show(lambda: sys.getrecursionlimit(1))\n"
     "show(lambda: sys.intern(1))\n"
     "try:\n"
     "    sys.exit(3)\n"
     "except SystemExit as e:\n"
     "    print('SystemExit', e.code, e.args)\n"
     "try:\n"
     "    sys.exit()\n"
     "except SystemExit as e:\n"
     "    print('SystemExit', e.code, e.args)\n"
     "try:\n"
     "    sys.exit('bye')\n"
     "except SystemExit as e:\n"
     "    print('SystemExit', e.code)\n",
     "TypeError: exit expected at most 1 argument, got 2\n"
     "ValueError: recursion limit must be greater or equal than 1\n"
     "TypeError: 'float' object cannot be interpreted as an integer\n"
     "TypeError: sys.getrecursionlimit() takes no arguments (1 given)\n"
     "TypeError: intern() argument must be str, not int\n"
     "SystemExit 3 (3,)\n"
     "SystemExit None ()\n"
     "SystemExit bye\n"},
    {"time_basics",
     "import time\n"
     "t0 = time.perf_counter()\n"
     "m0 = time.monotonic()\n"
     "time.sleep(0.02)\n"
     "t1 = time.perf_counter()\n"
     "print(t1 - t0 >= 0.02, time.monotonic() >= m0, type(time.time()).__name__, type(time.time_ns()).__name__)\n"
     "print(time.time() > 1.6e9, time.perf_counter_ns() > 0, time.process_time() >= 0)\n"
     "print(abs(time.time_ns() / 1e9 - time.time()) < 1.0)\n"
     "time.sleep(0)\n"
     "time.sleep(True is False)\n"
     "def show(f):\n"
     "    try:\n"
     "        print(f())\n"
     "    except Exception as e:\n"
     "        print(type(e).__name__ + ':', e)\n"
     "show(lambda: time.sleep(-1))\n"
     "show(lambda: time.sleep('a'))\n"
     "show(lambda: time.sleep(float('nan')))\n"
     "show(lambda: time.sleep())\n"
     "show(lambda: time.time(1))\n",
     "True True float int\n"
     "True True True\n"
     "True\n"
     "ValueError: sleep length must be non-negative\n"
     "TypeError: 'str' object cannot be interpreted as an integer\n"
     "ValueError: Invalid value NaN (not a number)\n"
     "TypeError: time.sleep() takes exactly one argument (0 given)\n"
     "TypeError: time.time() takes no arguments (1 given)\n"},
    {"time_calendar",
     "import time\n"
     "t = time.gmtime(1700000000.7)\n"
     "print(t)\n"
     "print(t[0], t.tm_year, t.tm_wday, t.tm_zone, t.tm_gmtoff, len(t), list(t)[:3], t[:2])\n"
     "print(time.gmtime(0), time.gmtime(-1).tm_year)\n"
     "print(time.strftime('%Y-%m-%d %H:%M:%S', t), time.asctime(t))\n"
     "print(time.strftime('%a %b %d %j %p %%', (2024, 2, 29, 13, 5, 6, 3, 60, 0)))\n"
     "print(time.strftime('%Y-%m-%d', (2024, 0, 0, 0, 0, 0, 0, 0, 0)), repr(time.strftime('')))\n"
     "print(time.asctime((2024, 1, 1, 0, 0, 0, 0, 1, 0)), time.mktime(time.localtime(1700000000)))\n"
     "print(time.struct_time((2020, 1, 2, 3, 4, 5, 6, 7, 0)), time.gmtime(86400 * 365) == time.gmtime(31536000))\n"
     "print(type(time.localtime()).__name__, type(time.ctime()).__name__, len(time.ctime(0)))\n"
     "def show(f):\n"
     "    try:\n"
     "        print(f())\n"
     "    except Exception as e:\n"
     "        print(type(e).__name__ + ':', e)\n"
     "show(lambda: time.gmtime('x'))\n"
     "show(lambda: time.strftime(5))\n"
     "show(lambda: time.strftime('%Y', (1, 2)))\n"
     "show(lambda: time.mktime(5))\n"
     "show(lambda: time.gmtime(1e300))\n"
     "show(lambda: time.strftime('%Y', (2024, 13, 1, 0, 0, 0, 0, 1, 0)))\n"
     "show(lambda: time.strftime('%Y', (2024, 1, 1, 24, 0, 0, 0, 1, 0)))\n"
     "show(lambda: time.strftime('%Y', (2024, 1, 1, 0, 0, 0, 0, 367, 0)))\n"
     "show(lambda: time.asctime((2024, 13, 1, 0, 0, 0, 0, 1, 0)))\n"
     "show(lambda: time.struct_time((1, 2, 3)))\n"
     "show(lambda: time.strftime('%Y', [2024, 1, 1, 0, 0, 0, 0, 1, 0]))\n",
     "time.struct_time(tm_year=2023, tm_mon=11, tm_mday=14, tm_hour=22, tm_min=13, tm_sec=20, tm_wday=1, tm_yday=318, tm_isdst=0)\n"
     "2023 2023 1 GMT 0 9 [2023, 11, 14] (2023, 11)\n"
     "time.struct_time(tm_year=1970, tm_mon=1, tm_mday=1, tm_hour=0, tm_min=0, tm_sec=0, tm_wday=3, tm_yday=1, tm_isdst=0) 1969\n"
     "2023-11-14 22:13:20 Tue Nov 14 22:13:20 2023\n"
     "Thu Feb 29 060 PM %\n"
     "2024-01-01 ''\n"
     "Mon Jan  1 00:00:00 2024 1700000000.0\n"
     "time.struct_time(tm_year=2020, tm_mon=1, tm_mday=2, tm_hour=3, tm_min=4, tm_sec=5, tm_wday=6, tm_yday=7, tm_isdst=0) True\n"
     "struct_time str 24\n"
     "TypeError: 'str' object cannot be interpreted as an integer\n"
     "TypeError: strftime() argument 1 must be str, not int\n"
     "TypeError: strftime(): illegal time tuple argument\n"
     "TypeError: Tuple or struct_time argument required\n"
     "OverflowError: timestamp out of range for platform time_t\n"
     "ValueError: month out of range\n"
     "ValueError: hour out of range\n"
     "ValueError: day of year out of range\n"
     "ValueError: month out of range\n"
     "TypeError: time.struct_time() takes an at least 9-sequence (3-sequence given)\n"
     "TypeError: Tuple or struct_time argument required\n"},
};

const kiln_test::ScriptCase kFileCases[] = {
    {"write_read",
     "f = open('t1.txt', 'w')\n"
     "print(f.write('héllo\\nworld\\n'), f.write('x'), f.closed, f.name, f.mode)\n"
     "f.close()\n"
     "print(f.closed)\n"
     "with open('t1.txt') as g:\n"
     "    print(repr(g.read()))\n"
     "with open('t1.txt', encoding='utf-8') as g:\n"
     "    print(repr(g.read(3)), repr(g.readline()), repr(g.readline()), repr(g.readline()), repr(g.readline()))\n"
     "with open('t1.txt') as g:\n"
     "    print(g.readlines())\n"
     "with open('t1.txt') as g:\n"
     "    for line in g:\n"
     "        print(repr(line))\n"
     "print(repr(open('t1.txt').read()))\n",
     "12 1 False t1.txt w\n"
     "True\n"
     "'héllo\\nworld\\nx'\n"
     "'hél' 'lo\\n' 'world\\n' 'x' ''\n"
     "['héllo\\n', 'world\\n', 'x']\n"
     "'héllo\\n'\n"
     "'world\\n'\n"
     "'x'\n"
     "'héllo\\nworld\\nx'\n"},
    {"append_plus_modes",
     "with open('t2.txt', 'w') as f:\n"
     "    f.writelines(['a\\n', 'b\\n'])\n"
     "with open('t2.txt', 'a') as f:\n"
     "    print(f.write('c\\n'))\n"
     "print(open('t2.txt').read().splitlines())\n"
     "with open('t2.txt', 'r+') as f:\n"
     "    print(repr(f.read(1)))\n"
     "    f.seek(0)\n"
     "    f.write('Z')\n"
     "    f.seek(0)\n"
     "    print(repr(f.read()))\n"
     "with open('t2.txt', 'w+') as f:\n"
     "    f.write('fresh')\n"
     "    print(f.tell())\n"
     "    f.seek(0)\n"
     "    print(f.read(), f.tell())\n"
     "with open('t2.txt', 'x') if False else open('t3.txt', 'x') as f:\n"
     "    f.write('new')\n"
     "print(open('t3.txt').read())\n",
     "2\n"
     "['a', 'b', 'c']\n"
     "'a'\n"
     "'Z\\nb\\nc\\n'\n"
     "5\n"
     "fresh 5\n"
     "new\n"},
    {"newlines",
     "with open('t4.txt', 'w', newline='') as f:\n"
     "    f.write('a\\r\\nb\\rc\\nd')\n"
     "print(repr(open('t4.txt').read()))\n"
     "print(open('t4.txt').readlines())\n"
     "print(open('t4.txt', newline='').readlines())\n"
     "print(open('t4.txt', newline='\\n').readlines())\n"
     "with open('t4.txt', 'w', newline='\\r\\n') as f:\n"
     "    f.write('x\\ny\\n')\n"
     "print(repr(open('t4.txt', newline='').read()))\n",
     "'a\\nb\\nc\\nd'\n"
     "['a\\n', 'b\\n', 'c\\n', 'd']\n"
     "['a\\r\\n', 'b\\r', 'c\\n', 'd']\n"
     "['a\\r\\n', 'b\\rc\\n', 'd']\n"
     "'x\\r\\ny\\r\\n'\n"},
    {"repr_and_attrs",
     "f = open('t5.txt', 'w')\n"
     "print(repr(f))\n"
     "f.close()\n"
     "g = open('t5.txt', 'r', encoding='utf8')\n"
     "print(repr(g), g.encoding, g.readable(), g.writable())\n"
     "g.close()\n"
     "with open('t5.txt') as h:\n"
     "    print(h.encoding, h.seekable(), h is h.__enter__())\n",
     "<_io.TextIOWrapper name='t5.txt' mode='w' encoding='UTF-8'>\n"
     "<_io.TextIOWrapper name='t5.txt' mode='r' encoding='utf8'> utf8 True False\n"
     "UTF-8 True True\n"},
    {"errors",
     "def show(f):\n"
     "    try:\n"
     "        print(f())\n"
     "    except Exception as e:\n"
     "        print(type(e).__name__ + ':', e)\n"
     "open('t6.txt', 'w').close()\n"
     "f = open('t6.txt')\n"
     "f.close()\n"
     "show(lambda: f.read())\n"
     "show(lambda: f.readline())\n"
     "show(lambda: open('missing_dir/x.txt'))\n"
     "show(lambda: open('no_such_file.txt'))\n"
     "show(lambda: open('.'))\n"
     "show(lambda: open('t6.txt', 'x'))\n"
     "show(lambda: open('t6.txt', 'rw'))\n"
     "show(lambda: open('t6.txt', 'z'))\n"
     "show(lambda: open('t6.txt', 'bt'))\n"
     "show(lambda: open('t6.txt', ''))\n"
     "show(lambda: open(5.0))\n"
     "show(lambda: open('t6.txt', newline='x'))\n"
     "show(lambda: open('t6.txt', encoding='zzz'))\n"
     "show(lambda: open('t6.txt').write('x'))\n"
     "show(lambda: open('t6.txt', 'a').write(5))\n"
     "show(lambda: open('t6.txt').seek(-1))\n"
     "show(lambda: open('t6.txt').seek(0, 5))\n"
     "show(lambda: open('t6.txt', 'r', 0))\n"
     "show(lambda: open())\n"
     "show(lambda: open('t6.txt', foo=1))\n"
     "try:\n"
     "    open('no_such_file.txt')\n"
     "except OSError as e:\n"
     "    print(e.errno, e.strerror, e.filename, e.args)\n"
     "with open('t6.txt', 'w') as f:\n"
     "    pass\n"
     "print(f.closed)\n",
     "ValueError: I/O operation on closed file.\n"
     "ValueError: I/O operation on closed file.\n"
     "FileNotFoundError: [Errno 2] No such file or directory: 'missing_dir/x.txt'\n"
     "FileNotFoundError: [Errno 2] No such file or directory: 'no_such_file.txt'\n"
     "IsADirectoryError: [Errno 21] Is a directory: '.'\n"
     "FileExistsError: [Errno 17] File exists: 't6.txt'\n"
     "ValueError: must have exactly one of create/read/write/append mode\n"
     "ValueError: invalid mode: 'z'\n"
     "ValueError: can't have text and binary mode at once\n"
     "ValueError: Must have exactly one of create/read/write/append mode and at most one plus\n"
     "TypeError: expected str, bytes or os.PathLike object, not float\n"
     "ValueError: illegal newline value: x\n"
     "LookupError: unknown encoding: zzz\n"
     "UnsupportedOperation: not writable\n"
     "TypeError: write() argument must be str, not int\n"
     "ValueError: negative seek position -1\n"
     "ValueError: invalid whence (5, should be 0, 1 or 2)\n"
     "ValueError: can't have unbuffered text I/O\n"
     "TypeError: open() missing required argument 'file' (pos 1)\n"
     "TypeError: 'foo' is an invalid keyword argument for open()\n"
     "2 No such file or directory no_such_file.txt (2, 'No such file or directory')\n"
     "True\n"},
    {"io_module",
     "import io\n"
     "with io.open('t7.txt', 'w') as f:\n"
     "    f.write('abc')\n"
     "try:\n"
     "    open('t7.txt').write('x')\n"
     "except io.UnsupportedOperation as e:\n"
     "    print('UnsupportedOperation', e, isinstance(e, OSError))\n"
     "try:\n"
     "    open('t7.txt', 'a').read()\n"
     "except OSError as e:\n"
     "    print(type(e).__name__, e)\n"
     "print(io.SEEK_SET, io.SEEK_CUR, io.SEEK_END, isinstance(open('t7.txt'), io.TextIOWrapper))\n",
     "UnsupportedOperation not writable True\n"
     "UnsupportedOperation not readable\n"
     "0 1 2 True\n"},
};

// Runs each file test in a fresh empty directory.
class ScratchDir {
 public:
  ScratchDir() {
    char tmpl[] = "/tmp/kiln_file_test_XXXXXX";
    dir_ = mkdtemp(tmpl);
    old_ = std::filesystem::current_path();
    std::filesystem::current_path(dir_);
  }
  ~ScratchDir() {
    std::filesystem::current_path(old_);
    std::filesystem::remove_all(dir_);
  }

 private:
  std::string dir_;
  std::filesystem::path old_;
};

}  // namespace

class SysTimeModules : public ::testing::TestWithParam<kiln_test::ScriptCase> {};

TEST_P(SysTimeModules, MatchesCPython) {
  const kiln_test::ScriptCase& c = GetParam();
  EXPECT_EQ(kiln_test::run_script(c.source), c.expected) << c.source;
}

INSTANTIATE_TEST_SUITE_P(Stdlib, SysTimeModules, ::testing::ValuesIn(kSysTimeCases),
                         [](const auto& info) { return std::string(info.param.name); });

class TextFiles : public ::testing::TestWithParam<kiln_test::ScriptCase> {};

TEST_P(TextFiles, MatchesCPython) {
  const kiln_test::ScriptCase& c = GetParam();
  ScratchDir dir;
  EXPECT_EQ(kiln_test::run_script(c.source), c.expected) << c.source;
}

INSTANTIATE_TEST_SUITE_P(Stdlib, TextFiles, ::testing::ValuesIn(kFileCases),
                         [](const auto& info) { return std::string(info.param.name); });

TEST(SysModuleKiln, ArgvVersionAndExit) {
  kiln::Runtime rt;
  std::string out;
  rt.set_stdout([&](std::string_view s) { out += s; });
  std::string err;
  rt.set_stderr([&](std::string_view s) { err += s; });
  rt.set_argv({"prog.py", "a", "b"});
  kiln::Result r = rt.run_string(
      "import sys\n"
      "print(sys.argv, sys.version_info, sys.implementation.name)\n"
      "print(sys.version.startswith('3.11.0 (Kiln '), sys.version_info == (3, 11, 0, 'final', 0))\n"
      "sys.stderr.write('to stderr\\n')\n"
      "sys.exit(7)\n"
      "print('not reached')\n");
  EXPECT_EQ(out,
            "['prog.py', 'a', 'b'] sys.version_info(major=3, minor=11, micro=0, releaselevel='final', serial=0) "
            "kiln\nTrue True\n");
  EXPECT_EQ(err, "to stderr\n");
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.error.type, "SystemExit");
  EXPECT_EQ(r.error.exit_code, 7);
}

TEST(SysModuleKiln, StderrGoesThroughTheSink) {
  kiln::Runtime rt;
  std::string out, err;
  rt.set_stdout([&](std::string_view s) { out += s; });
  rt.set_stderr([&](std::string_view s) { err += s; });
  ASSERT_TRUE(rt.run_string("import sys\nprint('a', file=sys.stderr)\nsys.stderr.write('b\\n')\nprint('c')\n").ok);
  EXPECT_EQ(err, "a\nb\n");
  EXPECT_EQ(out, "c\n");
}

TEST(TextFilesKiln, BinaryModeAndOtherEncodingsAreRejectedClearly) {
  ScratchDir dir;
  EXPECT_EQ(kiln_test::run_script("open('x.txt', 'w').close()\n"
                                  "for args in (('x.txt', 'rb'), ('x.txt', 'r', -1, 'latin-1')):\n"
                                  "    try:\n"
                                  "        open(*args)\n"
                                  "    except NotImplementedError as e:\n"
                                  "        print(e)\n"),
            "binary files (open() mode 'b') are not supported\n"
            "open(): encoding 'latin-1' is not supported (Kiln's files are UTF-8)\n");
}

TEST(TextFilesKiln, InvalidUtf8IsADecodeError) {
  ScratchDir dir;
  {
    FILE* f = std::fopen("bad.txt", "wb");
    std::fputs("ok\n\xff\n", f);
    std::fclose(f);
  }
  EXPECT_EQ(kiln_test::run_script("f = open('bad.txt')\n"
                                  "print(repr(f.readline()))\n"
                                  "try:\n"
                                  "    f.readline()\n"
                                  "except UnicodeDecodeError as e:\n"
                                  "    print('UnicodeDecodeError')\n"),
            "'ok\\n'\nUnicodeDecodeError\n");
}
