// The wording checks on the meaning tree (check_meaning.h), one function per rule.
#include "wording/check_meaning.h"

#include <algorithm>
#include <vector>

#include "wording/render.h"
#include "wording_tokens.h"

namespace cardc::wording {

namespace {

using namespace meaning;

class Checker {
 public:
  Checker(const GameProfile& p, DiagnosticEngine& diags, const std::function<std::string(SourceRange)>& text)
      : p_(p), diags_(diags), text_(text) {}

  void unit(const Unit& u) {
    for (const Effect& e : u.costs) effect(e);
    for (const Step& s : u.body) {
      if (const auto* e = std::get_if<Effect>(&s)) effect(*e);
      else if (const auto* k = std::get_if<Conditional>(&s))
        for (const Effect& e : k->effects) effect(e);
      else if (const auto* d = std::get_if<Delayed>(&s))
        for (const Effect& e : d->effects) effect(e);
      else if (const auto* o = std::get_if<InOrderTo>(&s)) {
        for (const Effect& e : o->done) effect(e);
        for (const Effect& e : o->then) effect(e);
      } else if (const auto* m = std::get_if<StatModifier>(&s)) {
        lose_negative(*m);
      } else if (const auto* c = std::get_if<Choice>(&s)) {
        for (const Effect& e : c->options) effect(e);
      } else if (const auto* k = std::get_if<Constructor>(&s)) {
        for (const Effect& e : k->options) effect(e);
        repeated_options(u, *k);
      } else if (const auto* k = std::get_if<ChooseCards>(&s)) {
        negative_choice(*k);
      }
    }
  }

 private:
  void effect(const Effect& e) { ignoring(e); }

  // 004 Resist: damage may be dealt "ignoring Resist"; no other stat is ever ignored ("ignoring Luck" is no synonym)
  void ignoring(const Effect& e) {
    if (e.ignoring < 0 || p_.stats[static_cast<size_t>(e.ignoring)].role == "resist") return;
    std::string resist;
    for (const StatDef& s : p_.stats)
      if (s.role == "resist") resist = s.name;
    diags_.report(DiagId::IgnoringNotResist, e.ignoring_range, p_.stats[static_cast<size_t>(e.ignoring)].name,
                  resist.empty() ? std::string("nothing") : resist);
  }

  // 002 524.2: "Choose one or more" builds a chain of distinct abilities, so two options that mean the same are one
  // ability printed twice. Compared by meaning: each option's canonical rendering (render.h), a function of its node
  // alone, so "Draw a card" and "draw one card" repeat. 524.1: "choose N times from" allows repeats (not reported).
  void repeated_options(const Unit& u, const Constructor& k) {
    if (k.times) return;
    std::vector<std::vector<WordToken>> meant;
    for (size_t i = 0; i < k.options.size(); ++i) {
      Unit one;  // the option alone, with the unit's targets its words may declare
      one.targets = u.targets;
      one.performer = u.performer;
      one.body.push_back(k.options[i]);
      meant.push_back(render(one, p_));
      for (size_t j = 0; j < i; ++j) {
        if (!same_meaning(meant[j], meant[i])) continue;
        diags_.report(DiagId::ConstructorRepeatedOption, k.options[i].range, text_(k.options[i].range), text_(k.options[j].range))
            .note(k.options[j].range, "the same option is here");
        break;
      }
    }
  }
  static bool same_meaning(const std::vector<WordToken>& a, const std::vector<WordToken>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const WordToken& x, const WordToken& y) {
      return x.type == y.type && x.id == y.id && x.value == y.value && x.uses_x == y.uses_x && x.plural == y.plural &&
             (x.type != static_cast<int>(Token::NAME) || x.text == y.text);
    });
  }

  // 000 7.2: only positive numbers and zero exist; a negative number cannot be chosen ("Choose -2 beasts")
  void negative_choice(const ChooseCards& k) {
    if (!k.count || k.count->kind != Amount::Kind::Constant || k.count->value >= 0) return;
    const SourceRange said{k.range.file, k.range.begin, k.count->range.end};
    diags_.report(DiagId::NegativeChoice, said, text_(said));
  }

  // 003 Stats: "lose -1F" is a loss, the same as "suffer -1F", not a double-negative gain: a lint on every form that
  // loses ("He loses -1F", "This Personality loses -1F"), the imperative "Lose -1F" included where it is read
  void lose_negative(const StatModifier& m) {
    if (!m.loss || *m.loss != Primitive::lose_) return;
    for (const StatChange& ch : m.changes) {
      if (ch.delta.kind != Amount::Kind::Constant || ch.delta.value >= 0) continue;
      const std::string change = text_(ch.delta.range);
      diags_.report(DiagId::LoseNegative, SourceRange::join(m.loss_range, ch.delta.range), text_(m.loss_range) + " " + change, change);
    }
  }

  const GameProfile& p_;
  DiagnosticEngine& diags_;
  const std::function<std::string(SourceRange)>& text_;
};

}  // namespace

void check_meaning(const Unit& u, const GameProfile& p, DiagnosticEngine& diags, const std::function<std::string(SourceRange)>& text) {
  Checker(p, diags, text).unit(u);
}

}  // namespace cardc::wording
