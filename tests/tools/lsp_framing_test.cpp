// The language server's message framing on hostile input (compiler/tools/lsp_server.cpp read_header_line): a header
// with no newline or endless header lines stop the server after a bounded read instead of buffering without end.
#include <gtest/gtest.h>

#include <sstream>
#include <streambuf>
#include <string>

#include "tools/lsp_server.h"

namespace {

// An input of `limit` bytes of 'x' and no newline, made as it is read (nothing is held in memory).
class EndlessHeader : public std::streambuf {
 public:
  explicit EndlessHeader(size_t limit) : left_(limit) { chunk_.assign(4096, 'x'); }
  size_t read() const { return read_; }

 protected:
  int_type underflow() override {
    if (left_ == 0) return traits_type::eof();
    const size_t n = std::min(left_, chunk_.size());
    left_ -= n;
    read_ += n;
    setg(chunk_.data(), chunk_.data(), chunk_.data() + n);
    return traits_type::to_int_type(chunk_[0]);
  }

 private:
  std::string chunk_;
  size_t left_, read_ = 0;
};

std::string frame(const std::string& body) {
  return "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
}

}  // namespace

TEST(LspFraming, AHeaderWithNoNewlineStopsAfterABoundedRead) {
  EndlessHeader source(size_t(1) << 30);  // 1 GiB: what the old reader would have buffered
  std::istream in(&source);
  std::ostringstream out, log;
  EXPECT_EQ(cardc::tools::run_lsp({}, in, out, log), 1);
  EXPECT_LT(source.read(), size_t(1) << 20) << "read far past the header limit";
  EXPECT_NE(log.str().find("message framing broken"), std::string::npos) << log.str();
  EXPECT_TRUE(out.str().empty());
}

TEST(LspFraming, EndlessHeaderLinesStop) {
  std::string input;
  for (int i = 0; i < 1000; ++i) input += "X-Padding: y\r\n";
  std::istringstream in(input);
  std::ostringstream out, log;
  EXPECT_EQ(cardc::tools::run_lsp({}, in, out, log), 1);
  EXPECT_NE(log.str().find("message framing broken"), std::string::npos) << log.str();
}

TEST(LspFraming, WellFramedMessagesStillServe) {
  std::istringstream in(frame(R"({"jsonrpc":"2.0","id":1,"method":"shutdown"})") +
                        frame(R"({"jsonrpc":"2.0","method":"exit"})"));
  std::ostringstream out, log;
  EXPECT_EQ(cardc::tools::run_lsp({}, in, out, log), 0) << log.str();
  EXPECT_NE(out.str().find("\"id\":1"), std::string::npos) << out.str();
}
