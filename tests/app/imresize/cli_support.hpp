// Helpers for testing the `imresize` executable: run it and capture exit code, stdout and stderr;
// a scratch folder; a tiny independent PNG writer (stored deflate) so that file contents do not
// depend on the OpenCV code under test.
#pragma once

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace rl::test {

namespace fs = std::filesystem;

// The "name  psnr  ssim" rows of a one-protocol table `imresize score` prints.
inline std::map<std::string, std::pair<std::string, std::string>> table_rows(const std::string& out) {
  std::map<std::string, std::pair<std::string, std::string>> rows;
  std::istringstream in(out);
  std::string line, name, psnr, ssim;
  while (std::getline(in, line)) {
    std::istringstream l(line);
    if (l >> name >> psnr >> ssim) rows[name] = {psnr, ssim};
  }
  return rows;
}

struct CmdResult {
  int code = -1;  // exit status; 128 + signal when killed by a signal
  std::string out, err;
  int err_lines() const { return static_cast<int>(std::count(err.begin(), err.end(), '\n')); }
};

inline std::string read_text(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

inline std::vector<std::uint8_t> read_bytes(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  return std::vector<std::uint8_t>((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

inline void write_bytes(const fs::path& p, const std::vector<std::uint8_t>& b) {
  std::ofstream f(p, std::ios::binary | std::ios::trunc);
  f.write(reinterpret_cast<const char*>(b.data()), static_cast<std::streamsize>(b.size()));
}

inline void write_text(const fs::path& p, const std::string& s) {
  std::ofstream f(p, std::ios::binary | std::ios::trunc);
  f << s;
}

// Runs the imresize executable with `args`, capturing its output in files under `scratch`.
inline CmdResult run_imresize(const std::vector<std::string>& args, const fs::path& scratch) {
  const fs::path out_file = scratch / ".cmd-stdout", err_file = scratch / ".cmd-stderr";
  std::vector<std::string> all{RL_IMRESIZE_EXE};
  all.insert(all.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : all) argv.push_back(a.data());
  argv.push_back(nullptr);
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int o = ::open(out_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int e = ::open(err_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (o < 0 || e < 0) ::_exit(126);
    ::dup2(o, 1);
    ::dup2(e, 2);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  CmdResult r;
  int status = 0;
  if (pid < 0 || ::waitpid(pid, &status, 0) != pid) return r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = read_text(out_file);
  r.err = read_text(err_file);
  fs::remove(out_file);
  fs::remove(err_file);
  return r;
}

// A fresh folder per test, removed afterwards.
class ScratchDir {
 public:
  ScratchDir() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    std::string name = std::string("rl-imresize-") + std::to_string(::getpid()) + "-" +
                       (info ? std::string(info->test_suite_name()) + "-" + info->name() : "x");
    for (char& c : name)
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-') c = '_';
    path_ = fs::temp_directory_path() / name;
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ec;
    fs::permissions(path_, fs::perms::owner_all, fs::perm_options::add, ec);
    fs::remove_all(path_, ec);
  }
  const fs::path& path() const { return path_; }
  std::string operator/(const std::string& name) const { return (path_ / name).string(); }

 private:
  fs::path path_;
};

// Names in a folder (excluding the captured stdout/stderr files).
inline std::set<std::string> list_dir(const fs::path& dir) {
  std::set<std::string> names;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    const std::string n = e.path().filename().string();
    if (n != ".cmd-stdout" && n != ".cmd-stderr") names.insert(n);
  }
  return names;
}

// The failure contract of `imresize ARGS` run in `dir`: exit `code` (any of 1..125 when 0), exactly one
// stderr line "imresize: ..." containing `message_part`, nothing on stdout, no file created or removed
// and every existing file byte-identical afterwards.
inline void expect_refused(const fs::path& dir, const std::vector<std::string>& args,
                           const std::string& message_part, int code = 0) {
  std::string cmd;
  for (const auto& a : args) cmd += " '" + a + "'";
  SCOPED_TRACE("imresize" + cmd);
  const auto before = list_dir(dir);
  std::map<std::string, std::vector<std::uint8_t>> bytes;
  for (const auto& n : before)
    if (fs::is_regular_file(dir / n)) bytes[n] = read_bytes(dir / n);
  const CmdResult r = run_imresize(args, dir);
  EXPECT_GE(r.code, 1);
  EXPECT_LE(r.code, 125);
  if (code) {
    EXPECT_EQ(r.code, code);
  }
  EXPECT_EQ(r.err_lines(), 1) << r.err;
  EXPECT_EQ(r.err.rfind("imresize: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find(message_part), std::string::npos)
      << "stderr: " << r.err << "expected: " << message_part;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(list_dir(dir), before) << "a file was created or removed";
  for (const auto& [n, b] : bytes) EXPECT_EQ(read_bytes(dir / n), b) << n << " changed";
}

// ---- A minimal PNG encoder: zlib stored blocks, CRC32 and Adler-32 computed here. ----

inline std::uint32_t png_crc(const std::uint8_t* p, std::size_t n) {
  std::uint32_t c = 0xFFFFFFFFu;
  for (std::size_t i = 0; i < n; ++i) {
    c ^= p[i];
    for (int k = 0; k < 8; ++k) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
  }
  return c ^ 0xFFFFFFFFu;
}

inline void put_be32(std::vector<std::uint8_t>& v, std::uint32_t x) {
  for (int s = 24; s >= 0; s -= 8) v.push_back(static_cast<std::uint8_t>(x >> s));
}

inline void png_chunk(std::vector<std::uint8_t>& out, const char* type,
                      const std::vector<std::uint8_t>& data) {
  put_be32(out, static_cast<std::uint32_t>(data.size()));
  std::vector<std::uint8_t> td(type, type + 4);
  td.insert(td.end(), data.begin(), data.end());
  out.insert(out.end(), td.begin(), td.end());
  put_be32(out, png_crc(td.data(), td.size()));
}

// colour_type: 0 grey, 2 RGB, 4 grey+alpha, 6 RGBA; bit_depth 8 or 16. `samples` row-major,
// interleaved, in file channel order. Width/height may lie about the data (for the bomb test).
inline std::vector<std::uint8_t> make_png(std::uint32_t width, std::uint32_t height, int colour_type,
                                          int bit_depth, const std::vector<std::uint16_t>& samples,
                                          std::uint32_t data_rows = 0xFFFFFFFFu,
                                          std::uint32_t data_cols = 0xFFFFFFFFu) {
  const int ch = colour_type == 0 ? 1 : colour_type == 2 ? 3 : colour_type == 4 ? 2 : 4;
  const std::uint32_t rows = data_rows == 0xFFFFFFFFu ? height : data_rows;
  const std::uint32_t cols = data_cols == 0xFFFFFFFFu ? width : data_cols;
  std::vector<std::uint8_t> raw;
  for (std::uint32_t r = 0; r < rows; ++r) {
    raw.push_back(0);  // filter: none
    for (std::uint32_t i = 0; i < cols * ch; ++i) {
      const std::uint16_t v = samples.empty() ? 0 : samples[(r * cols * ch + i) % samples.size()];
      if (bit_depth == 16) raw.push_back(static_cast<std::uint8_t>(v >> 8));
      raw.push_back(static_cast<std::uint8_t>(v & 0xFF));
    }
  }
  std::vector<std::uint8_t> z{0x78, 0x01};
  std::size_t pos = 0;
  do {
    const std::size_t n = std::min<std::size_t>(65535, raw.size() - pos);
    z.push_back(pos + n == raw.size() ? 1 : 0);
    z.push_back(static_cast<std::uint8_t>(n & 0xFF));
    z.push_back(static_cast<std::uint8_t>(n >> 8));
    z.push_back(static_cast<std::uint8_t>(~n & 0xFF));
    z.push_back(static_cast<std::uint8_t>((~n >> 8) & 0xFF));
    z.insert(z.end(), raw.begin() + static_cast<std::ptrdiff_t>(pos),
             raw.begin() + static_cast<std::ptrdiff_t>(pos + n));
    pos += n;
  } while (pos < raw.size());
  std::uint32_t a = 1, b = 0;
  for (std::uint8_t x : raw) {
    a = (a + x) % 65521;
    b = (b + a) % 65521;
  }
  put_be32(z, (b << 16) | a);

  std::vector<std::uint8_t> png{0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
  std::vector<std::uint8_t> ihdr;
  put_be32(ihdr, width);
  put_be32(ihdr, height);
  ihdr.insert(ihdr.end(),
              {static_cast<std::uint8_t>(bit_depth), static_cast<std::uint8_t>(colour_type), 0, 0, 0});
  png_chunk(png, "IHDR", ihdr);
  png_chunk(png, "IDAT", z);
  png_chunk(png, "IEND", {});
  return png;
}

}  // namespace rl::test
