// cardrt_library_profile (cardrt.h "a card library's own profile"): an engine holding only a card library opens it
// without expectations, builds the profile from the description the library embeds, and plays. The libraries here
// are written in C the way cardc's code generator lays them out (docs/codegen.md "Library format"), built with cc
// and sealed with cardrt_library_seal; the loader refuses descriptions that are missing, invalid, of another game
// or not the profile the library's hash names.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "cardrt/cardrt.h"
#include "test_support.hpp"

namespace {

std::string describe(const cardrt_profile* p) {
  std::string s(static_cast<size_t>(cardrt_profile_describe(p, nullptr, 0)), '\0');
  cardrt_profile_describe(p, s.data(), static_cast<int64_t>(s.size()));
  s.pop_back();
  return s;
}

std::string identity(const cardrt_profile* p) {
  char id[17] = {};
  cardrt_profile_identity(p, id, sizeof id);
  return id;
}

std::string c_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '\n') out += "\\n\"\n  \"";
    else if (c == '"' || c == '\\') out += std::string("\\") + c;
    else out += c;
  }
  return out + "\"";
}

class LibraryProfile : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/cardrt-library-profile.XXXXXX";
    ASSERT_NE(::mkdtemp(tmpl), nullptr);
    dir_ = tmpl;
    cardrt_profile* legends = rt::make_legends();
    description_ = describe(legends);
    hash_ = identity(legends);
    cardrt_profile_destroy(legends);
  }
  void TearDown() override {
    for (auto* lib : libs_) cardrt_library_unload(lib);
    if (std::system(("rm -rf '" + dir_ + "'").c_str()) != 0) ADD_FAILURE() << "cannot remove " << dir_;
  }

  // A card library with one card, built and sealed; description nullptr: no description symbol at all.
  std::string library(const std::string& name, const std::string& game, const std::string& hash,
                      const std::string* description) {
    const std::string src = dir_ + "/" + name + ".c", so = dir_ + "/" + name + ".so";
    std::ofstream out(src);
    out << "#include <stdint.h>\n"
           "int32_t cardrt_def_card(void* pool, const char* title, const char* type);\n"
           "const int32_t cardrt_library_abi_version = "
        << CARDRT_ABI_VERSION << ";\nconst char cardrt_library_game[] = " << c_string(game)
        << ";\nconst char cardrt_library_profile_hash[] = " << c_string(hash)
        << ";\nconst char cardrt_library_source_hash[] = \"source-1\";\n";
    if (description)
      out << "const char " CARDRT_LIBRARY_PROFILE_DESCRIPTION "[] =\n  " << c_string(*description) << ";\n";
    out << "int32_t cardrt_library_register(void* pool) {\n"
           "  return cardrt_def_card(pool, \"Apprentice of the Gate\", \"Personality\") < 0 ? -3 : 0;\n"
           "}\n";
    out.close();
    const std::string cmd = "cc -shared -fPIC -o '" + so + "' '" + src + "'";
    EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
    char error[256];
    EXPECT_EQ(cardrt_library_seal(so.c_str(), error, sizeof error), CARDRT_OK) << error;
    return so;
  }

  cardrt_library* open(const std::string& path) {
    cardrt_library* lib = nullptr;
    char error[512];
    EXPECT_EQ(cardrt_library_open_trusted(path.c_str(), nullptr, 0, CARDRT_LIBRARY_ALLOW_UNSIGNED, nullptr, nullptr,
                                          nullptr, &lib, error, sizeof error),
              CARDRT_OK)
        << error;
    if (lib) libs_.push_back(lib);
    return lib;
  }

  struct Outcome {
    int32_t code;
    std::string message;
    cardrt_profile* profile;
  };
  Outcome profile_of(cardrt_library* lib) {
    char error[1024] = "unchanged";
    cardrt_profile* p = reinterpret_cast<cardrt_profile*>(&error);  // must be reset to NULL on failure
    const int32_t r = cardrt_library_profile(lib, &p, error, sizeof error);
    return {r, error, p};
  }

  std::string dir_, description_, hash_;
  std::vector<cardrt_library*> libs_;
};

TEST_F(LibraryProfile, AnEngineNeedsOnlyTheLibrary) {
  cardrt_library* lib = open(library("good", "legends", hash_, &description_));
  ASSERT_NE(lib, nullptr);
  Outcome o = profile_of(lib);
  ASSERT_EQ(o.code, CARDRT_OK) << o.message;
  EXPECT_EQ(o.message, "");
  ASSERT_NE(o.profile, nullptr);
  EXPECT_EQ(describe(o.profile), description_);
  EXPECT_EQ(identity(o.profile), hash_);
  cardrt_cardpool* pool = cardrt_cardpool_create(o.profile);
  char error[256];
  ASSERT_EQ(cardrt_library_register_cards(lib, pool, error, sizeof error), CARDRT_OK) << error;
  EXPECT_EQ(cardrt_cardpool_count(pool), 1);
  cardrt_host host{};
  cardrt_game* g = cardrt_game_create(o.profile, pool, 1, &host);
  ASSERT_NE(g, nullptr);
  const int32_t card = cardrt_game_add_card(g, 0, 0, rt::legends::Hand);
  EXPECT_GT(card, 0);
  EXPECT_EQ(cardrt_game_put_into_play(g, card, 0), CARDRT_OK);
  cardrt_game_destroy(g);
  cardrt_cardpool_destroy(pool);
  cardrt_profile_destroy(o.profile);

  // With expectations, open still checks them.
  cardrt_library* other = nullptr;
  EXPECT_EQ(cardrt_library_open_trusted(library("good2", "legends", hash_, &description_).c_str(), nullptr, 0,
                                        CARDRT_LIBRARY_ALLOW_UNSIGNED, "terrus", nullptr, nullptr, &other, error,
                                        sizeof error),
            CARDRT_LIB_E_GAME);
  EXPECT_EQ(other, nullptr);
  EXPECT_EQ(cardrt_library_open_trusted(dir_.c_str(), nullptr, 0, CARDRT_LIBRARY_ALLOW_UNSIGNED, nullptr, nullptr,
                                        nullptr, nullptr, error, sizeof error),
            CARDRT_E_ARGUMENT);
}

TEST_F(LibraryProfile, RefusesADescriptionOfAnotherProfile) {
  const Outcome o = profile_of(open(library("other-hash", "legends", "0123456789abcdef", &description_)));
  EXPECT_EQ(o.code, CARDRT_LIB_E_PROFILE);
  EXPECT_EQ(o.profile, nullptr);
  EXPECT_NE(o.message.find("wrong profile"), std::string::npos) << o.message;
  EXPECT_NE(o.message.find(hash_), std::string::npos) << o.message;
}

TEST_F(LibraryProfile, RefusesADescriptionOfAnotherGame) {
  const Outcome o = profile_of(open(library("other-game", "terrus", hash_, &description_)));
  EXPECT_EQ(o.code, CARDRT_LIB_E_GAME);
  EXPECT_EQ(o.profile, nullptr);
  EXPECT_NE(o.message.find("wrong game"), std::string::npos) << o.message;
}

TEST_F(LibraryProfile, RefusesAnInvalidDescriptionWithItsLine) {
  const std::string bad = "cardrt-profile 1\ngame \"legends\"\nstat \"Force\" abbrev \"F\" floor sometimes\n";
  const Outcome o = profile_of(open(library("invalid", "legends", hash_, &bad)));
  EXPECT_EQ(o.code, CARDRT_LIB_E_PROFILE);
  EXPECT_EQ(o.profile, nullptr);
  EXPECT_NE(o.message.find("its profile description is invalid: line 3: stat: expected the floor policy"),
            std::string::npos)
      << o.message;
}

TEST_F(LibraryProfile, LibrariesWithoutADescription) {
  const std::string empty;
  for (const std::string* d : {&empty, static_cast<const std::string*>(nullptr)}) {
    const Outcome o = profile_of(open(library(d ? "empty" : "none", "legends", hash_, d)));
    EXPECT_EQ(o.code, CARDRT_LIB_E_LOAD);
    EXPECT_EQ(o.profile, nullptr);
    EXPECT_NE(o.message.find("embeds no profile description"), std::string::npos) << o.message;
  }
}

TEST_F(LibraryProfile, BadArguments) {
  cardrt_profile* p = nullptr;
  char error[128];
  EXPECT_EQ(cardrt_library_profile(nullptr, &p, error, sizeof error), CARDRT_E_HANDLE);
  EXPECT_EQ(cardrt_library_profile(open(library("args", "legends", hash_, &description_)), nullptr, error,
                                   sizeof error),
            CARDRT_E_ARGUMENT);
}

}  // namespace
