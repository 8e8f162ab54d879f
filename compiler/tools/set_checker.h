#pragma once
// The language server's checks of one open document, done again after every edit with only the work the edit
// needs (docs/tools.md "Incremental checks"): cards whose text did not change are not parsed or checked again, the
// profile is read again only when its text changed, and what is published is always what a full check of the same
// text reports (the same diagnostics, in the same order, under the same error limit).
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "parse/parser.h"
#include "profile/game_profile.h"
#include "sema/check_context.h"

namespace cardc::tools {

// A game profile as read for the sets that use it. Its ranges are in file 1 of `sm` (file 0 is empty): a checked
// set adds its own text as file 0 and the same profile text as file 1, so these ranges hold there too.
struct LoadedProfile {
  std::string path;  // canonical
  std::string text;
  SourceManager sm;
  DiagnosticEngine diags{sm};  // the profile's own problems are reported on the profile, not on its sets
  std::unique_ptr<ast::ProfileFile> ast;
  std::unique_ptr<GameProfile> model;
};

// One document as checked: a card set (with its profile) or a profile.
struct CheckedDocument {
  SourceManager sm;
  DiagnosticEngine diags{sm};  // what a full check reports, error limit applied
  FileId file = kNoFile;
  std::unique_ptr<ast::CardSetFile> set;
  std::unique_ptr<ast::ProfileFile> profile_ast;     // a profile document's own
  std::unique_ptr<GameProfile> own_profile;          // likewise
  std::shared_ptr<const LoadedProfile> set_profile;  // a set's game
  std::string profile_path;                          // a set's profile, canonical: a change to it checks the set again
  size_t cards_parsed = 0, cards_checked = 0, cards_reused = 0;  // work done, for the log and the tests

  // The game: the set's profile, or the profile document itself.
  const GameProfile* profile() const { return set_profile ? set_profile->model.get() : own_profile.get(); }
};

// The editor's text of a file open in it, if any (an open profile is read as edited, not as saved).
using OpenText = std::function<std::optional<std::string>(const std::string& path)>;

class SetChecker {
 public:
  SetChecker(std::vector<std::string> profile_dirs, OpenText open_text);
  ~SetChecker();

  // Checks `text` as the document at `path` (a card set or a profile, by its extension).
  std::unique_ptr<CheckedDocument> check(const std::string& path, const std::string& text);

 private:
  struct Cache;
  std::vector<std::string> profile_dirs_;
  OpenText open_text_;
  std::unique_ptr<Cache> cache_;
};

// One card of a checked set read in full (its readings and meanings), for hover and definition: the set's other
// cards are present by title and type only, as the passes that look across cards need.
struct CardAnalysis {
  ast::CardSetFile set;
  std::unique_ptr<DiagnosticEngine> diags;
  std::unique_ptr<CheckContext> ctx;
  size_t index = 0;  // the card's index in `set` (and in ctx->readings, ctx->meanings)
};
std::unique_ptr<CardAnalysis> analyse_card(const CheckedDocument& doc, size_t index);

}  // namespace cardc::tools
