// How every output is written (docs/CLI.md, "How outputs are written"): a temporary no other user can
// plant a link at, no link at the output written through or replaced, a file the caller may not write
// refused, a replaced file's mode and owner kept, long names, the temporaries removed on SIGINT, SIGTERM
// and SIGHUP, a closed standard output, and the exit statuses that say the same thing everywhere.
// The hostile cases run the command as another user (nobody, through setpriv): they need root, and
// are skipped without it, except under CI, where a skip would hide them and they fail instead.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <thread>

#include "cli_support.hpp"
#include "rl/atomic_file.hpp"

extern char** environ;

namespace rl::test {
namespace {

constexpr uid_t kNobody = 65534;
constexpr uid_t kOther = 4321;  // a user that is neither the caller nor nobody

#define SKIP_OR_FAIL_UNDER_CI(why)                                \
  do {                                                            \
    if (RL_UNDER_CI) FAIL() << "under CI this must run: " << why; \
    GTEST_SKIP() << why;                                          \
  } while (0)

// Why the hostile cases cannot run here, or empty.
std::string why_no_second_user() {
  if (::geteuid() != 0) return "running as another user needs root (setpriv)";
  if (::access("/usr/bin/setpriv", X_OK) != 0) return "/usr/bin/setpriv is missing";
  return {};
}

struct Spawned {
  pid_t pid = -1;
};

// Starts ARGS (argv[0] a path) with stdout/stderr to files in `logs` (or stdout to `stdout_fd`), with
// `env` added to the environment.
Spawned spawn(const std::vector<std::string>& args, const fs::path& logs,
              const std::vector<std::string>& env = {}, int stdout_fd = -1) {
  std::vector<std::string> all = args;
  std::vector<char*> argv;
  for (auto& a : all) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::vector<std::string> envs(env);
  for (char** e = environ; *e; ++e) envs.emplace_back(*e);
  std::vector<char*> envp;
  for (auto& e : envs) envp.push_back(e.data());
  envp.push_back(nullptr);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  if (stdout_fd >= 0)
    posix_spawn_file_actions_adddup2(&fa, stdout_fd, STDOUT_FILENO);
  else
    posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, (logs / ".cmd-stdout").c_str(),
                                     O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, (logs / ".cmd-stderr").c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  Spawned s;
  const int rc = posix_spawn(&s.pid, argv[0], &fa, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&fa);
  EXPECT_EQ(rc, 0) << args[0] << ": " << std::strerror(rc);
  return s;
}

// Exit status, 128 + N when killed by signal N (as a shell reports it).
int wait_for(const Spawned& s) {
  int status = 0;
  while (::waitpid(s.pid, &status, 0) < 0)
    if (errno != EINTR) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

std::vector<std::string> as_nobody(std::vector<std::string> args) {
  args.insert(args.begin(), {"/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"});
  return args;
}

CmdResult run_as_nobody(const std::vector<std::string>& imresize_args, const fs::path& logs) {
  std::vector<std::string> args{RL_IMRESIZE_EXE};
  args.insert(args.end(), imresize_args.begin(), imresize_args.end());
  const Spawned s = spawn(as_nobody(args), logs);
  CmdResult r;
  r.code = wait_for(s);
  r.out = read_text(logs / ".cmd-stdout");
  r.err = read_text(logs / ".cmd-stderr");
  return r;
}

std::vector<std::string> temporaries_in(const fs::path& dir) {
  std::vector<std::string> t;
  std::error_code ec;
  for (const auto& e : fs::recursive_directory_iterator(dir, ec))
    if (e.path().filename().string().find(".rl-tmp-") != std::string::npos) t.push_back(e.path().string());
  return t;
}

// A small RGB PNG readable by everyone.
fs::path make_input(const ScratchDir& d, const std::string& name = "in.png", int rows = 40, int cols = 60) {
  const fs::path p = d.path() / name;
  write_bytes(p, make_png(static_cast<std::uint32_t>(cols), static_cast<std::uint32_t>(rows), 2, 8,
                          {10, 200, 37, 99, 150, 3, 255}));
  ::chmod(p.c_str(), 0644);
  return p;
}

struct stat lstat_of(const fs::path& p) {
  struct stat st {};
  EXPECT_EQ(::lstat(p.c_str(), &st), 0) << p;
  return st;
}

TEST(CliOutput, LinkPlantedAtTheTemporaryNameIsNeverWrittenThrough) {
  if (const std::string why = why_no_second_user(); !why.empty()) SKIP_OR_FAIL_UNDER_CI(why);
  ScratchDir d;
  ::chmod(d.path().c_str(), 0755);
  const fs::path in = make_input(d);
  const fs::path shared = d.path() / "shared";  // like /tmp: everyone writes, the sticky bit set
  fs::create_directory(shared);
  ::chmod(shared.c_str(), 01777);
  const fs::path victim = d.path() / "victim.txt";  // the victim's own file, outside the folder
  write_text(victim, "the victim's own file\n");
  ASSERT_EQ(::chown(victim.c_str(), kNobody, kNobody), 0);

  // The victim's command waits until another user has planted links at the names a predictable
  // scheme would use (PID and a counter), then runs.
  int go[2];
  ASSERT_EQ(::pipe(go), 0);
  const pid_t pid = ::fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    ::close(go[1]);
    char c;
    if (::read(go[0], &c, 1) != 1) ::_exit(126);
    const int o = ::open((d.path() / ".cmd-stdout").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int e = ::open((d.path() / ".cmd-stderr").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(o, 1);
    ::dup2(e, 2);
    const std::vector<std::string> args =
        as_nobody({RL_IMRESIZE_EXE, in.string(), (shared / "out.png").string(), "--scale", "0.5"});
    std::vector<char*> argv;
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  ::close(go[0]);
  const std::string tail = "-" + process_space_tag() + ".png";
  for (int n = 0; n < 4; ++n) {
    const fs::path link = shared / (".out.rl-tmp-" + std::to_string(pid) + "-" + std::to_string(n) + tail);
    ASSERT_EQ(::symlink(victim.c_str(), link.c_str()), 0);
    ASSERT_EQ(::lchown(link.c_str(), kOther, kOther), 0);
  }
  ASSERT_EQ(::write(go[1], "x", 1), 1);
  ::close(go[1]);
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << read_text(d.path() / ".cmd-stderr");
  EXPECT_EQ(read_text(victim), "the victim's own file\n");
  const struct stat st = lstat_of(shared / "out.png");
  EXPECT_TRUE(S_ISREG(st.st_mode));
  EXPECT_EQ(st.st_uid, kNobody);
  const std::vector<std::uint8_t> png = read_bytes(shared / "out.png");
  EXPECT_TRUE(png.size() > 8 && png[1] == 'P' && png[2] == 'N' && png[3] == 'G');
}

TEST(CliOutput, ReadOnlyFileOfAnotherUserIsRefusedAndLeftAsItIs) {
  if (const std::string why = why_no_second_user(); !why.empty()) SKIP_OR_FAIL_UNDER_CI(why);
  ScratchDir d;
  ::chmod(d.path().c_str(), 0755);
  const fs::path in = make_input(d);
  const fs::path open = d.path() / "open";
  fs::create_directory(open);
  ::chmod(open.c_str(), 0777);
  const fs::path x = open / "x.png";
  write_text(x, "someone else's file");
  ASSERT_EQ(::chown(x.c_str(), kOther, kOther), 0);
  ASSERT_EQ(::chmod(x.c_str(), 0444), 0);
  const CmdResult r = run_as_nobody({in.string(), x.string(), "--scale", "0.5"}, d.path());
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_EQ(r.err_lines(), 1) << r.err;
  EXPECT_NE(r.err.find("not writable by you"), std::string::npos) << r.err;
  EXPECT_EQ(read_text(x), "someone else's file");
  const struct stat st = lstat_of(x);
  EXPECT_EQ(st.st_uid, kOther);
  EXPECT_EQ(st.st_mode & 07777, 0444u);
  EXPECT_TRUE(temporaries_in(open).empty());
}

TEST(CliOutput, WritableFileOfAnotherUserInAStickyFolderIsRefusedBeforeAnyWork) {
  if (const std::string why = why_no_second_user(); !why.empty()) SKIP_OR_FAIL_UNDER_CI(why);
  ScratchDir d;
  ::chmod(d.path().c_str(), 0755);
  const fs::path in = make_input(d);
  const fs::path shared = d.path() / "shared";
  fs::create_directory(shared);
  ::chmod(shared.c_str(), 01777);
  const fs::path x = shared / "x.png";
  write_text(x, "someone else's file");
  ASSERT_EQ(::chown(x.c_str(), kOther, kOther), 0);
  ASSERT_EQ(::chmod(x.c_str(), 0666), 0);
  const CmdResult r = run_as_nobody({in.string(), x.string(), "--scale", "0.5"}, d.path());
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_EQ(r.err_lines(), 1) << r.err;
  EXPECT_NE(r.err.find("sticky"), std::string::npos) << r.err;
  EXPECT_EQ(read_text(x), "someone else's file");
  EXPECT_TRUE(temporaries_in(shared).empty());
}

TEST(CliOutput, ReplacedFileKeepsItsModeAndOwner) {
  ScratchDir d;
  const fs::path in = make_input(d);
  const fs::path priv = d.path() / "private.png";
  write_text(priv, "old");
  ASSERT_EQ(::chmod(priv.c_str(), 0600), 0);
  CmdResult r = run_imresize({in.string(), priv.string(), "--scale", "0.5"}, d.path());
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(read_text(priv), "old");
  EXPECT_EQ(lstat_of(priv).st_mode & 07777, 0600u);

  const fs::path grp = d.path() / "group.png";
  write_text(grp, "old");
  ASSERT_EQ(::chmod(grp.c_str(), 0664), 0);
  r = run_imresize({in.string(), grp.string(), "--scale", "0.5"}, d.path());
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(lstat_of(grp).st_mode & 07777, 0664u);

  // A new file: 0666 less the umask, as any program's.
  const mode_t mask = ::umask(0);
  ::umask(mask);
  r = run_imresize({in.string(), (d.path() / "new.png").string(), "--scale", "0.5"}, d.path());
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(lstat_of(d.path() / "new.png").st_mode & 07777, 0666u & ~mask);

  if (::geteuid() != 0) return;  // only root may give a file to another user
  const fs::path theirs = d.path() / "theirs.png";
  write_text(theirs, "old");
  ASSERT_EQ(::chown(theirs.c_str(), kOther, kOther), 0);
  ASSERT_EQ(::chmod(theirs.c_str(), 0640), 0);
  r = run_imresize({in.string(), theirs.string(), "--scale", "0.5"}, d.path());
  ASSERT_EQ(r.code, 0) << r.err;
  const struct stat st = lstat_of(theirs);
  EXPECT_EQ(st.st_uid, kOther);
  EXPECT_EQ(st.st_gid, kOther);
  EXPECT_EQ(st.st_mode & 07777, 0640u);
}

TEST(CliOutput, LinkAtTheOutputIsRefusedInEveryWriter) {
  ScratchDir d;
  const fs::path in = make_input(d);
  const fs::path target = d.path() / "target.png";
  write_text(target, "the link's target");
  const fs::path link = d.path() / "out.png";
  ASSERT_EQ(::symlink(target.c_str(), link.c_str()), 0);
  const fs::path csv = d.path() / "scores.csv";
  ASSERT_EQ(::symlink(target.c_str(), csv.c_str()), 0);
  expect_refused(d.path(), {in.string(), link.string(), "--scale", "0.5"}, "symbolic link", 1);
  // score writes its table through the same writer, and says so before scoring.
  fs::create_directories(d.path() / "sr");
  fs::create_directories(d.path() / "hr");
  fs::copy_file(in, d.path() / "sr/in.png");
  fs::copy_file(in, d.path() / "hr/in.png");
  const CmdResult r = run_imresize({"score", (d.path() / "sr").string(), (d.path() / "hr").string(),
                                    "--scale", "2", "--protocol", "srcnn", "--csv", csv.string()},
                                   d.path());
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_EQ(r.err_lines(), 1) << r.err;
  EXPECT_NE(r.err.find("symbolic link"), std::string::npos) << r.err;
  EXPECT_TRUE(fs::is_symlink(csv));
  // A dangling link too: nothing is created where it points.
  const fs::path dangling = d.path() / "dangling.png";
  ASSERT_EQ(::symlink((d.path() / "nowhere.png").c_str(), dangling.c_str()), 0);
  expect_refused(d.path(), {in.string(), dangling.string(), "--scale", "0.5"}, "symbolic link", 1);
  EXPECT_FALSE(fs::exists(d.path() / "nowhere.png"));
  EXPECT_EQ(read_text(target), "the link's target");
  EXPECT_TRUE(fs::is_symlink(link));
}

TEST(CliOutput, AnOutputThatIsNoRegularFileIsRefused) {
  ScratchDir d;
  const fs::path in = make_input(d);
  const fs::path fifo = d.path() / "fifo.png";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
  expect_refused(d.path(), {in.string(), fifo.string(), "--scale", "0.5"}, "not a regular file", 1);
  EXPECT_TRUE(S_ISFIFO(lstat_of(fifo).st_mode));
}

TEST(CliOutput, LongNamesAreWritten) {
  ScratchDir d;
  const fs::path in = make_input(d);
  const fs::path out = d.path() / (std::string(240, 'n') + ".png");  // 244 bytes: NAME_MAX is 255
  const CmdResult r = run_imresize({in.string(), out.string(), "--scale", "0.5"}, d.path());
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(fs::is_regular_file(out));
  const fs::path utf8 = d.path() / ([] {
                          std::string s;
                          for (int i = 0; i < 83; ++i) s += "\xc3\xa9";  // é: 166 bytes
                          return s + std::string(80, 'a') + ".png";
                        })();
  const CmdResult r2 = run_imresize({in.string(), utf8.string(), "--scale", "0.5"}, d.path());
  EXPECT_EQ(r2.code, 0) << r2.err;
  EXPECT_TRUE(fs::is_regular_file(utf8));
  EXPECT_TRUE(temporaries_in(d.path()).empty());
}

// imresize with fsync slowed down (slow_fsync.cpp): the temporary exists for seconds.
Spawned start_slow_write(const ScratchDir& d, const std::vector<std::string>& args, int delay_ms) {
  std::vector<std::string> all{RL_IMRESIZE_EXE};
  all.insert(all.end(), args.begin(), args.end());
  return spawn(
      all, d.path(),
      {std::string("LD_PRELOAD=") + RL_SLOW_FSYNC_LIB, "RL_TEST_FSYNC_DELAY_MS=" + std::to_string(delay_ms),
       "ASAN_OPTIONS=verify_asan_link_order=0"});
}

bool wait_for_temporary(const fs::path& dir) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (std::chrono::steady_clock::now() < deadline) {
    if (!temporaries_in(dir).empty()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return false;
}

// Durable: the data is fsynced, then renamed over the output, then the folder is fsynced (the order
// logged by slow_fsync.cpp).
TEST(CliOutput, DataThenRenameThenFolderAreSynced) {
  ScratchDir d;
  const fs::path in = make_input(d);
  const fs::path out = d.path() / "out.png", log = d.path() / "sync.log";
  const Spawned s = spawn({RL_IMRESIZE_EXE, in.string(), out.string(), "--scale", "0.5"}, d.path(),
                          {std::string("LD_PRELOAD=") + RL_SLOW_FSYNC_LIB,
                           "RL_TEST_FSYNC_LOG=" + log.string(), "ASAN_OPTIONS=verify_asan_link_order=0"});
  ASSERT_EQ(wait_for(s), 0) << read_text(d.path() / ".cmd-stderr");
  std::vector<std::string> lines;
  std::istringstream text(read_text(log));
  for (std::string l; std::getline(text, l);) lines.push_back(l);
  ASSERT_EQ(lines.size(), 3u) << read_text(log);
  const std::string temp = lines[0].substr(6);
  EXPECT_NE(temp.find("/.out.rl-tmp-"), std::string::npos) << lines[0];
  EXPECT_EQ(lines[1], "rename " + temp + " " + out.string());
  EXPECT_EQ(lines[2], "fsync " + fs::canonical(d.path()).string());
}

class CliOutputSignal : public ::testing::TestWithParam<int> {};

TEST_P(CliOutputSignal, WhileWritingRemovesTheTemporaryAndKeepsTheOldFile) {
  const int sig = GetParam();
  ScratchDir d;
  const fs::path in = make_input(d);
  const fs::path out = d.path() / "out.png";
  write_text(out, "the old output");
  const Spawned s = start_slow_write(d, {in.string(), out.string(), "--scale", "0.5"}, 20000);
  ASSERT_TRUE(wait_for_temporary(d.path())) << "no temporary appeared";
  ASSERT_EQ(::kill(s.pid, sig), 0);
  const auto t0 = std::chrono::steady_clock::now();
  EXPECT_EQ(wait_for(s), 128 + sig) << read_text(d.path() / ".cmd-stderr");
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(10));  // not after the write
  EXPECT_TRUE(temporaries_in(d.path()).empty());
  EXPECT_EQ(read_text(out), "the old output");

  // score --csv and identify --json write through the same writer.
  const fs::path csv = d.path() / "scores.csv";
  fs::create_directories(d.path() / "sr");
  fs::create_directories(d.path() / "hr");
  fs::copy_file(in, d.path() / "sr/in.png");
  fs::copy_file(in, d.path() / "hr/in.png");
  const Spawned s2 = start_slow_write(d,
                                      {"score", (d.path() / "sr").string(), (d.path() / "hr").string(),
                                       "--scale", "2", "--protocol", "srcnn", "--csv", csv.string()},
                                      20000);
  ASSERT_TRUE(wait_for_temporary(d.path())) << "no temporary appeared";
  ASSERT_EQ(::kill(s2.pid, sig), 0);
  EXPECT_EQ(wait_for(s2), 128 + sig) << read_text(d.path() / ".cmd-stderr");
  EXPECT_TRUE(temporaries_in(d.path()).empty());
  EXPECT_FALSE(fs::exists(csv));
}

TEST_P(CliOutputSignal, BeforeWritingLeavesNothing) {
  const int sig = GetParam();
  ScratchDir d;
  const fs::path in = make_input(d, "big.png", 1500, 2000);
  const fs::path out = d.path() / "out.png";
  const Spawned s = start_slow_write(d, {in.string(), out.string(), "--scale", "0.37"}, 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(30));  // reading or resizing
  ::kill(s.pid, sig);
  const int code = wait_for(s);
  EXPECT_TRUE(code == 128 + sig || code == 0) << code;
  EXPECT_TRUE(temporaries_in(d.path()).empty());
  if (code != 0) {
    EXPECT_FALSE(fs::exists(out));
  }
}

// At any moment of a run: the signal lands while reading, resizing, encoding, writing, renaming or
// after; whichever it was, no temporary is left and the output is either the old file or the whole new one.
TEST_P(CliOutputSignal, AtAnyMomentLeavesNoTemporary) {
  const int sig = GetParam();
  ScratchDir d;
  const fs::path in = make_input(d, "big.png", 900, 1200);
  const fs::path out = d.path() / "out.png";
  for (int i = 0; i < 12; ++i) {
    write_text(out, "old");
    const Spawned s = start_slow_write(d, {in.string(), out.string(), "--scale", "0.61"}, 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(25 * i));
    ::kill(s.pid, sig);
    const int code = wait_for(s);
    EXPECT_TRUE(code == 128 + sig || code == 0) << code;
    EXPECT_TRUE(temporaries_in(d.path()).empty()) << "after " << 25 * i << " ms";
    // Killed after the rename (in the folder's fsync, or on the way out): the new file, whole.
    const std::string now = read_text(out);
    const bool whole_png =
        now.size() > 20 && now.compare(1, 3, "PNG") == 0 && now.compare(now.size() - 8, 4, "IEND") == 0;
    EXPECT_TRUE(code == 0 ? whole_png : (now == "old" || whole_png)) << code;
  }
}

INSTANTIATE_TEST_SUITE_P(
    Signals, CliOutputSignal, ::testing::Values(SIGINT, SIGTERM, SIGHUP), [](const auto& info) {
      return std::string(info.param == SIGINT ? "SIGINT" : info.param == SIGTERM ? "SIGTERM" : "SIGHUP");
    });

TEST(CliOutput, BatchStopsAtOnceOnASecondSignalAndRemovesItsTemporaries) {
  ScratchDir d;
  fs::create_directory(d.path() / "src");
  for (int i = 0; i < 4; ++i) make_input(d, "src/im" + std::to_string(i) + ".png");
  const fs::path dst = d.path() / "dst";
  const Spawned s = start_slow_write(
      d, {"batch", (d.path() / "src").string(), dst.string(), "--scales", "2", "--jobs", "2"}, 20000);
  ASSERT_TRUE(wait_for_temporary(dst)) << "no temporary appeared";
  const auto t0 = std::chrono::steady_clock::now();
  ASSERT_EQ(::kill(s.pid, SIGHUP), 0);  // finish the files in progress...
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  ASSERT_EQ(::kill(s.pid, SIGINT), 0);  // ...no: stop now
  EXPECT_EQ(wait_for(s), 4) << read_text(d.path() / ".cmd-stderr");
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(10));
  EXPECT_TRUE(temporaries_in(dst).empty());
}

// `imresize batch ... | true`: the reader is gone before the first line.
TEST(CliOutput, ClosedStandardOutputIsNoReasonToStop) {
  ScratchDir d;
  fs::create_directory(d.path() / "src");
  for (int i = 0; i < 3; ++i) make_input(d, "src/im" + std::to_string(i) + ".png");
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{RL_IMRESIZE_EXE, "batch", (d.path() / "src").string(),
                                 (d.path() / "dst").string(), "--scales", "2,3"},
        std::vector<std::string>{RL_IMRESIZE_EXE, (d.path() / "src/im0.png").string(),
                                 (d.path() / "one.png").string(), "--scale", "0.5", "--verbose"}}) {
    int p[2];
    ASSERT_EQ(::pipe(p), 0);
    ::close(p[0]);
    const Spawned s = spawn(args, d.path(), {}, p[1]);
    ::close(p[1]);
    EXPECT_EQ(wait_for(s), 0) << args[1] << ": " << read_text(d.path() / ".cmd-stderr");
  }
  EXPECT_EQ(fs::exists(d.path() / "dst/X2/im2x2.png") + fs::exists(d.path() / "dst/X3/im2x3.png"), 2);
  EXPECT_TRUE(fs::is_regular_file(d.path() / "one.png"));
}

// The same cause, the same status, whichever path found it (docs/CLI.md's table).
TEST(CliOutput, ExitStatusesMeanTheSameEverywhere) {
  ScratchDir d;
  const fs::path in = make_input(d);
  const std::string out = (d.path() / "o.png").string();
  // A result over the limit: 1, with MATLAB's resize and with each library's.
  expect_refused(d.path(), {in.string(), out, "--scale", "1e9"}, "", 1);
  expect_refused(d.path(), {in.string(), out, "--scale", "1e9", "--like", "pillow", "--method", "bicubic"},
                 "too large", 1);
  expect_refused(d.path(), {in.string(), out, "--scale", "1e9", "--like", "opencv", "--method", "area"},
                 "too large", 1);
  // An output that cannot be written: 1, for one image and for a batch.
  write_text(d.path() / "a-file", "x");
  expect_refused(d.path(), {in.string(), (d.path() / "a-file/o.png").string(), "--scale", "0.5"}, "", 1);
  fs::create_directory(d.path() / "src");
  make_input(d, "src/im.png");
  const CmdResult r = run_imresize(
      {"batch", (d.path() / "src").string(), (d.path() / "a-file/dst").string(), "--scales", "2"}, d.path());
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_EQ(r.err_lines(), 1) << r.err;
  // A bad value stays 2.
  expect_refused(d.path(), {in.string(), out, "--scale", "-1"}, "", 2);
}

}  // namespace
}  // namespace rl::test
