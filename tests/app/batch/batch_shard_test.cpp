// `imresize batch --shard I/N` and `--list FILE` through the real executable: N shards started at
// once reproduce the unsharded run byte for byte with disjoint outputs, ownership follows the path
// alone, killed or doubled shards are harmless, and bad specs and list lines are refused clearly.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "batch_support.hpp"
#include "rl/atomic_file.hpp"
#include "rl/image_io.hpp"

namespace rl {
namespace {

// FNV-1a 64 written out again here, from its definition, so the test checks the shard rule the
// documentation states rather than the code's own helper.
std::uint64_t fnv1a64_reference(const std::string& s) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : s) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return h;
}

std::uint64_t expected_shard(const std::string& rel, std::uint64_t n) { return fnv1a64_reference(rel) % n; }

TEST(BatchShard, ReferenceHashMatchesPublishedVectors) {
  EXPECT_EQ(fnv1a64_reference(""), 0xcbf29ce484222325ull);
  EXPECT_EQ(fnv1a64_reference("a"), 0xaf63dc4c8601ec8cull);
  EXPECT_EQ(fnv1a64_reference("foobar"), 0x85944171f73967e8ull);
}

// Every file under `root` (relative path -> bytes).
std::map<std::string, std::string> snapshot(const fs::path& root) {
  std::map<std::string, std::string> out;
  for (const auto& p : files_under(root)) out[p.lexically_relative(root).generic_string()] = read_text(p);
  return out;
}

const std::vector<int> kScales = {2, 3};

// The outputs of source `rel` with --scales 2,3 --save-hr (relative to DST).
std::set<std::string> outputs_of(const std::string& rel) {
  const fs::path p(rel);
  const fs::path sub = p.parent_path();
  const std::string stem = p.stem().string();
  std::set<std::string> out;
  for (int s : kScales) {
    out.insert((fs::path(xdir(s)) / sub / (stem + "x" + std::to_string(s) + ".png")).generic_string());
    out.insert((fs::path("HR") / xdir(s) / sub / (stem + ".png")).generic_string());
  }
  return out;
}

// A small dataset in nested folders with mixed sizes, channels and types; returns the relative paths.
std::vector<std::string> make_dataset(const fs::path& src, int count, int rows, int cols) {
  std::vector<std::string> rels;
  for (int i = 0; i < count; ++i) {
    const std::string sub = i % 3 == 0 ? "" : i % 3 == 1 ? "train/" : "train/deep/";
    const std::string rel = sub + "img" + std::to_string(1000 + i) + ".png";
    fs::create_directories((src / rel).parent_path());
    const bool grey16 = i % 5 == 4;
    io::save((src / rel).string(), noise_image(rows + (i * 7) % 13, cols + (i * 5) % 11, grey16 ? 1 : 3,
                                               grey16 ? ElemType::U16 : ElemType::U8, 500u + i));
    rels.push_back(rel);
  }
  return rels;
}

std::vector<std::string> base_args(const fs::path& src, const fs::path& dst) {
  return {src.string(), dst.string(), "--scales", "2,3", "--modcrop", "--save-hr", "--jobs", "1"};
}

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

std::string shard_arg(std::uint64_t i, std::uint64_t n) {
  return std::to_string(i) + "/" + std::to_string(n);
}

// Expects `got` to hold exactly `names`, each with the bytes the reference run wrote.
void expect_subset_of_reference(const std::map<std::string, std::string>& got,
                                const std::map<std::string, std::string>& ref,
                                const std::set<std::string>& names, const std::string& what) {
  std::set<std::string> keys;
  for (const auto& [k, v] : got) keys.insert(k);
  EXPECT_EQ(keys, names) << what;
  for (const auto& [k, v] : got) {
    const auto r = ref.find(k);
    ASSERT_NE(r, ref.end()) << what << ": " << k;
    EXPECT_TRUE(v == r->second) << what << ": " << k << " differs from the unsharded run";
  }
}

TEST(BatchShard, ShardsStartedAtOnceReproduceTheUnshardedRunExactly) {
  TempDir t;
  const fs::path src = t.path() / "src", ref_dst = t.path() / "ref";
  const std::vector<std::string> rels = make_dataset(src, 24, 23, 31);
  const Result ref = run_batch(base_args(src, ref_dst), t.path());
  ASSERT_EQ(ref.code, 0) << ref.out << ref.err;
  const auto reference = snapshot(ref_dst);
  ASSERT_EQ(reference.size(), rels.size() * 4);

  constexpr std::uint64_t kN = 4;
  // As a cluster would: all shards at once into one DST, and, to see who wrote what, all shards at
  // once into a DST each.
  const fs::path shared = t.path() / "shared";
  std::vector<Child> children;
  for (std::uint64_t i = 0; i < kN; ++i)
    children.push_back(start_batch(with(base_args(src, shared), {"--shard", shard_arg(i, kN)}), t.path()));
  for (std::uint64_t i = 0; i < kN; ++i)
    children.push_back(start_batch(
        with(base_args(src, t.path() / ("part" + std::to_string(i))), {"--shard", shard_arg(i, kN)}),
        t.path()));
  std::vector<std::set<std::string>> owned(kN);
  for (const auto& rel : rels) {
    const auto outs = outputs_of(rel);
    owned[expected_shard(rel, kN)].insert(outs.begin(), outs.end());
  }
  for (std::size_t k = 0; k < children.size(); ++k) {
    const int code = wait_child(children[k]);
    const std::string out = read_text(children[k].out);
    ASSERT_EQ(code, 0) << out << read_text(children[k].err);
    const std::uint64_t i = k % kN;
    const std::size_t mine = owned[i].size() / 4;
    EXPECT_NE(out.find("shard " + shard_arg(i, kN) + " owns " + std::to_string(mine) + " of 24 images under"),
              std::string::npos)
        << out;
    if (k >= kN) {  // a DST of its own: nothing skipped, every owned output written
      EXPECT_NE(out.find("shard " + shard_arg(i, kN) + " finished in"), std::string::npos) << out;
    }
  }
  EXPECT_EQ(snapshot(shared), reference);
  EXPECT_FALSE(has_temp_files(shared));

  std::size_t total = 0;
  for (std::uint64_t i = 0; i < kN; ++i) {
    const auto part = snapshot(t.path() / ("part" + std::to_string(i)));
    expect_subset_of_reference(part, reference, owned[i], "shard " + shard_arg(i, kN));
    total += part.size();
    EXPECT_GT(part.size(), 0u) << "24 images over 4 shards: an empty shard would make this test weak";
  }
  EXPECT_EQ(total, reference.size());  // disjoint: each output written by exactly one shard
}

TEST(BatchShard, OwnershipDependsOnThePathAloneNotOnTheListOrder) {
  TempDir t;
  const fs::path src = t.path() / "src";
  std::vector<std::string> rels = make_dataset(src, 15, 17, 19);
  const Result ref = run_batch(base_args(src, t.path() / "ref"), t.path());
  ASSERT_EQ(ref.code, 0) << ref.out << ref.err;
  const auto reference = snapshot(t.path() / "ref");

  // Two lists in different shuffled orders, spelled differently ("./", "//", CRLF, repeats).
  std::mt19937 rng(42);
  for (int variant = 0; variant < 2; ++variant) {
    std::shuffle(rels.begin(), rels.end(), rng);
    const fs::path list = t.path() / ("list" + std::to_string(variant) + ".txt");
    {
      std::ofstream f(list, std::ios::binary);
      for (std::size_t k = 0; k < rels.size(); ++k) {
        std::string line = rels[k];
        if (k % 4 == 1) line = "./" + line;
        if (k % 4 == 2 && line.find('/') != std::string::npos) line.insert(line.find('/'), "/");
        f << line << (variant == 1 ? "\r\n" : "\n");
        if (k % 5 == 0) f << rels[k] << "\n";  // listed twice: still one input
      }
    }
    constexpr std::uint64_t kN = 3;
    std::size_t total = 0;
    for (std::uint64_t i = 0; i < kN; ++i) {
      const fs::path dst = t.path() / ("v" + std::to_string(variant) + "-" + std::to_string(i));
      const Result r = run_batch(
          with(base_args(src, dst), {"--list", list.string(), "--shard", shard_arg(i, kN)}), t.path());
      ASSERT_EQ(r.code, 0) << r.out << r.err;
      std::set<std::string> want;
      for (const auto& rel : rels)
        if (expected_shard(rel, kN) == i) {
          const auto o = outputs_of(rel);
          want.insert(o.begin(), o.end());
        }
      EXPECT_NE(r.out.find("owns " + std::to_string(want.size() / 4) + " of 15 images from '" +
                           list.string() + "' under"),
                std::string::npos)
          << r.out;
      const auto got = snapshot(dst);
      expect_subset_of_reference(got, reference, want, "list variant " + std::to_string(variant));
      total += got.size();
    }
    EXPECT_EQ(total, reference.size());
  }
  // Walking SRC gives the same shard as listing it.
  const Result walked = run_batch(with(base_args(src, t.path() / "walked"), {"--shard", "1/3"}), t.path());
  ASSERT_EQ(walked.code, 0) << walked.out << walked.err;
  EXPECT_EQ(snapshot(t.path() / "walked"), snapshot(t.path() / "v0-1"));
  // However SRC_DIR is spelled.
  const Result slash =
      run_batch(with(base_args(src.string() + "//", t.path() / "slash"), {"--shard", "1/3"}), t.path());
  ASSERT_EQ(slash.code, 0) << slash.out << slash.err;
  EXPECT_EQ(snapshot(t.path() / "slash"), snapshot(t.path() / "v0-1"));
}

// A symbolic link is an input under its own name (and shard), not its target's.
TEST(BatchShard, SymbolicLinksKeepTheirOwnName) {
  TempDir t;
  const fs::path src = t.path() / "src", dst = t.path() / "dst";
  fs::create_directories(src / "sub");
  io::save((src / "real.png").string(), noise_image(12, 14, 3, ElemType::U8, 1));
  fs::create_symlink("../real.png", src / "sub" / "link.png");
  const Result r = run_batch({src.string(), dst.string(), "--scales", "2"}, t.path());
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_EQ(read_text(dst / "X2" / "sub" / "linkx2.png"), read_text(dst / "X2" / "realx2.png"));
  EXPECT_FALSE(read_text(dst / "X2" / "realx2.png").empty());
}

TEST(BatchShard, KilledShardIsSimplyRerun) {
  TempDir t;
  const fs::path src = t.path() / "src", dst = t.path() / "dst";
  const std::vector<std::string> rels = make_dataset(src, 16, 300, 420);
  const Result ref = run_batch(base_args(src, t.path() / "ref"), t.path());
  ASSERT_EQ(ref.code, 0) << ref.out << ref.err;
  const auto reference = snapshot(t.path() / "ref");

  std::set<std::string> owned0;
  for (const auto& rel : rels)
    if (expected_shard(rel, 2) == 0) {
      const auto o = outputs_of(rel);
      owned0.insert(o.begin(), o.end());
    }
  const auto args0 = with(base_args(src, dst), {"--shard", "0/2"});
  const Child c = start_batch(args0, t.path());
  // A node lost or a pod evicted: SIGKILL once the first output exists, with no chance to clean up.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  bool started = false;
  while (!started && std::chrono::steady_clock::now() < deadline) {
    for (const auto& p : files_under(dst))
      if (p.extension() == ".png" && p.filename().string()[0] != '.') started = true;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  ASSERT_TRUE(started) << "no output appeared within 120 s";
  ASSERT_EQ(::kill(c.pid, SIGKILL), 0);
  ASSERT_EQ(wait_child(c), -SIGKILL);
  std::size_t complete = 0;
  for (const auto& [k, v] : snapshot(dst))
    if (fs::path(k).filename().string()[0] != '.') {
      ++complete;
      EXPECT_TRUE(reference.at(k) == v) << k;  // what exists is whole and right
    }
  EXPECT_LT(complete, owned0.size()) << "the shard finished before it was killed";

  // The same command again completes the shard; the other shard completes the set.
  const Result again = run_batch(args0, t.path());
  ASSERT_EQ(again.code, 0) << again.out << again.err;
  EXPECT_NE(again.out.find("shard 0/2 finished in"), std::string::npos) << again.out;
  expect_subset_of_reference(snapshot(dst), reference, owned0, "shard 0/2 rerun");
  const Result other = run_batch(with(base_args(src, dst), {"--shard", "1/2"}), t.path());
  ASSERT_EQ(other.code, 0) << other.out << other.err;
  EXPECT_EQ(snapshot(dst), reference);
  EXPECT_FALSE(has_temp_files(dst));
}

TEST(BatchShard, SameShardTwiceAtOnceNeverCorruptsAFile) {
  TempDir t;
  const fs::path src = t.path() / "src";
  const std::vector<std::string> rels = make_dataset(src, 12, 120, 170);
  const Result ref = run_batch(base_args(src, t.path() / "ref"), t.path());
  ASSERT_EQ(ref.code, 0) << ref.out << ref.err;
  const auto reference = snapshot(t.path() / "ref");
  std::set<std::string> owned1;
  for (const auto& rel : rels)
    if (expected_shard(rel, 2) == 1) {
      const auto o = outputs_of(rel);
      owned1.insert(o.begin(), o.end());
    }
  for (int round = 0; round < 3; ++round) {
    // A shard requeued while its first attempt still runs: both write the same files at once.
    const fs::path dst = t.path() / ("dst" + std::to_string(round));
    const auto args = with(base_args(src, dst), {"--shard", "1/2", "--jobs", "2"});
    const Child a = start_batch(args, t.path());
    const Child b = start_batch(args, t.path());
    const int code_a = wait_child(a), code_b = wait_child(b);
    EXPECT_EQ(code_a, 0) << read_text(a.out) << read_text(a.err);
    EXPECT_EQ(code_b, 0) << read_text(b.out) << read_text(b.err);
    const auto got = snapshot(dst);
    expect_subset_of_reference(got, reference, owned1, "round " + std::to_string(round));
    for (const auto& [k, v] : got) EXPECT_NO_THROW(io::load((dst / k).string())) << k;
    EXPECT_FALSE(has_temp_files(dst));
  }
}

TEST(BatchShard, StaleTempCleanupSparesTasksItCannotSeeDie) {
  TempDir t;
  const fs::path src = t.path() / "src", dst = t.path() / "dst";
  make_dataset(src, 2, 10, 10);
  fs::create_directories(dst / "X2");
  const std::string here = process_space_tag();
  const std::string there = here == "0123456789abcdef" ? "fedcba9876543210" : "0123456789abcdef";
  // pid 2^22 + 1 is above Linux's pid_max, so no process here has it.
  const fs::path dead_here = dst / "X2" / (".ax2.rl-tmp-4194305-0-" + here + ".png");
  const fs::path live_here =
      dst / "X2" / (".bx2.rl-tmp-" + std::to_string(::getpid()) + "-0-" + here + ".png");
  const fs::path fresh_there = dst / "X2" / (".cx2.rl-tmp-4194305-0-" + there + ".png");
  const fs::path old_there = dst / "X2" / (".dx2.rl-tmp-4194305-1-" + there + ".png");
  for (const auto& p : {dead_here, live_here, fresh_there, old_there}) std::ofstream(p) << "part of a file";
  fs::last_write_time(old_there, fs::file_time_type::clock::now() - std::chrono::hours(2));
  const Result r = run_batch({src.string(), dst.string(), "--scales", "2", "--shard", "0/1"}, t.path());
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_FALSE(fs::exists(dead_here));   // killed here: nobody will rename it
  EXPECT_TRUE(fs::exists(live_here));    // this test process runs: may still be writing it
  EXPECT_TRUE(fs::exists(fresh_there));  // another machine's task: may still be writing it
  EXPECT_FALSE(fs::exists(old_there));   // untouched for two hours: abandoned
}

std::vector<std::string> failure_lines(const std::string& out) {
  std::vector<std::string> lines;
  std::size_t at = 0;
  while ((at = out.find("\n  failed ", at)) != std::string::npos) {
    const std::size_t end = out.find('\n', at + 1);
    lines.push_back(out.substr(at + 1, end - at - 1));
    at = end;
  }
  std::sort(lines.begin(), lines.end());
  return lines;
}

TEST(BatchList, MissingFilesBadEntriesAndBlankLines) {
  TempDir t;
  const fs::path src = t.path() / "src", dst = t.path() / "dst";
  fs::create_directories(src / "sub");
  io::save((src / "a.png").string(), noise_image(12, 14, 3, ElemType::U8, 1));
  io::save((src / "sub" / "b.png").string(), noise_image(12, 14, 3, ElemType::U8, 2));
  io::save((src / "c.png").string(), noise_image(12, 14, 3, ElemType::U8, 3));  // not listed
  io::save((src / "#hash.png").string(), noise_image(12, 14, 3, ElemType::U8, 4));
  const fs::path list = t.path() / "list.txt";
  std::ofstream(list, std::ios::binary) << "# images for the test\r\n"
                                           "a.png\r\n"
                                           "\n"
                                           "   \n"
                                           "./sub//b.png\n"
                                           "missing.png\n"
                                           "/abs/x.png\n"
                                           "../outside.png\n"
                                           "sub/../a.png\n"
                                           "notes.txt\n"
                                           "sub\n"
                                           "a.png\n"
                                           "./#hash.png\n"
                                           "#hash.png\n";
  const auto args =
      std::vector<std::string>{src.string(), dst.string(), "--scales", "2", "--list", list.string()};
  const Result r = run_batch(args, t.path());
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("9 images from '" + list.string() + "' under"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("3 done, 0 skipped (outputs exist), 6 failed; 3 files written"), std::string::npos)
      << r.out;
  const std::string l = " of " + list.string() + ": ";
  const std::vector<std::string> want = {
      "  failed ../outside.png: line 8" + l + "'..' would leave SRC_DIR (list paths relative to SRC_DIR)",
      "  failed /abs/x.png: line 7" + l + "an absolute path (list paths relative to SRC_DIR)",
      "  failed missing.png: listed, but there is no such file in '" + src.string() + "'",
      "  failed notes.txt: line 10" + l + "not an image file (" + io::supported_extensions_text() + ")",
      "  failed sub/../a.png: line 9" + l + "'..' would leave SRC_DIR (list paths relative to SRC_DIR)",
      "  failed sub: line 11" + l + "not an image file (" + io::supported_extensions_text() + ")",
  };
  EXPECT_EQ(failure_lines(r.out), want) << r.out;
  EXPECT_NE(r.err.find("failed missing.png: listed, but there is no such file"), std::string::npos) << r.err;
  std::set<std::string> got;
  for (const auto& [k, v] : snapshot(dst)) got.insert(k);
  EXPECT_EQ(got, (std::set<std::string>{"X2/#hashx2.png", "X2/ax2.png", "X2/sub/bx2.png"}));

  // Sharded, the same failures are reported, each by exactly one shard.
  std::vector<std::string> together;
  for (int i = 0; i < 3; ++i) {
    const Result s =
        run_batch(with(args, {"--shard", shard_arg(static_cast<std::uint64_t>(i), 3)}), t.path());
    EXPECT_EQ(s.code, failure_lines(s.out).empty() ? 0 : 1) << s.out;
    for (auto& f : failure_lines(s.out)) together.push_back(f);
  }
  std::sort(together.begin(), together.end());
  EXPECT_EQ(together, want);
}

TEST(BatchList, StandardInputEmptyListsAndUnreadableLists) {
  TempDir t;
  const fs::path src = t.path() / "src", dst = t.path() / "dst";
  fs::create_directories(src);
  io::save((src / "a.png").string(), noise_image(12, 14, 3, ElemType::U8, 1));
  const fs::path list = t.path() / "list.txt";
  std::ofstream(list) << "a.png\n";
  const Result r = run_batch({src.string(), dst.string(), "--scales", "2", "--list", "-"}, t.path(), list);
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("1 images from standard input under"), std::string::npos) << r.out;
  EXPECT_TRUE(fs::exists(dst / "X2" / "ax2.png"));

  const fs::path empty = t.path() / "empty.txt";
  std::ofstream(empty) << "# nothing\n\n";
  const fs::path dst2 = t.path() / "dst2";
  for (const auto& [file, message] : std::vector<std::pair<std::string, std::string>>{
           {empty.string(), "no images listed in '" + empty.string()},
           {(t.path() / "nope.txt").string(), "--list " + (t.path() / "nope.txt").string() +
                                                  ": cannot open for reading (No such file or directory)"},
           {src.string(), "is a folder, not a file"}}) {
    const Result bad = run_batch({src.string(), dst2.string(), "--scales", "2", "--list", file}, t.path());
    EXPECT_EQ(bad.code, 2) << bad.out << bad.err;
    EXPECT_EQ(count_lines(bad.err), 1) << bad.err;
    EXPECT_NE(bad.err.find(message), std::string::npos) << bad.err;
    EXPECT_FALSE(fs::exists(dst2));
  }
}

TEST(BatchShard, ShardOwningNothingSucceeds) {
  TempDir t;
  const fs::path src = t.path() / "src", dst = t.path() / "dst";
  fs::create_directories(src);
  io::save((src / "a.png").string(), noise_image(12, 14, 3, ElemType::U8, 1));
  const std::uint64_t owner = expected_shard("a.png", 2);
  const Result r =
      run_batch({src.string(), dst.string(), "--scales", "2", "--shard", shard_arg(1 - owner, 2)}, t.path());
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("owns 0 of 1 images"), std::string::npos) << r.out;
  EXPECT_TRUE(files_under(dst).empty());
}

class BatchShardSpec : public ::testing::TestWithParam<std::string> {};

TEST_P(BatchShardSpec, BadSpecExitsWithTheUsageCodeAndOneLine) {
  TempDir t;
  const fs::path src = t.path() / "src", dst = t.path() / "dst";
  fs::create_directories(src);
  io::save((src / "a.png").string(), noise_image(12, 14, 3, ElemType::U8, 1));
  const Result r = run_batch({src.string(), dst.string(), "--scales", "2", "--shard", GetParam()}, t.path());
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err,
            "imresize batch: --shard must be I/N with 0 <= I < N, I counted from 0 (as "
            "JOB_COMPLETION_INDEX and SLURM_ARRAY_TASK_ID are), got '" +
                GetParam() + "'\n");
  EXPECT_FALSE(fs::exists(dst));
}

INSTANTIATE_TEST_SUITE_P(Specs, BatchShardSpec,
                         ::testing::Values("4/4", "5/4", "0/0", "-1/4", "1/-4", "a/4", "1/b", "1/4x", "1",
                                           "1/", "/4", "", "/", " 1/4", "1/4 ", "+1/4", "1/4/5", "1.0/4",
                                           "0x1/4", "99999999999999999999/1", "0/99999999999999999999"));

TEST(BatchShard, RepeatedShardOrListIsRefused) {
  TempDir t;
  const fs::path src = t.path() / "src", dst = t.path() / "dst";
  fs::create_directories(src);
  for (const auto& [args, message] : std::vector<std::pair<std::vector<std::string>, std::string>>{
           {{"--shard", "0/2", "--shard=1/2"}, "--shard given more than once"},
           {{"--list", "a", "--list", "b"}, "--list given more than once"},
           {{"--list="}, "--list needs a file name"}}) {
    const Result r = run_batch(with({src.string(), dst.string(), "--scales", "2"}, args), t.path());
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_EQ(count_lines(r.err), 1) << r.err;
    EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
  }
}

TEST(BatchShard, HelpDocumentsShardAndList) {
  TempDir t;
  const Result r = run_batch({"--help"}, t.path());
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("[--shard I/N] [--list FILE]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("FNV-1a-64"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("--list FILE        the inputs are the lines of FILE"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace rl
