#pragma once
// Reads one clause (a sentence, or a part of one between semicolons) against the profile's verbs and events:
// imperative ("Bow this card"), declarative ("Your Samurai Personalities have +1F"), timing ("After ... enters
// play") or condition ("If you control no Courtiers"). A clause that is none of these cannot be compiled.
#include <span>
#include <string>

#include "profile/game_profile.h"
#include "sema/reading.h"

namespace cardc {

using TermSpan = std::span<const ast::Term* const>;

std::string lower_word(const ast::Term& t);  // "" for non-words
std::string_view word_text(const ast::Term& t);  // the same, not lower-cased (compare with lower_equals)

class ClauseReader {
 public:
  explicit ClauseReader(const GameProfile& p) : profile_(p) {}

  // Fills `out` (form, verb, subject, conditions...). On failure returns false and says why.
  bool read(TermSpan terms, Clause& out, std::string& why) const;
  // The profile verb the words start with (longest match), or -1; `len` gets its word count.
  int verb_at(TermSpan terms, size_t& len) const;
  // The event named inside a timing phrase ("After this Personality enters play"), or -1.
  int event_in(TermSpan terms) const;
  // The whole phrase is an event name used as a trigger ("Focus Effect").
  int event_named(TermSpan terms) const;
  // A profile verb in the third person ("loses", "discards"); false if the word is none.
  bool third_person_verb(std::string_view w, int& verb) const;

 private:
  const GameProfile& profile_;
};

}  // namespace cardc
