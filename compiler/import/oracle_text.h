#pragma once
// The Oracle of the Void's HTML card text, turned into cardc card text (docs/language.md) mechanically: markup and
// icons change form, the rules wording never does. No I/O; every function is pure.
//
//   <b>Battle, :bow::</b> Bow a target Follower.  ->  **Battle:** Bow this card: Bow a target Follower.
//   :bow:: Produce 2 Gold.                         ->  Bow this card: Produce 2 Gold.
//   <b>Open, :bow:, :g2::</b> Draw a card.         ->  **Open:** Bow this card. Pay 2 Gold: Draw a card.
//   <i>(Reminder.)</i>                             ->  (Reminder.)
//   &#149; &amp; &quot;                            ->  • & "
#include <string>
#include <string_view>
#include <vector>

namespace cardc::import {

// HTML character references: named (&amp; &quot; &nbsp; ...), decimal and hexadecimal. Code points 128-159 are
// read as Windows-1252 (&#149; is a bullet), as browsers do; unknown names are kept as written.
std::string decode_entities(std::string_view html);

// Plain text of a fragment: tags removed, references decoded, white space runs collapsed to one space, trimmed.
std::string plain_text(std::string_view html);

struct TextConversion {
  std::vector<std::string> paragraphs;  // one line each, in input order
  std::string problem;                  // non-empty: the text cannot be written in the language (why)
};

// Card text: paragraphs split at <br>; bold and italics kept as **...** and _..._ (reminder text in <i>(...)</i>
// keeps only its parentheses); the icons of an ability's head become its costs (:bow: "Bow this card", :gN:
// "Pay N Gold", :gstar: and :g*: "Pay X Gold"); gold icons elsewhere read "N Gold".
TextConversion convert_text(std::string_view html);

// Flavor text: tags removed, references decoded, <br> joined with a space. `problem` says why it cannot be written.
std::string convert_flavor(std::string_view html, std::string& problem);

// A name (keyword, card type) as the grammar's nameWords can hold it: words, '-' and '/'; with
// `numbers_after_first_word`, as its keywordName can ("Experienced 2", "Commander of the 9th Legion"). Returns why
// not, or "".
std::string name_words_problem(std::string_view name, bool numbers_after_first_word = false);

// Text that was UTF-8, read as Latin-1 and encoded again ("Shōjō" exported with U+00C5 U+008D for each "ō"): its
// code points taken back as bytes, when they hold a C1 control character (which no printed card has) and the bytes
// are valid UTF-8; any other text unchanged.
std::string undo_double_encoding(std::string text);

// A quoted title or set name: anything but quotes, '#', and control characters. Returns why not, or "".
std::string quoted_problem(std::string_view text);

}  // namespace cardc::import
