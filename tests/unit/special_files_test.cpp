// Inputs that are not regular files (compiler/base/read_file.h read_input): a FIFO nobody writes to, /dev/zero
// (endless), /dev/urandom, a socket. Every command refuses them at once with "cannot read 'X': not a regular file"
// and exit code 2, instead of hanging in open() or read(), or reading until memory runs out. The commands run
// under `timeout`, so a hang fails the test (exit 124) instead of stalling the suite.
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

namespace {

struct Result {
  int exit_code = -1;
  std::string output;
};

Result cardc(const std::string& args) {
  const std::string cmd = "timeout 30 " + std::string(CARDC_EXE) + " " + args + " 2>&1 </dev/null";
  Result r;
  FILE* pipe = ::popen(cmd.c_str(), "r");
  if (!pipe) return r;
  std::array<char, 4096> buf;
  size_t n;
  while ((n = std::fread(buf.data(), 1, buf.size(), pipe)) > 0 && r.output.size() < (1u << 20))
    r.output.append(buf.data(), n);
  const int status = ::pclose(pipe);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

class SpecialFiles : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    char tmpl[] = "/tmp/cardc_special_XXXXXX";
    dir_ = ::mkdtemp(tmpl);
    ASSERT_EQ(::mkfifo((dir_ + "/fifo.cards").c_str(), 0600), 0);
    ASSERT_EQ(::mkfifo((dir_ + "/fifo.scenario").c_str(), 0600), 0);
    ASSERT_EQ(::mkfifo((dir_ + "/fifo.json").c_str(), 0600), 0);
    ASSERT_EQ(::mkfifo((dir_ + "/fifo.so").c_str(), 0600), 0);
    ::mkdir((dir_ + "/folder").c_str(), 0700);
    ASSERT_EQ(::mkfifo((dir_ + "/folder/in_folder.cards").c_str(), 0600), 0);
    std::ofstream(dir_ + "/zero.scenario") << "set /dev/zero\nseed 1\n";
    std::ofstream(dir_ + "/fifo_set.scenario") << "set fifo.cards\nseed 1\n";
    // a listening socket's file
    sock_ = ::socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un a{};
    a.sun_family = AF_UNIX;
    const std::string path = dir_ + "/socket.cards";
    std::strncpy(a.sun_path, path.c_str(), sizeof a.sun_path - 1);
    ASSERT_EQ(::bind(sock_, reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
  }
  static void TearDownTestSuite() {
    ::close(sock_);
    std::system(("rm -rf '" + dir_ + "'").c_str());
  }
  static std::string file(const std::string& name) { return dir_ + "/" + name; }
  // A device without a card set's extension: refused for its kind (exit 2, not 124 from `timeout`), never read.
  static void expect_not_read(const std::string& args) {
    const Result r = cardc(args);
    EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.output;
  }
  static void expect_refused(const std::string& args, const std::string& path) {
    const Result r = cardc(args);
    EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.output;
    EXPECT_NE(r.output.find("cannot read '" + path + "'"), std::string::npos) << args << "\n" << r.output;
    EXPECT_NE(r.output.find("not a regular file"), std::string::npos) << args << "\n" << r.output;
  }
  static std::string dir_;
  static int sock_;
};
std::string SpecialFiles::dir_;
int SpecialFiles::sock_ = -1;

const std::string kProfiles = std::string("--profile-path=") + CARDC_SOURCE_DIR + "/cards";

}  // namespace

TEST_F(SpecialFiles, Check) {
  expect_refused("check " + kProfiles + " " + file("fifo.cards"), file("fifo.cards"));
  expect_not_read("check " + kProfiles + " /dev/zero");
  expect_not_read("check " + kProfiles + " /dev/urandom");
  expect_refused("check " + kProfiles + " " + file("socket.cards"), file("socket.cards"));
  expect_refused("check " + kProfiles + " " + file("folder"), file("folder/in_folder.cards"));
  expect_refused("check --diagnostics-format=json " + kProfiles + " " + file("fifo.cards"), file("fifo.cards"));
  // the diagnostic is at the file, as every file error is
  const Result r = cardc("check " + kProfiles + " " + file("fifo.cards"));
  EXPECT_NE(r.output.find(file("fifo.cards") + ":1:1: error: cannot read"), std::string::npos) << r.output;
}

TEST_F(SpecialFiles, DumpAstFmtRenderCompile) {
  expect_refused("dump-ast " + file("fifo.cards"), file("fifo.cards"));
  expect_refused("fmt --check " + file("fifo.cards"), file("fifo.cards"));
  // (--profile-path takes several folders: it goes last)
  expect_refused("render " + file("fifo.cards") + " -o " + file("out.html") + " " + kProfiles, file("fifo.cards"));
  expect_refused("compile " + file("fifo.cards") + " --emit=ir -o - " + kProfiles, file("fifo.cards"));
  expect_not_read("compile /dev/zero --emit=ir -o - " + kProfiles);
}

TEST_F(SpecialFiles, RunAndItsScenarioSet) {
  expect_refused("run " + kProfiles + " " + file("fifo.scenario"), file("fifo.scenario"));
  expect_refused("run " + kProfiles + " /dev/zero", "/dev/zero");
  const Result zero = cardc("run " + kProfiles + " " + file("zero.scenario"));
  EXPECT_EQ(zero.exit_code, 2) << zero.output;
  EXPECT_NE(zero.output.find("not a regular file"), std::string::npos) << zero.output;
  const Result fifo = cardc("run " + kProfiles + " " + file("fifo_set.scenario"));
  EXPECT_EQ(fifo.exit_code, 2) << fifo.output;
  EXPECT_NE(fifo.output.find("not a regular file"), std::string::npos) << fifo.output;
  const std::string scenario = std::string(CARDC_SOURCE_DIR) + "/tests/scenarios/legends/additional_actions.scenario";
  const Result lib = cardc("run --allow-unsigned --library " + file("fifo.so") + " " + scenario);
  EXPECT_NE(lib.exit_code, 0) << lib.output;
  EXPECT_NE(lib.exit_code, 124) << "cardc run --library hung on a FIFO";
  EXPECT_NE(lib.output.find("not a regular file"), std::string::npos) << lib.output;
}

TEST_F(SpecialFiles, Import) {
  expect_refused("import --from=l5r-oracle " + file("fifo.json") + " -o " + file("imported"), file("fifo.json"));
  expect_refused("import --from=l5r-oracle /dev/zero -o " + file("imported"), "/dev/zero");
}
