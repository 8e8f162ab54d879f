// The binder (see binder.h). One CardBinder per card; one function per ability part (condition, targeting,
// cost, effect, continuous), plus filters and amounts the runtime calls back. Clauses are bound by what the
// semantic passes recorded: the verb's primitive, resolved references, targets, durations.
#include "bind/binder.h"

#include <algorithm>
#include <optional>

#include "bind/runtime_profile.h"
#include "cardrt/cardrt.h"
#include "sema/clause_reader.h"
#include "sema/lexicon.h"
#include "sema/unit_walk.h"

namespace cardc {

namespace {

using namespace ir;

Node G() { return param(0); }
Node C() { return param(1); }
Node and_(Node a, Node b) { return binary(Op::And, std::move(a), std::move(b)); }
Node not_(Node a) {
  Node n{Op::Not, 0, {}, {}, {}};
  n.kids.push_back(std::move(a));
  return n;
}
Node self() { return call("cardrt_ctx_source", {G(), C()}); }
Node controller() { return call("cardrt_ctx_controller", {G(), C()}); }
Node fail_if(Node cond) { return if_(std::move(cond), block({ret(konst(CARDRT_FAILED))})); }

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string ident(const std::string& s) {
  std::string out;
  for (char c : s) out += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return out.empty() ? std::string("card") : out;
}

// The code generator and the interpreter see one function's statements and locals.
struct Body {
  std::vector<Node> stmts;
  uint32_t locals = 0;
  uint32_t local() { return locals++; }
};

struct Failure {
  SourceRange where;
  std::string why;
};

class CardBinder {
 public:
  CardBinder(const CheckContext& ctx, Module& m, const CardReading& r, size_t index)
      : ctx_(ctx), p_(ctx.profile), lex_(ctx.profile), m_(m), r_(r),
        prefix_("c" + std::to_string(index) + "_" + ident(r.card->title).substr(0, 24)) {}

  // Appends the card's registration to `reg`; false when some part cannot be compiled (reported).
  bool bind(Body& reg) {
    const ast::Card& card = *r_.card;
    const CardTypeDef* type = p_.card_type(card.type);
    if (!type) return fail({card.type_range, "its card type is unknown"});
    Body out;
    uint32_t def = reg.local();
    out.stmts.push_back(let(def, call("cardrt_def_card", {param(0), str(card.title), str(card.type)})));
    out.stmts.push_back(if_(binary(Op::Lt, local(def), konst(0)), block({ret(local(def))})));
    for (const ast::StatEntry& s : card.stats) {
      auto idx = p_.stat(s.name);
      if (!idx) continue;
      int32_t kind = CARDRT_BASE_VALUE;
      int64_t value = s.value.value;
      switch (s.value.kind) {
        case ast::StatValueKind::Number:
        case ast::StatValueKind::NumberAsterisk:
        case ast::StatValueKind::Signed: break;
        case ast::StatValueKind::X: kind = CARDRT_BASE_X; value = 0; break;
        case ast::StatValueKind::Variable: kind = CARDRT_BASE_ASTERISK; value = 0; break;
        case ast::StatValueKind::Absent: kind = p_.stats[*idx].dash_is_lowest ? CARDRT_BASE_DASH : CARDRT_BASE_ABSENT; value = 0; break;
      }
      out.stmts.push_back(checked(call("cardrt_def_stat", {param(0), local(def), str(p_.stats[*idx].name), konst(kind), konst(value)}), reg));
    }
    for (const ast::KeywordEntry& k : card.keywords)
      out.stmts.push_back(checked(call("cardrt_def_keyword", {param(0), local(def), str(k.text)}), reg));
    bool ok = true;
    size_t n = 0;
    for (const TextUnit& u : r_.units) {
      unit_ = &u;
      unit_prefix_ = prefix_ + "_u" + std::to_string(n++);
      if (!unit(u, def, reg, out)) ok = false;
    }
    if (!ok) return false;
    for (auto& s : out.stmts) reg.stmts.push_back(std::move(s));
    return true;
  }

 private:
  // `if (r < 0) return r` around a registration call.
  Node checked(Node c, Body& reg) {
    uint32_t t = reg.local();
    return block({let(t, std::move(c)), if_(binary(Op::Lt, local(t), konst(0)), block({ret(local(t))}))});
  }

  bool fail(Failure f) {
    std::string text(ctx_.sources.text(f.where));
    if (text.size() > 70) text = text.substr(0, 67) + "...";
    ctx_.diags.report(DiagId::EffectNotCompiled, f.where, text, f.why);
    return false;
  }

  int add_function(const std::string& suffix, FnKind kind, Body body, SourceRange origin) {
    Function f;
    f.name = unit_prefix_ + "_" + suffix + std::to_string(m_.functions.size());
    f.kind = kind;
    f.locals = body.locals;
    f.body = block(std::move(body.stmts));
    f.origin = origin;
    m_.functions.push_back(std::move(f));
    return static_cast<int>(m_.functions.size() - 1);
  }

  // ---------------------------------------------------------------- units

  bool unit(const TextUnit& u, uint32_t def, Body& reg, Body& out) {
    if (!u.embedded.empty()) return fail({u.range, "granting embedded text is not compiled yet"});
    int32_t kind = CARDRT_AB_ACTION;
    int32_t designators = 0;
    uint32_t flags = 0;
    std::string trigger;
    Body cond, target, cost, effect;
    bool has_cond = false;
    const Clause* trig = nullptr;
    for (const Clause& c : u.constraints)
      if (c.role == ClauseRole::Trigger) trig = &c;

    switch (u.kind) {
      case UnitKind::Ability: {
        bool reaction = false;
        for (const auto& d : u.designators) {
          const NamedDef* nd = p_.designator(d);
          reaction = reaction || (nd && (nd->attrs.count("reaction") || nd->attrs.count("interrupt")));
          std::string l = lower(d);
          designators |= l == "limited" ? CARDRT_DESIG_LIMITED : l == "open" ? CARDRT_DESIG_OPEN
                         : l == "battle" ? CARDRT_DESIG_BATTLE : l == "reaction" ? CARDRT_DESIG_REACTION : 0;
        }
        kind = reaction ? CARDRT_AB_REACTION : CARDRT_AB_ACTION;
        for (const auto& k : u.keywords)
          if (const KeywordDef* kd = p_.keyword(k); kd && kd->rule == "tactical") flags |= CARDRT_ABF_TACTICAL;
        break;
      }
      case UnitKind::TriggeredTrait: kind = CARDRT_AB_TRIGGERED; break;
      case UnitKind::ShorthandTrait: kind = CARDRT_AB_TRIGGERED; break;
      case UnitKind::GoldTrait: kind = CARDRT_AB_ACTION; flags |= CARDRT_ABF_OPTIONAL | CARDRT_ABF_UNLIMITED; break;
      case UnitKind::ContinuousTrait: kind = CARDRT_AB_CONTINUOUS; break;
    }
    const CardTypeDef* card_type = p_.card_type(r_.card->type);
    // An action card's (Spell's, Strategy's) own sentences are what it does when played, not continuous traits.
    // So is an untriggered trait with costs or a constructor ("Choose one or more: ...").
    if (card_type && card_type->action && (kind == CARDRT_AB_CONTINUOUS || kind == CARDRT_AB_TRIGGERED) && !trig &&
        u.kind != UnitKind::ShorthandTrait &&
        std::all_of(u.effects.begin(), u.effects.end(), [](const Clause& c) { return c.form == ClauseForm::Imperative; }))
      kind = CARDRT_AB_ACTION;
    if (u.once_per_turn_before_colon) flags |= CARDRT_ABF_ONCE_PER_TURN_TRIGGER;
    if (card_type && card_type->action) flags |= CARDRT_ABF_PLAYED_FROM_HAND;

    // Triggers: the event, and a condition on who or what it happened to.
    replacing_ = false;
    created_range_ = {};
    chosen_ = 0;
    roll_local_.reset();
    if (u.kind == UnitKind::ShorthandTrait) {
      // 003 Traits: "Lose 3 Honor" is "After this card enters play: Lose 3 Honor".
      trigger = signal_event("enter play");
      if (trigger.empty()) return fail({u.range, "the profile has no event with signal 'enter play' for this shorthand"});
      cond.stmts.push_back(ret(binary(Op::Eq, call("cardrt_ctx_event", {G(), C(), konst(CARDRT_EVF_CARD)}), self())));
      has_cond = true;
    }
    if (trig) {
      std::optional<Node> who;
      if (!trigger_of(*trig, trigger, kind, who)) return false;
      if (who) {
        cond.stmts.push_back(ret(std::move(*who)));
        has_cond = true;
      }
    }
    // 002 rule 525: "If you would gain a prayer token, gain 1 more prayer token instead."
    if (u.kind == UnitKind::ContinuousTrait && u.effects.size() == 1 && !u.effects[0].conditions.empty()) {
      std::string cond_text = lower(std::string(ctx_.sources.text(u.effects[0].conditions.front())));
      if (cond_text.rfind("if ", 0) == 0 && cond_text.find(" would ") != std::string::npos)
        return replacement(u, u.effects[0], def, reg, out);
    }
    // Constraints: conditions, targeting, costs (003 Abilities).
    for (const Clause& c : u.constraints) {
      switch (c.role) {
        case ClauseRole::Trigger: break;
        case ClauseRole::Condition: {
          std::string t = lower(std::string(ctx_.sources.text(c.range)));
          if (t.rfind("even if", 0) == 0 && t.find("bowed") != std::string::npos) flags |= CARDRT_ABF_EVEN_IF_BOWED;
          else if (t.rfind("once per turn", 0) == 0) flags |= CARDRT_ABF_ONCE_PER_TURN_TRIGGER;
          else return fail({c.range, "this condition is not compiled yet"});
          break;
        }
        case ClauseRole::Targeting:
          if (!targeting_clause(c, target, true)) return false;
          break;
        case ClauseRole::Cost:
          if (primitive_of(p_, c) == "roll") {
            roll_ = &c;  // 004: "Roll for Luck: if successful, ..." rolls as the effect begins
            break;
          }
          if (!cost_clause(c, cost)) return false;
          break;
        case ClauseRole::Effect:
          // The ability constructor's chooser: "choose 2 times from" (002 rule 524).
          if (!constructor_(u, c, effect, flags)) return false;
          break;
        case ClauseRole::Option: break;
      }
    }
    // Effects.
    if (!constructor_used_) {
      if (roll_ && !roll_effects(u, effect)) return false;
      if (!roll_)
        for (const Clause& c : u.effects)
          if (!effect_clause(c, effect, kind == CARDRT_AB_CONTINUOUS)) return false;
    }
    roll_ = nullptr;
    effect.stmts.push_back(ret(konst(CARDRT_OK)));

    // Registration.
    uint32_t ab = reg.local();
    out.stmts.push_back(let(ab, call("cardrt_def_ability", {param(0), local(def), konst(kind), konst(designators), str(trigger),
                                                            konst(static_cast<int64_t>(flags))})));
    out.stmts.push_back(if_(binary(Op::Lt, local(ab), konst(0)), block({ret(local(ab))})));
    auto slot_fn = [&](int32_t slot, const std::string& name, Body b) {
      if (slot != CARDRT_FN_CONDITION) b.stmts.push_back(ret(konst(CARDRT_OK)));
      int f = add_function(name, FnKind::Effect, std::move(b), u.range);
      out.stmts.push_back(checked(call("cardrt_def_ability_fn", {param(0), local(def), local(ab), konst(slot), fn_ref(f)}), reg));
    };
    if (has_cond) slot_fn(CARDRT_FN_CONDITION, "condition", std::move(cond));
    if (!target.stmts.empty()) slot_fn(CARDRT_FN_TARGET, "target", std::move(target));
    if (!cost.stmts.empty()) slot_fn(CARDRT_FN_COST, "cost", std::move(cost));
    effect.stmts.pop_back();  // slot_fn adds the final return
    slot_fn(kind == CARDRT_AB_CONTINUOUS ? CARDRT_FN_CONTINUOUS : CARDRT_FN_EFFECT,
            kind == CARDRT_AB_CONTINUOUS ? "continuous" : "effect", std::move(effect));
    for (int mode : modes_)
      out.stmts.push_back(checked(call("cardrt_def_mode", {param(0), local(def), local(ab), konst(0), fn_ref(mode)}), reg));
    modes_.clear();
    constructor_used_ = false;
    return true;
  }

  std::string signal_event(std::string_view signal) const {
    for (size_t i = 0; i < p_.events.size(); ++i)
      if (p_.events[i].signal == signal) return runtime_event(static_cast<int>(i));
    return {};
  }

  // The runtime name of a profile event: its built-in signal (spaces as underscores), else the event itself.
  std::string runtime_event(int event) const {
    const PhraseDef& e = p_.events[static_cast<size_t>(event)];
    if (e.signal.empty()) return e.text;
    std::string s = e.signal;
    std::replace(s.begin(), s.end(), ' ', '_');
    return s;
  }

  bool trigger_of(const Clause& c, std::string& trigger, int32_t& kind, std::optional<Node>& who) {
    if (c.event < 0) return fail({c.range, "its event is unknown"});
    const PhraseDef& e = p_.events[static_cast<size_t>(c.event)];
    const auto& t = c.all_terms;
    std::string first = t.empty() ? "" : lower_word(*t[0]);
    trigger = runtime_event(c.event);
    if (first == "before") {
      // "Before this card is destroyed: Negate the destruction." is a replacement of the destruction (002 525).
      if (e.signal == "destroyed") {
        trigger = "would_be_destroyed";
        kind = CARDRT_AB_REPLACEMENT;
      } else if (e.signal == "damaged") {
        trigger = "would_be_damaged";
        kind = CARDRT_AB_REPLACEMENT;
        replacing_ = true;
      } else if (e.signal == "turn end") {
        // "Before your turn ends": the runtime signals the turn's end before anything of it ends.
      } else if (!e.signal.empty()) {
        return fail({c.range, "a trigger before '" + e.text + "' is not compiled yet"});
      }
    }
    // Who the event happened to: the words between the timing word and the event phrase.
    size_t start = 1, end = t.size();
    for (size_t i = 0; i < t.size(); ++i)
      if (lower_word(*t[i]) == e.words.front()) {
        end = i;
        break;
      }
    if (start < t.size() && (lower_word(*t[start]) == "once" || lower_word(*t[start]) == "per")) return true;
    std::vector<const ast::Term*> subject(t.begin() + static_cast<long>(std::min(start, end)), t.begin() + static_cast<long>(end));
    if (subject.empty() || e.attr == "turn" || e.attr == "battle" || e.attr == "duel") {
      for (const auto* w : subject)
        if (lower_word(*w) == "your")
          who = binary(Op::Eq, call("cardrt_ctx_event", {G(), C(), konst(CARDRT_EVF_PLAYER)}), controller());
      return true;
    }
    Node card = call("cardrt_ctx_event", {G(), C(), konst(CARDRT_EVF_CARD)});
    if (lower_word(*subject[0]) == "this") {
      who = binary(Op::Eq, std::move(card), self());
      return true;
    }
    std::optional<Node> test;
    std::string why;
    if (!noun_filter(subject, 0, subject.size(), call("cardrt_ctx_event", {G(), C(), konst(CARDRT_EVF_CARD)}), test, why))
      return fail({c.range, why});
    who = std::move(test);
    return true;
  }

  // ---------------------------------------------------------------- noun phrases

  // A test over `card` for a noun phrase such as "an opposing Samurai Personality you control with 2 Chi or less".
  bool noun_filter(const std::vector<const ast::Term*>& t, size_t from, size_t to, Node card, std::optional<Node>& out,
                   std::string& why) {
    std::vector<Node> tests;
    bool noun = false;
    auto add = [&](Node n) { tests.push_back(std::move(n)); };
    // "a Daimyo, Duelist, or Kensai Personality", "a Personality or Follower": alternatives of one kind (keywords
    // or card types) joined by "or" are one test. `last_kind` is the kind of the previous word's test.
    enum class Kind { none, keyword, type };
    Kind last_kind = Kind::none, pending = Kind::none;
    bool saw_keyword = false;
    auto has_or_after = [&](size_t k) {
      for (size_t j = k; j < to; ++j)
        if (lower_word(*t[j]) == "or") return true;
      return false;
    };
    auto add_kind = [&](Kind k, Node n) {
      if (pending != Kind::none) {
        if (pending != k || tests.empty()) return false;
        Node prev = std::move(tests.back());
        tests.back() = binary(Op::Or, std::move(prev), std::move(n));
      } else {
        add(std::move(n));
      }
      pending = Kind::none;
      last_kind = k;
      return true;
    };
    auto owner = [&]() { return call("cardrt_card_controller", {G(), card}); };
    for (size_t i = from; i < to; ++i) {
      const ast::Term& term = *t[i];
      std::string w = lower_word(term);
      if ((term.kind == ast::TermKind::Comma || w == "or") && last_kind != Kind::none && (w == "or" || has_or_after(i))) {
        pending = last_kind;
        last_kind = Kind::none;
        continue;
      }
      if (w == "or" && pending != Kind::none) continue;  // "Daimyo, Duelist, or Kensai"
      if (term.kind != ast::TermKind::Comma) last_kind = Kind::none;
      if (term.kind == ast::TermKind::Comma) continue;
      if (w == "a" || w == "an" || w == "one" || w == "of" || w == "target" || w == "the" || w == "any" ||
          w == "each" || w == "in" || w == "play")
        continue;
      if (w == "your" || ((w == "you") && i + 1 < to && (lower_word(*t[i + 1]) == "control" || lower_word(*t[i + 1]) == "rule"))) {
        add(binary(Op::Eq, owner(), controller()));
        if (w == "you") ++i;
        continue;
      }
      if (w == "opposing" || w == "another" || w == "enemy") {
        if (w == "another" && i + 1 < to && lower_word(*t[i + 1]) != "player's" && lower_word(*t[i + 1]) != "ruler" &&
            lower_word(*t[i + 1]) != "player’s") {
          add(binary(Op::Ne, card, self()));  // "another unit": not this card
          continue;
        }
        add(binary(Op::Ne, owner(), controller()));
        if (i + 1 < to && (lower_word(*t[i + 1]) == "player's" || lower_word(*t[i + 1]) == "player’s")) ++i;
        if (i + 2 < to && lower_word(*t[i + 1]) == "ruler" && lower_word(*t[i + 2]) == "rules") i += 2;
        continue;
      }
      if (w == "bowed" || w == "unbowed") {
        Node bowed = call("cardrt_card_state", {G(), card, konst(CARDRT_STATE_BOWED)});
        add(w == "bowed" ? std::move(bowed) : not_(std::move(bowed)));
        continue;
      }
      if (w == "non-unique") {
        add(not_(call("cardrt_card_has_keyword", {G(), card, call("cardrt_keyword_id", {G(), str("Unique")})})));
        continue;
      }
      if (w == "at" && i + 2 < to && lower_word(*t[i + 1]) == "this" && lower_word(*t[i + 2]) == "battlefield") {
        add(binary(Op::Eq, call("cardrt_card_battlefield", {G(), card}), call("cardrt_current_battlefield", {G()})));
        i += 2;
        continue;
      }
      if (w == "with" && i + 3 < to) {
        // "with 2 Chi or less", "with X Force or less"
        const ast::Term& n = *t[i + 1];
        size_t len = 0;
        int stat = lex_.stat_at(std::span(t).subspan(i + 2), len);
        size_t after = i + 2 + len;
        if ((n.kind == ast::TermKind::Number || n.kind == ast::TermKind::X) && stat >= 0 && after + 1 < to + 1 &&
            after + 1 <= t.size() && after < t.size() && lower_word(*t[after]) == "or") {
          std::string more = after + 1 < t.size() ? lower_word(*t[after + 1]) : "";
          Node v = n.kind == ast::TermKind::X ? call("cardrt_ctx_x", {G(), C()}) : konst(n.value);
          Node s = call("cardrt_stat_get", {G(), card, konst(stat)});
          if (more == "less" || more == "fewer") add(binary(Op::Le, std::move(s), std::move(v)));
          else if (more == "more" || more == "greater") add(binary(Op::Ge, std::move(s), std::move(v)));
          else break;
          i = after + 1;
          continue;
        }
        why = "the restriction '" + words_text(t, i, std::min(to, i + 5)) + "' is not compiled yet";
        return false;
      }
      bool plural = false;
      if (int ct = lex_.card_type(term.text, &plural); ct >= 0) {
        // "Samurai Personality or Follower" is ambiguous: fail closed rather than guess the grouping
        if (pending == Kind::type && saw_keyword) break;
        if (!add_kind(Kind::type, binary(Op::Eq, call("cardrt_card_type", {G(), card}), konst(ct)))) break;
        noun = true;
        continue;
      }
      size_t len = 0;
      if (int kw = lex_.keyword_at(std::span(t).subspan(i), len); kw >= 0 && i + len <= to) {
        if (!add_kind(Kind::keyword, call("cardrt_card_has_keyword", {G(), card, konst(kw)}))) break;
        saw_keyword = true;
        noun = true;
        i += len - 1;
        continue;
      }
      if (w == "card" || w == "cards" || w == "unit" || w == "units") {
        noun = true;
        continue;
      }
      if (w == "other" || w == "another") {
        add(binary(Op::Ne, card, self()));
        continue;
      }
      why = "the word '" + term.text + "' in '" + words_text(t, from, to) + "' is not compiled yet";
      return false;
    }
    if (pending != Kind::none) {
      why = "the alternatives in '" + words_text(t, from, to) + "' are not compiled yet";
      return false;
    }
    if (!noun) {
      why = "'" + words_text(t, from, to) + "' names no card type or keyword";
      return false;
    }
    Node all = call("cardrt_card_in_play", {G(), card});
    for (auto& n : tests) all = and_(std::move(all), std::move(n));
    out = std::move(all);
    return true;
  }

  // A card the clause names at terms[i]: this card, its bearer, a target, a pronoun's antecedent, the event's card.
  std::optional<Node> card_at(const Clause& c, size_t i, size_t& end, std::string& why) {
    const auto& t = c.terms;
    if (i >= t.size()) {
      why = "it names no card";
      return std::nullopt;
    }
    // "a target Personality", "your target Follower" (the target's filter reads "your")
    if (i + 1 < t.size() && lower_word(*t[i + 1]) == "target") {
      std::string d = lower_word(*t[i]);
      if (d == "a" || d == "an" || d == "your") ++i;
    }
    std::string w = lower_word(*t[i]);
    const TextUnit& u = *unit_;
    auto ref_at = [&](const ast::Term* term) -> const Reference* {
      for (const Reference& r : u.references)
        if (r.range.begin == term->range.begin) return &r;
      return nullptr;
    };
    auto skip_to = [&](SourceRange r) {
      end = i;
      while (end < t.size() && t[end]->range.begin < r.end) ++end;
    };
    if (w == "target") {
      for (size_t k = 0; k < u.targets.size(); ++k)
        if (u.targets[k].range.begin == t[i]->range.begin) {
          skip_to(u.targets[k].range);
          return slot(static_cast<int>(k));
        }
    }
    if (w == "the" && i + 1 < t.size() && lower_word(*t[i + 1]) == "target") {
      const Reference* r = ref_at(t[i]);
      if (r) {
        skip_to(r->range);
        return from_antecedent(r->antecedent, why);
      }
    }
    // "When this unit attacks: Inflict Burn on the attacked unit": the other party of the trigger's attack.
    if (w == "the" && i + 2 < t.size()) {
      std::string part = lower_word(*t[i + 1]);
      const Clause* trig = nullptr;
      for (const Clause& k : u.constraints)
        if (k.role == ClauseRole::Trigger) trig = &k;
      if ((part == "attacked" || part == "attacking") && trig && trig->event >= 0 &&
          lower(p_.events[static_cast<size_t>(trig->event)].text).find("attack") != std::string::npos &&
          (lex_.card_type(t[i + 2]->text) >= 0 || lower_word(*t[i + 2]).rfind("unit", 0) == 0)) {
        // "attacks": the event's card attacks the other; "is attacked": the other attacks the event's card.
        bool passive = lower(p_.events[static_cast<size_t>(trig->event)].text).find("attacked") != std::string::npos;
        end = i + 3;
        return call("cardrt_ctx_event", {G(), C(), konst((part == "attacked") != passive ? CARDRT_EVF_OTHER : CARDRT_EVF_CARD)});
      }
    }
    if (const Reference* r = ref_at(t[i])) {
      skip_to(r->range);
      switch (r->kind) {
        case RefKind::ThisCard: return self();
        case RefKind::ThisContext:
          // 001 This: "this unit" is the card's unit: a card that is a unit itself, or the one it is attached to.
          if (lower_word(*t[i]) == "this" && i + 1 < t.size() && lower_word(*t[i + 1]).rfind("unit", 0) == 0) {
            const CardTypeDef* ct = p_.card_type(r_.card->type);
            if (ct && ct->enters_play && !ct->action) return ct->attaches ? call("cardrt_card_attached_to", {G(), self()}) : self();
          }
          break;
        case RefKind::ThisBearer:
        case RefKind::ThisKeyword: return call("cardrt_card_attached_to", {G(), self()});
        case RefKind::Pronoun:
        case RefKind::That:
        case RefKind::TheTarget: return from_antecedent(r->antecedent, why);
        default: break;
      }
    }
    why = "'" + words_text(t, i, std::min(t.size(), i + 4)) + "' is not a card cardc can find at runtime yet";
    return std::nullopt;
  }

  Node slot(int k) { return call("cardrt_slot_get", {G(), C(), konst(k), konst(0)}); }

  std::optional<Node> from_antecedent(SourceRange a, std::string& why) {
    const TextUnit& u = *unit_;
    // "Create a ... Personality card. Permanently give him +2F": the card just created.
    if (created_range_.valid() && created_range_.begin <= a.begin && a.end <= created_range_.end) return local(last_created_);
    for (size_t k = 0; k < u.targets.size(); ++k)
      if (u.targets[k].range == a) return slot(static_cast<int>(k));
    for (const Reference& r : u.references)
      if (r.range == a) {
        if (r.kind == RefKind::ThisCard) return self();
        if (r.kind == RefKind::ThisBearer || r.kind == RefKind::ThisKeyword)
          return call("cardrt_card_attached_to", {G(), self()});
      }
    for (const Clause& c : u.constraints)
      if (c.role == ClauseRole::Trigger && c.range.begin <= a.begin && a.end <= c.range.end)
        return call("cardrt_ctx_event", {G(), C(), konst(CARDRT_EVF_CARD)});
    why = "'" + std::string(ctx_.sources.text(a)) + "' is not something cardc can find at runtime yet";
    return std::nullopt;
  }

  // A number at terms[i]: 3, X, "a"/"an" (one).
  std::optional<Node> amount_at(const Clause& c, size_t i) {
    if (i >= c.terms.size()) return std::nullopt;
    const ast::Term& t = *c.terms[i];
    if (t.kind == ast::TermKind::Number) return konst(t.value);
    if (t.kind == ast::TermKind::X) return call("cardrt_ctx_x", {G(), C()});
    std::string w = lower_word(t);
    if (w == "a" || w == "an" || w == "one") return konst(1);
    if (w == "two") return konst(2);
    if (w == "three") return konst(3);
    return std::nullopt;
  }

  // CARDRT_DUR_* for the clause's "until ..." phrase; `fallback` when it has none.
  int32_t duration(const Clause& c, int32_t fallback) {
    const auto& t = c.all_terms;
    for (size_t i = 0; i < t.size(); ++i) {
      if (lower_word(*t[i]) != "until") continue;
      size_t len = 0;
      int d = lex_.duration_at(std::span(t).subspan(i), len);
      if (d < 0) return -1;
      const std::string& at = p_.durations[static_cast<size_t>(d)].attr;
      if (at == "turn end") return CARDRT_DUR_END_OF_TURN;
      if (at == "battle end") return CARDRT_DUR_END_OF_BATTLE;
      if (at == "duel end") return CARDRT_DUR_END_OF_DUEL;
      if (at == "dawn") return CARDRT_DUR_DAWN;
      if (at == "your next turn end") return CARDRT_DUR_END_OF_YOUR_NEXT_TURN;
      if (at == "phase end") return CARDRT_DUR_END_OF_PHASE;
      return -1;
    }
    return fallback;
  }

  // ---------------------------------------------------------------- targeting

  bool targeting_clause(const Clause& c, Body& b, bool /*constraints*/) {
    const TextUnit& u = *unit_;
    for (size_t k = 0; k < u.targets.size(); ++k) {
      const Targeting& tg = u.targets[k];
      if (tg.range.begin < c.range.begin || tg.range.end > c.range.end) continue;
      if (!emit_target(c, k, b)) return false;
    }
    return true;
  }

  bool emit_target(const Clause& c, size_t k, Body& b) {
    const Targeting& tg = unit_->targets[k];
    // The noun phrase: from the word after "target" to the end of the clause's own words.
    const auto& t = c.all_terms;
    size_t i = 0;
    while (i < t.size() && t[i]->range.begin != tg.range.begin) ++i;
    size_t to = i + 1;
    while (to < t.size()) {
      std::string w = lower_word(*t[to]);
      bool stop = w == "to" || w == "and" || w == "until" || w == "ignoring" || w == "into" ||
                  t[to]->kind == ast::TermKind::Comma || t[to]->kind == ast::TermKind::Semicolon;
      // "a target Daimyo, Duelist, or Kensai Personality": a comma inside a list of alternatives
      if (t[to]->kind == ast::TermKind::Comma && to + 1 < t.size()) {
        size_t len = 0;
        std::string next = lower_word(*t[to + 1]);
        bool item = lex_.card_type(t[to + 1]->text) >= 0 || lex_.keyword_at(std::span(t).subspan(to + 1), len) >= 0;
        if (next == "or" || item) {
          for (size_t j = to + 1; j < t.size() && t[j]->kind != ast::TermKind::Semicolon; ++j) {
            if (lower_word(*t[j]) == "or") {
              stop = false;
              break;
            }
            if (t[j]->kind != ast::TermKind::Comma && lex_.card_type(t[j]->text) < 0 &&
                lex_.keyword_at(std::span(t).subspan(j), len) < 0)
              break;
          }
        }
      }
      // "a target Personality opposing him": after the noun, "opposing" names whom it opposes (the challenger).
      if (w == "opposing" && to > i + 1 && lex_.card_type(t[to - 1]->text) >= 0) stop = true;
      if (stop) break;
      ++to;
    }
    // A trailing "opposing him" is the challenge's opponent: the same restriction as "opposing".
    std::optional<Node> test;
    std::string why;
    Body filter;
    // "your target Personality": a target you control
    size_t from = i > 0 && lower_word(*t[i - 1]) == "your" ? i - 1 : i + 1;
    if (!noun_filter(t, from, to, param(2), test, why)) return fail({tg.range, why});
    filter.stmts.push_back(ret(std::move(*test)));
    int f = add_function("filter", FnKind::Filter, std::move(filter), tg.range);
    uint32_t flags = tg.face_up_restricted ? CARDRT_TGT_FACE_FEATURES : 0;
    b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_target_cards", {G(), C(), konst(static_cast<int64_t>(k)), fn_ref(f), konst(1), konst(1),
                                                                          konst(static_cast<int64_t>(flags))}),
                                     konst(CARDRT_OK))));
    return true;
  }

  // ---------------------------------------------------------------- costs (003 Abilities C)

  bool cost_clause(const Clause& c, Body& b) {
    // "Discard a card and target one of your Tactician Personalities": a cost and a targeting in one clause.
    for (size_t k = 0; k < unit_->targets.size(); ++k)
      if (unit_->targets[k].range.begin > c.range.begin && unit_->targets[k].range.end <= c.range.end) {
        if (!emit_target(c, k, targets_in_cost_)) return false;
      }
    if (!targets_in_cost_.stmts.empty()) {
      for (auto& s : targets_in_cost_.stmts) b.stmts.push_back(std::move(s));
      targets_in_cost_.stmts.clear();
    }
    std::string prim = primitive_of(p_, c);
    size_t v = after_verb(p_, c);
    std::string why;
    if (prim == "bow" || prim == "set_state") {
      size_t end = v;
      auto card = card_at(c, v, end, why);
      if (!card) return fail({c.range, why});
      if (prim == "bow") {
        b.stmts.push_back(fail_if(call("cardrt_card_state", {G(), *card, konst(CARDRT_STATE_BOWED)})));
        b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_bow", {G(), C(), *card}), konst(CARDRT_OK))));
      } else {
        int state = state_of_verb(c);
        if (state < 0) return fail({c.range, "its verb names no card state of the profile"});
        b.stmts.push_back(fail_if(call("cardrt_card_state", {G(), *card, konst(state)})));
        b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_set_card_state", {G(), C(), *card, konst(state), konst(1)}), konst(CARDRT_OK))));
      }
      return more_costs(c, end, b);
    }
    if (prim == "pay" || prim == "spend") {
      auto amount = amount_at(c, v);
      size_t len = 0;
      int res = v + 1 < c.terms.size() ? lex_.resource_at(std::span(c.terms).subspan(v + 1), len) : -1;
      if (!amount || res < 0) return fail({c.range, "it pays no amount of a resource"});
      Node who = controller();
      if (c.terms[v]->kind == ast::TermKind::X) {
        // 000 7.4a: X in a cost is chosen and announced when paying.
        uint32_t x = b.local();
        b.stmts.push_back(let(x, call("cardrt_x_announce", {G(), C(), call("cardrt_resource_get", {G(), controller(), konst(res)})})));
        amount = local(x);
      }
      b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_pay_resource", {G(), C(), std::move(who), konst(res), std::move(*amount)}), konst(CARDRT_OK))));
      return more_costs(c, v + 1 + len, b);
    }
    if (prim == "discard") {
      auto amount = amount_at(c, v);
      if (!amount) return fail({c.range, "it discards no number of cards"});
      uint32_t n = b.local();
      b.stmts.push_back(let(n, std::move(*amount)));
      b.stmts.push_back(fail_if(binary(Op::Lt, call("cardrt_discard_from_hand", {G(), C(), controller(), local(n)}), local(n))));
      size_t end = v + 1;
      while (end < c.terms.size() && lower_word(*c.terms[end]) != "and") ++end;
      return more_costs(c, end, b);
    }
    if (prim == "lose") {
      auto amount = amount_at(c, v);
      size_t len = 0;
      int res = v + 1 < c.terms.size() ? lex_.resource_at(std::span(c.terms).subspan(v + 1), len) : -1;
      if (!amount || res < 0) return fail({c.range, "it loses no amount of a resource"});
      b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_pay_resource", {G(), C(), controller(), konst(res), std::move(*amount)}), konst(CARDRT_OK))));
      return more_costs(c, v + 1 + len, b);
    }
    if (prim == "target") return true;  // emitted above
    std::string text = lower(std::string(ctx_.sources.text(c.range)));
    if (prim == "move" && text.find("top card of your deck") != std::string::npos) {
      // "Send the top card of your deck to the discard pile"
      b.stmts.push_back(fail_if(binary(Op::Lt, call("cardrt_mill", {G(), C(), controller(), konst(1)}), konst(1))));
      return true;
    }
    if (prim == "destroy" && v < c.terms.size() && (lower_word(*c.terms[v]) == "a" || lower_word(*c.terms[v]) == "an")) {
      // "Destroy a Shard you control": a choice, not a target (001 Target), fixed at once.
      std::optional<Node> test;
      if (!noun_filter(c.terms, v, c.terms.size(), param(2), test, why)) return fail({c.range, why});
      Body f;
      f.stmts.push_back(ret(std::move(*test)));
      int fn = add_function("filter", FnKind::Filter, std::move(f), c.range);
      int64_t slot_index = static_cast<int64_t>(unit_->targets.size() + chosen_++);
      b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_choose_cards", {G(), C(), konst(slot_index), fn_ref(fn), konst(1), konst(1), konst(0)}), konst(CARDRT_OK))));
      b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_destroy", {G(), C(), call("cardrt_slot_get", {G(), C(), konst(slot_index), konst(0)})}), konst(CARDRT_OK))));
      return true;
    }
    return fail({c.range, "this cost is not compiled yet"});
  }

  // "Exhaust this creature and pay X coins": the part after "and" is a cost of its own.
  bool more_costs(const Clause& c, size_t end, Body& b) {
    if (end >= c.terms.size()) return true;
    if (lower_word(*c.terms[end]) != "and" || end + 1 >= c.terms.size()) return true;
    size_t len = 0;
    int verb = ClauseReader(p_).verb_at(std::span(c.terms).subspan(end + 1), len);
    if (verb < 0) return fail({c.range, "the words after 'and' are not a cost cardc knows"});
    if (p_.verbs[static_cast<size_t>(verb)].primitive == "target") return true;
    Clause rest = c;
    rest.terms.assign(c.terms.begin() + static_cast<long>(end + 1), c.terms.end());
    rest.verb = verb;
    rest.optional = false;
    rest.range = SourceRange::join(rest.terms.front()->range, rest.terms.back()->range);
    return cost_clause(rest, b);
  }

  int state_of_verb(const Clause& c) {
    const VerbDef& v = p_.verbs[static_cast<size_t>(c.verb)];
    for (size_t s = 0; s < p_.states.size(); ++s) {
      auto it = p_.states[s].attrs.find("verb");
      if (it != p_.states[s].attrs.end() && it->second == v.name) return runtime_state_id(p_, s);
    }
    return -1;
  }
  int state_undone_by_verb(const Clause& c) {
    const VerbDef& v = p_.verbs[static_cast<size_t>(c.verb)];
    for (size_t s = 0; s < p_.states.size(); ++s) {
      auto it = p_.states[s].attrs.find("undo verb");
      if (it != p_.states[s].attrs.end() && it->second == v.name) return runtime_state_id(p_, s);
    }
    return -1;
  }

  // ---------------------------------------------------------------- effects

  bool roll_effects(const TextUnit& u, Body& b) {
    // 004: roll a D6 against this card's Luck; "if successful" effects happen on success.
    uint32_t r = b.local();
    b.stmts.push_back(let(r, call("cardrt_roll_luck", {G(), C(), self()})));
    Body yes, no;
    for (const Clause& c : u.effects) {
      std::string cond = c.conditions.empty() ? "" : lower(std::string(ctx_.sources.text(c.conditions.front())));
      bool fails = cond.find("fail") != std::string::npos || cond.find("unsuccessful") != std::string::npos;
      Clause main = c;
      main.conditions.clear();
      if (!effect_clause(main, fails ? no : yes, false)) return false;
    }
    yes.locals = no.locals = 0;
    b.stmts.push_back(if_(local(r), block(std::move(yes.stmts)), block(std::move(no.stmts))));
    return true;
  }

  bool constructor_(const TextUnit& u, const Clause& c, Body& b, uint32_t& flags) {
    if (primitive_of(p_, c) != "choose") return fail({c.range, "this is not compiled yet"});
    std::string text = lower(std::string(ctx_.sources.text(c.range)));
    int32_t kind = text.find("one or more") != std::string::npos ? CARDRT_CONSTRUCT_ONE_OR_MORE : CARDRT_CONSTRUCT_X_TIMES;
    Node count = konst(0);
    if (kind == CARDRT_CONSTRUCT_X_TIMES) {
      size_t v = after_verb(p_, c);
      auto n = amount_at(c, v);
      if (!n) return fail({c.range, "it says no number of times"});
      count = std::move(*n);
    }
    for (const Clause& opt : u.effects) {
      Body ob;
      if (!effect_clause(opt, ob, false)) return false;
      ob.stmts.push_back(ret(konst(CARDRT_OK)));
      modes_.push_back(add_function("option", FnKind::Effect, std::move(ob), opt.range));
    }
    // 002 rule 524: the player builds the chain from the options; it cannot be declared without a legal one.
    flags |= CARDRT_ABF_CONSTRUCTOR;
    b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_construct", {G(), C(), konst(kind), std::move(count)}), konst(CARDRT_OK))));
    constructor_used_ = true;
    return true;
  }

  bool replacement(const TextUnit& u, const Clause& c, uint32_t def, Body& reg, Body& out) {
    // "If you would gain a prayer token, gain 1 more prayer token instead." (002 rule 525)
    std::string prim = primitive_of(p_, c);
    size_t v = after_verb(p_, c);
    auto n = amount_at(c, v);
    size_t w = v + 1;
    while (w < c.terms.size() && (lower_word(*c.terms[w]) == "more" || lower_word(*c.terms[w]) == "additional")) ++w;
    size_t len = 0;
    int res = w < c.terms.size() ? lex_.resource_at(std::span(c.terms).subspan(w), len) : -1;
    if (prim != "gain" || !n || res < 0) return fail({c.range, "only 'gain N more <resource> instead' replacements are compiled yet"});
    Body cond, eff;
    cond.stmts.push_back(ret(and_(binary(Op::Eq, call("cardrt_ctx_event", {G(), C(), konst(CARDRT_EVF_WHAT)}), konst(res)),
                                 binary(Op::Eq, call("cardrt_ctx_event", {G(), C(), konst(CARDRT_EVF_PLAYER)}), controller()))));
    eff.stmts.push_back(eval(call("cardrt_pending_set_amount",
                                  {G(), C(), binary(Op::Add, call("cardrt_pending_amount", {G(), C()}), std::move(*n))})));
    eff.stmts.push_back(ret(konst(CARDRT_OK)));
    uint32_t ab = reg.local();
    out.stmts.push_back(let(ab, call("cardrt_def_ability", {param(0), local(def), konst(CARDRT_AB_REPLACEMENT), konst(0),
                                                            str("would_gain_resource"), konst(0)})));
    out.stmts.push_back(if_(binary(Op::Lt, local(ab), konst(0)), block({ret(local(ab))})));
    int cf = add_function("condition", FnKind::Effect, std::move(cond), u.range);
    int ef = add_function("effect", FnKind::Effect, std::move(eff), u.range);
    out.stmts.push_back(checked(call("cardrt_def_ability_fn", {param(0), local(def), local(ab), konst(CARDRT_FN_CONDITION), fn_ref(cf)}), reg));
    out.stmts.push_back(checked(call("cardrt_def_ability_fn", {param(0), local(def), local(ab), konst(CARDRT_FN_EFFECT), fn_ref(ef)}), reg));
    return true;
  }

  // Stat changes: "+2F", "ATK -3", "+2F and +2C" after position `from`; each gives (stat, delta or X).
  struct StatChange {
    int stat;
    Node delta;
  };
  bool stat_changes(const Clause& c, size_t from, std::vector<StatChange>& out) {
    const auto& t = c.terms;
    for (size_t i = from; i < t.size(); ++i) {
      if (t[i]->kind != ast::TermKind::Modifier) continue;
      int stat = -1;
      if (!t[i]->stat.empty()) stat = lex_.stat_abbrev(t[i]->stat);
      size_t len = 0;
      if (stat < 0 && i > 0) {
        for (size_t back = 1; back <= 2 && back <= i && stat < 0; ++back) {
          int s = lex_.stat_at(std::span(t).subspan(i - back), len);
          if (s >= 0 && len == back) stat = s;
        }
      }
      if (stat < 0 && i + 1 < t.size()) stat = lex_.stat_at(std::span(t).subspan(i + 1), len);
      if (stat < 0) return fail({t[i]->range, "it names no stat"});
      Node d = t[i]->uses_x ? call("cardrt_ctx_x", {G(), C()}) : konst(t[i]->value);
      if (t[i]->uses_x && t[i]->text[0] != '+') d = binary(Op::Sub, konst(0), std::move(d));
      out.push_back({stat, std::move(d)});
    }
    return true;
  }

  // A card-set phrase in a continuous trait ("Your Samurai Personalities"): a filter function over its words.
  std::optional<int> subject_filter(const Clause& c, size_t to) {
    std::optional<Node> test;
    std::string why;
    if (!noun_filter(c.terms, 0, to, param(2), test, why)) {
      fail({c.range, why});
      return std::nullopt;
    }
    Body f;
    f.stmts.push_back(ret(std::move(*test)));
    return add_function("filter", FnKind::Filter, std::move(f), c.range);
  }

  bool effect_clause(const Clause& c, Body& b, bool continuous) {
    // "Once per turn, you may draw a card": once per turn after the colon (003 Traits), then the optional effect.
    Body inner;
    bool once = false;
    std::optional<Node> guard;
    for (const auto& cond : c.conditions) {
      std::string t = lower(std::string(ctx_.sources.text(cond)));
      if (auto g = resource_condition(c, cond)) {
        guard = std::move(g);
        continue;
      }
      if (t.rfind("once per turn", 0) == 0) once = true;
      else if (c.delayed) continue;
      else if (t.rfind("until", 0) == 0) continue;  // a duration, read by duration()
      else return fail({c.range, "the condition '" + std::string(ctx_.sources.text(cond)) + "' is not compiled yet"});
    }
    Body& target = (once || c.optional || c.delayed || guard) ? inner : b;
    inner.locals = b.locals;
    if (!effect_body(c, target, continuous)) return false;
    if (&target == &b) return true;
    b.locals = inner.locals;
    if (c.delayed) {
      // 002 rule 521: a delayed effect waits for its moment; with no target it applies to its controller.
      Node boundary = konst(0);
      std::string t = lower(std::string(ctx_.sources.text(c.conditions.front())));
      int32_t bnd = t.find("turn begins") != std::string::npos ? CARDRT_BOUNDARY_TURN_START
                    : t.find("turn ends") != std::string::npos ? CARDRT_BOUNDARY_TURN_END
                    : t.find("battle resolves") != std::string::npos ? CARDRT_BOUNDARY_BATTLE_RESOLVED
                    : t.find("dawn") != std::string::npos ? CARDRT_BOUNDARY_DAWN
                                                          : -1;
      if (bnd < 0) return fail({c.range, "its moment is not compiled yet"});
      int turns = t.find("next") != std::string::npos ? 1 : 0;
      inner.stmts.push_back(ret(konst(CARDRT_OK)));
      int f = add_function("delayed", FnKind::Effect, std::move(inner), c.range);
      b.stmts.push_back(eval(call("cardrt_delay", {G(), C(), konst(bnd), konst(-1), konst(turns), fn_ref(f)})));
      return true;
    }
    Node go = guard ? std::move(*guard) : konst(1);
    if (once) go = and_(std::move(go), call("cardrt_once_per_turn", {G(), C(), konst(static_cast<int64_t>(c.range.begin))}));
    if (c.optional) go = and_(std::move(go), call("cardrt_choose_yes_no", {G(), C(), konst(0)}));
    b.stmts.push_back(if_(std::move(go), block(std::move(inner.stmts))));
    return true;
  }

  // "If you have 12 or more prayer tokens": a comparison of the controller's resource.
  std::optional<Node> resource_condition(const Clause& c, SourceRange cond) {
    std::vector<const ast::Term*> t;
    for (const auto* term : c.all_terms)
      if (term->range.begin >= cond.begin && term->range.end <= cond.end) t.push_back(term);
    std::string verb = t.size() > 2 ? lower_word(*t[2]) : "";
    if (t.size() < 7 || lower_word(*t[0]) != "if" || lower_word(*t[1]) != "you" ||
        (verb != "have" && verb != "control" && verb != "rule") || t[3]->kind != ast::TermKind::Number ||
        lower_word(*t[4]) != "or")
      return std::nullopt;
    std::string dir = lower_word(*t[5]);
    if (dir != "more" && dir != "fewer" && dir != "less") return std::nullopt;
    Op cmp = dir == "more" ? Op::Ge : Op::Le;
    size_t len = 0;
    int res = lex_.resource_at(std::span(t).subspan(6), len);
    if (res >= 0 && verb == "have")
      return binary(cmp, call("cardrt_resource_get", {G(), controller(), konst(res)}), konst(t[3]->value));
    // "If you rule 6 or more Structures": count the cards in play you control.
    std::optional<Node> test;
    std::string why;
    if (!noun_filter(t, 6, t.size(), param(2), test, why)) return std::nullopt;
    Body f;
    f.stmts.push_back(ret(and_(std::move(*test), binary(Op::Eq, call("cardrt_card_controller", {G(), param(2)}), controller()))));
    int fn = add_function("filter", FnKind::Filter, std::move(f), cond);
    return binary(cmp, call("cardrt_count_cards", {G(), C(), fn_ref(fn)}), konst(t[3]->value));
  }

  bool effect_body(const Clause& c, Body& b, bool continuous) {
    std::string prim = primitive_of(p_, c);
    size_t v = after_verb(p_, c);
    std::string why;
    int32_t dur_default = continuous ? CARDRT_DUR_CONTINUOUS : CARDRT_DUR_END_OF_TURN;
    if (c.form == ClauseForm::Declarative) return declarative(c, b, continuous);
    if (c.form != ClauseForm::Imperative) return fail({c.range, "it is not an effect"});
    if (prim == "target") return targeting_clause(c, b, false);
    if (prim == "gain" || prim == "lose" || prim == "produce") {
      auto amount = amount_at(c, v);
      size_t w = v + (amount ? 1 : 0);
      size_t len = 0;
      int res = w < c.terms.size() ? lex_.resource_at(std::span(c.terms).subspan(w), len) : -1;
      if (res < 0) return fail({c.range, "it names no resource of the profile"});
      if (!amount) {
        // "Gain Honor equal to his Personal Honor", "gain coins equal to the result" (of the roll before)
        size_t e = w + len;
        if (roll_local_ && e + 3 < c.terms.size() + 1 && e + 3 <= c.terms.size() && lower_word(*c.terms[e]) == "equal" &&
            lower_word(*c.terms[e + 2]) == "the" && e + 3 < c.terms.size() && lower_word(*c.terms[e + 3]) == "result")
          amount = local(*roll_local_);
      }
      if (!amount) {
        size_t e = w + len;
        if (e + 2 < c.terms.size() && lower_word(*c.terms[e]) == "equal" && lower_word(*c.terms[e + 1]) == "to") {
          size_t end = e + 2;
          auto card = card_at(c, e + 2, end, why);
          size_t slen = 0;
          int stat = end < c.terms.size() ? lex_.stat_at(std::span(c.terms).subspan(end), slen) : -1;
          if (!card || stat < 0) return fail({c.range, "its amount is not compiled yet"});
          amount = call("cardrt_stat_result", {G(), *card, konst(stat)});
        } else {
          return fail({c.range, "it gives no amount"});
        }
      }
      int32_t dur = duration(c, -2);
      if (dur == -1) return fail({c.range, "its duration is not compiled yet"});
      Node who = c.delayed ? call("cardrt_ctx_affected_player", {G(), C()}) : controller();
      if (dur >= 0) {
        b.stmts.push_back(eval(call(prim == "lose" ? "cardrt_lose_resource_temporary" : "cardrt_gain_resource_temporary",
                                    {G(), C(), std::move(who), konst(res), std::move(*amount), konst(dur)})));
      } else {
        b.stmts.push_back(eval(call(prim == "lose" ? "cardrt_lose_resource" : "cardrt_gain_resource",
                                    {G(), C(), std::move(who), konst(res), std::move(*amount)})));
      }
      return true;
    }
    if (prim == "draw" || prim == "discard") {
      auto amount = amount_at(c, v);
      if (!amount) return fail({c.range, "it says no number of cards"});
      Node who = c.delayed ? call("cardrt_ctx_affected_player", {G(), C()}) : controller();
      // 002 rule 520: as many as there are.
      b.stmts.push_back(eval(call(prim == "draw" ? "cardrt_draw" : "cardrt_discard_from_hand", {G(), C(), std::move(who), std::move(*amount)})));
      return true;
    }
    if (prim == "heal") {
      auto amount = amount_at(c, v);
      if (!amount) return fail({c.range, "it heals no number"});
      size_t on = v + 1;
      while (on < c.terms.size() && lower_word(*c.terms[on]) != "on") ++on;
      if (on + 1 < c.terms.size()) {
        size_t end = on + 1;
        if (!emit_inline_target(c, on + 1, b)) return false;
        auto card = card_at(c, on + 1, end, why);
        if (!card) return fail({c.range, why});
        b.stmts.push_back(eval(call("cardrt_heal", {G(), C(), std::move(*card), std::move(*amount)})));
      } else {
        b.stmts.push_back(eval(call("cardrt_heal_player", {G(), C(), controller(), std::move(*amount)})));  // 002 rule 520.2
      }
      return true;
    }
    if (prim == "deal") {
      auto amount = amount_at(c, v);
      size_t to = v;
      while (to < c.terms.size() && lower_word(*c.terms[to]) != "to") ++to;
      if (!amount || to + 1 >= c.terms.size()) return fail({c.range, "it deals no amount to a card"});
      if (lower_word(*c.terms[to + 1]) == "any" || lower_word(*c.terms[to - 1]) == "among")
        return fail({c.range, "dividing among any number is not compiled yet"});
      if (!emit_inline_target(c, to + 1, b)) return false;
      size_t end = to + 1;
      auto card = card_at(c, to + 1, end, why);
      if (!card) return fail({c.range, why});
      uint32_t flags = 0;
      for (const auto* t : c.terms)
        if (lower_word(*t) == "ignoring") flags |= CARDRT_DMG_IGNORE_RESIST;  // 004 Resist
      Node target = c.delayed ? std::move(*card) : std::move(*card);
      b.stmts.push_back(eval(call("cardrt_deal_damage", {G(), C(), std::move(target), std::move(*amount), konst(flags)})));
      return true;
    }
    if (prim == "bow" || prim == "straighten" || prim == "destroy" || prim == "set_state") {
      if (!emit_inline_target(c, v, b)) return false;
      size_t end = v;
      auto card = card_at(c, v, end, why);
      if (!card) return fail({c.range, why});
      if (prim == "set_state") {
        int s = state_of_verb(c);
        int undo = state_undone_by_verb(c);
        if (s < 0 && undo < 0) return fail({c.range, "its verb names no card state"});
        b.stmts.push_back(eval(call("cardrt_set_card_state", {G(), C(), std::move(*card), konst(s >= 0 ? s : undo), konst(s >= 0 ? 1 : 0)})));
      } else {
        b.stmts.push_back(eval(call(prim == "bow" ? "cardrt_bow" : prim == "straighten" ? "cardrt_straighten" : "cardrt_destroy",
                                    {G(), C(), std::move(*card)})));
      }
      return true;
    }
    if (prim == "negate") {
      std::string t = lower(std::string(ctx_.sources.text(c.range)));
      if (t.find("destruction") == std::string::npos) return fail({c.range, "only 'Negate the destruction' is compiled yet"});
      b.stmts.push_back(eval(call("cardrt_pending_cancel", {G(), C()})));
      return true;
    }
    if (prim == "give") {
      if (!emit_inline_target(c, v, b)) return false;
      size_t end = v;
      auto card = card_at(c, v, end, why);
      if (!card) return fail({c.range, why});
      bool permanent = lower(p_.verbs[static_cast<size_t>(c.verb)].name).find("permanently") != std::string::npos;
      int32_t dur = duration(c, permanent ? CARDRT_DUR_PERMANENT : dur_default);
      if (dur == -1) return fail({c.range, "its duration is not compiled yet"});
      std::vector<StatChange> changes;
      if (!stat_changes(c, end, changes)) return false;
      if (!changes.empty()) {
        uint32_t who = b.local();
        b.stmts.push_back(let(who, std::move(*card)));
        for (auto& ch : changes)
          b.stmts.push_back(eval(call("cardrt_stat_modify", {G(), C(), local(who), konst(ch.stat), std::move(ch.delta), konst(dur)})));
        return true;
      }
      // "Give him **Samurai** until the end of the turn"
      size_t len = 0;
      if (end < c.terms.size()) {
        if (int kw = lex_.keyword_at(std::span(c.terms).subspan(end), len); kw >= 0) {
          b.stmts.push_back(eval(call("cardrt_grant_keyword", {G(), C(), std::move(*card), konst(kw), konst(dur)})));
          return true;
        }
      }
      return fail({c.range, "what it gives is not compiled yet"});
    }
    if (prim == "switch") {
      // "Switch his Force and Chi" (003 setting stats)
      size_t end = v;
      auto card = card_at(c, v, end, why);
      if (!card) return fail({c.range, why});
      std::vector<int> stats;
      for (size_t i = end; i < c.terms.size(); ++i) {
        size_t len = 0;
        if (int s = lex_.stat_at(std::span(c.terms).subspan(i), len); s >= 0) {
          stats.push_back(s);
          i += len - 1;
        }
      }
      if (stats.size() != 2) return fail({c.range, "it does not name two stats"});
      uint32_t who = b.local();
      b.stmts.push_back(let(who, std::move(*card)));
      b.stmts.push_back(eval(call("cardrt_stat_switch", {G(), C(), local(who), konst(stats[0]), local(who), konst(stats[1])})));
      return true;
    }
    if (prim == "set" && v + 1 < c.terms.size() && lower_word(*c.terms[v]) == "each") {
      // "Set each ruler's vitae total to 10" (000 7.2: setting a ruler's vitae may make it anything)
      size_t len = 0;
      int res = -1;
      size_t at = v;
      for (; at < c.terms.size() && res < 0; ++at) res = lex_.resource_at(std::span(c.terms).subspan(at), len);
      size_t to = at;
      while (to < c.terms.size() && lower_word(*c.terms[to]) != "to") ++to;
      auto value = amount_at(c, to + 1);
      if (res < 0 || !value) return fail({c.range, "it sets no resource to a value"});
      for (Node who : {controller(), call("cardrt_opponent", {G(), controller()})})
        b.stmts.push_back(eval(call("cardrt_set_resource", {G(), C(), std::move(who), konst(res), *value})));
      return true;
    }
    if (prim == "double" || prim == "set") {
      // "Double its ATK until end of turn", "Set the ATK of target creature to 1 until end of turn"
      size_t i = v;
      std::optional<Node> card;
      int stat = -1;
      size_t len = 0;
      size_t end = i;
      if (i < c.terms.size() && lower_word(*c.terms[i]) == "the") ++i;
      if ((stat = lex_.stat_at(std::span(c.terms).subspan(i), len)) >= 0) {
        size_t of = i + len;
        if (of < c.terms.size() && lower_word(*c.terms[of]) == "of") {
          if (!emit_inline_target(c, of + 1, b)) return false;
          card = card_at(c, of + 1, end, why);
        }
      } else {
        card = card_at(c, i, end, why);
        if (end < c.terms.size()) stat = lex_.stat_at(std::span(c.terms).subspan(end), len);
      }
      if (!card || stat < 0) return fail({c.range, why.empty() ? "it names no card and stat" : why});
      int32_t dur = duration(c, dur_default);
      if (dur == -1) return fail({c.range, "its duration is not compiled yet"});
      if (prim == "double") {
        b.stmts.push_back(eval(call("cardrt_stat_modify_op", {G(), C(), std::move(*card), konst(stat), konst(CARDRT_OP_MUL), konst(2), konst(dur)})));
        return true;
      }
      size_t to = end;
      while (to < c.terms.size() && lower_word(*c.terms[to]) != "to") ++to;
      auto value = amount_at(c, to + 1);
      if (!value) return fail({c.range, "it sets no value"});
      b.stmts.push_back(eval(call("cardrt_stat_set", {G(), C(), std::move(*card), konst(stat), std::move(*value), konst(dur)})));
      return true;
    }
    if (prim == "create") {
      // 003 Created cards: "Create a Lion Clan, Samurai, Tactician Personality card."
      size_t end = v;
      while (end < c.terms.size() && lower_word(*c.terms[end]) != "card" && lower_word(*c.terms[end]) != "with") ++end;
      if (end == v) return fail({c.range, "it names no card type"});
      size_t last = end;
      while (last > v && c.terms[last - 1]->kind != ast::TermKind::Word) --last;
      int ct = lex_.card_type(c.terms[last - 1]->text);
      if (ct < 0) return fail({c.range, "it names no card type"});
      int play = runtime_zone_role_zone(p_, CARDRT_ZROLE_PLAY);
      uint32_t made = b.local();
      b.stmts.push_back(let(made, call("cardrt_create_card", {G(), C(), str(p_.card_types[static_cast<size_t>(ct)].name), controller(), konst(play)})));
      for (size_t i = v; i + 1 < last; ++i) {
        size_t len = 0;
        if (int kw = lex_.keyword_at(std::span(c.terms).subspan(i), len); kw >= 0) {
          b.stmts.push_back(eval(call("cardrt_created_add_keyword", {G(), C(), local(made), konst(kw)})));
          i += len - 1;
        }
      }
      // "with Attack 1 and Life 1"
      for (size_t i = end; i + 1 < c.terms.size(); ++i) {
        size_t len = 0;
        int s = lex_.stat_at(std::span(c.terms).subspan(i), len);
        if (s >= 0 && i + len < c.terms.size() && c.terms[i + len]->kind == ast::TermKind::Number) {
          b.stmts.push_back(eval(call("cardrt_created_set_base", {G(), C(), local(made), konst(s), konst(c.terms[i + len]->value)})));
          i += len;
        }
      }
      last_created_ = made;
      created_range_ = c.range;
      return true;
    }
    if (prim == "inflict") {
      // 004: "Inflict Poison on target unit [ignoring Resist]"
      size_t len = 0;
      size_t i = v;
      int st = lex_.status_at(std::span(c.terms).subspan(i), len);
      if (st < 0) return fail({c.range, "it names no status"});
      size_t on = i + len;
      if (on >= c.terms.size() || lower_word(*c.terms[on]) != "on") return fail({c.range, "it names no card"});
      if (lower_word(*c.terms[on + 1]) == "each") {
        // "Inflict Sleep on each unit your opponent controls": for each card the phrase names.
        std::optional<Node> test;
        size_t stop = on + 2;
        while (stop < c.terms.size() && lower_word(*c.terms[stop]) != "ignoring") ++stop;
        std::vector<const ast::Term*> np(c.terms.begin() + static_cast<long>(on + 2), c.terms.begin() + static_cast<long>(stop));
        bool opponents = false;
        for (size_t k = 0; k + 1 < np.size(); ++k)
          if (lower_word(*np[k]) == "your" && (lower_word(*np[k + 1]) == "opponent" || lower_word(*np[k + 1]) == "opponents")) opponents = true;
        if (opponents) np.erase(std::remove_if(np.begin(), np.end(), [](const ast::Term* x) {
                                  std::string l = lower_word(*x);
                                  return l == "your" || l == "opponent" || l == "opponents" || l == "controls" || l == "control";
                                }), np.end());
        if (!noun_filter(np, 0, np.size(), param(2), test, why)) return fail({c.range, why});
        Node f_test = std::move(*test);
        if (opponents) f_test = and_(std::move(f_test), binary(Op::Ne, call("cardrt_card_controller", {G(), param(2)}), controller()));
        Body f;
        f.stmts.push_back(ret(std::move(f_test)));
        int fn = add_function("filter", FnKind::Filter, std::move(f), c.range);
        uint32_t flags = 0;
        for (const auto* t : c.terms)
          if (lower_word(*t) == "ignoring") flags |= CARDRT_DMG_IGNORE_RESIST;
        Body apply;
        apply.stmts.push_back(eval(call("cardrt_inflict_status", {G(), C(), param(2), konst(st), konst(1), konst(flags)})));
        apply.stmts.push_back(ret(konst(CARDRT_OK)));
        int af = add_function("each", FnKind::Amount, std::move(apply), c.range);
        b.stmts.push_back(eval(call("cardrt_for_each_card", {G(), C(), fn_ref(fn), fn_ref(af)})));
        return true;
      }
      if (!emit_inline_target(c, on + 1, b)) return false;
      size_t end = on + 1;
      auto card = card_at(c, on + 1, end, why);
      if (!card) return fail({c.range, why});
      uint32_t flags = 0;
      for (const auto* t : c.terms)
        if (lower_word(*t) == "ignoring") flags |= CARDRT_DMG_IGNORE_RESIST;
      b.stmts.push_back(eval(call("cardrt_inflict_status", {G(), C(), std::move(*card), konst(st), konst(1), konst(flags)})));
      return true;
    }
    if (prim == "remove") {
      // "Remove 2 damage counters from it", "Remove all Poison counters from target unit"
      bool all = v < c.terms.size() && lower_word(*c.terms[v]) == "all";
      auto amount = all ? std::optional<Node>{} : amount_at(c, v);
      size_t i = v + 1;
      size_t len = 0;
      int st = i < c.terms.size() ? lex_.status_at(std::span(c.terms).subspan(i), len) : -1;
      if (st < 0 || (!all && !amount)) return fail({c.range, "what it removes is not compiled yet"});
      size_t from = i + len;
      while (from < c.terms.size() && lower_word(*c.terms[from]) != "from") ++from;
      if (from + 1 >= c.terms.size()) return fail({c.range, "it names no card"});
      if (!emit_inline_target(c, from + 1, b)) return false;
      size_t end = from + 1;
      auto card = card_at(c, from + 1, end, why);
      if (!card) return fail({c.range, why});
      uint32_t who = b.local();
      b.stmts.push_back(let(who, std::move(*card)));
      Node n = all ? call("cardrt_card_counters", {G(), local(who), konst(st)}) : std::move(*amount);
      b.stmts.push_back(eval(call("cardrt_remove_counters", {G(), C(), local(who), konst(st), std::move(n)})));
      return true;
    }
    if (prim == "win") {
      b.stmts.push_back(eval(call("cardrt_player_wins", {G(), C(), controller()})));
      return true;
    }
    if (prim == "roll") {
      // "Roll a D6. Gain coins equal to the result ..." (002 rule 526: uniform)
      roll_local_ = b.local();
      b.stmts.push_back(let(*roll_local_, call("cardrt_roll_d6", {G(), C()})));
      return true;
    }
    if (prim == "put" && std::any_of(c.terms.begin(), c.terms.end(), [](const ast::Term* x) { return lower_word(*x) == "token"; })) {
      // 001 Token: "Put a +1F token on it": the bonus comes from the card that created the token.
      std::vector<StatChange> changes;
      if (!stat_changes(c, v, changes) || changes.size() != 1) return fail({c.range, "the token's bonus is not compiled yet"});
      size_t on = v;
      while (on < c.terms.size() && lower_word(*c.terms[on]) != "on") ++on;
      size_t end = on + 1;
      if (!emit_inline_target(c, on + 1, b)) return false;
      auto card = card_at(c, on + 1, end, why);
      if (!card) return fail({c.range, why});
      b.stmts.push_back(eval(call("cardrt_place_stat_token", {G(), C(), std::move(*card), konst(changes[0].stat), std::move(changes[0].delta)})));
      return true;
    }
    if (prim == "return") {
      // "Return it to your hand"
      size_t end = v;
      auto card = card_at(c, v, end, why);
      int hand = runtime_zone_role_zone(p_, CARDRT_ZROLE_HAND);
      std::string rest = lower(std::string(ctx_.sources.text(c.range)));
      if (!card || hand < 0 || rest.find("hand") == std::string::npos) return fail({c.range, why.empty() ? "only returning a card to its hand is compiled yet" : why});
      b.stmts.push_back(eval(call("cardrt_move_card", {G(), C(), std::move(*card), konst(hand), konst(0)})));
      return true;
    }
    if (prim == "transfer" || (prim == "move" && v < c.terms.size() && lower_word(*c.terms[v]) == "this")) {
      // 001 Transfer: "Transfer this card to target Personality you control" (no cost, not entering play)
      size_t end = v;
      auto card = card_at(c, v, end, why);
      if (!card) return fail({c.range, why});
      while (end < c.terms.size() && lower_word(*c.terms[end]) != "to") ++end;
      if (end + 1 >= c.terms.size()) return fail({c.range, "it names no card to move to"});
      if (!emit_inline_target(c, end + 1, b)) return false;
      size_t to_end = end + 1;
      auto to = card_at(c, end + 1, to_end, why);
      if (!to) return fail({c.range, why});
      b.stmts.push_back(eval(call("cardrt_transfer", {G(), C(), std::move(*card), std::move(*to)})));
      return true;
    }
    if (prim == "prevent") {
      // "Prevent 2 of those wounds" in a replacement of the damage (002 rule 525): the pending amount shrinks.
      auto n = amount_at(c, v);
      if (!n || !replacing_) return fail({c.range, "only preventing part of a pending amount is compiled yet"});
      b.stmts.push_back(eval(call("cardrt_pending_set_amount",
                                  {G(), C(), binary(Op::Max, konst(0), binary(Op::Sub, call("cardrt_pending_amount", {G(), C()}), std::move(*n)))})));
      return true;
    }
    return fail({c.range, "the verb '" + p_.verbs[static_cast<size_t>(std::max(c.verb, 0))].name + "' (" + prim + ") is not compiled yet"});
  }

  // A "target ..." inside an effect ("Straighten target Personality"): declare it before use.
  bool emit_inline_target(const Clause& c, size_t i, Body& b) {
    if (i + 1 < c.terms.size() && lower_word(*c.terms[i + 1]) == "target") {
      std::string d = lower_word(*c.terms[i]);
      if (d == "a" || d == "an" || d == "your") ++i;
    }
    if (i >= c.terms.size() || lower_word(*c.terms[i]) != "target") return true;
    for (size_t k = 0; k < unit_->targets.size(); ++k)
      if (unit_->targets[k].range.begin == c.terms[i]->range.begin) return emit_target(c, k, b);
    return true;
  }

  bool declarative(const Clause& c, Body& b, bool continuous) {
    const auto& t = c.terms;
    // The predicate's position.
    size_t pred = 0;
    while (pred < t.size() && lower_word(*t[pred]) != c.predicate) ++pred;
    std::string text = lower(std::string(ctx_.sources.text(c.range)));
    int32_t dur = duration(c, continuous ? CARDRT_DUR_CONTINUOUS : CARDRT_DUR_END_OF_TURN);
    if (dur == -1) return fail({c.range, "its duration is not compiled yet"});
    std::string why;
    // "Each opponent loses 2 coins until end of turn" (002 rule 522.4: temporary)
    if (c.verb >= 0 && (lower_word(*t[0]) == "each" || lower_word(*t[0]) == "your") && pred > 0 &&
        (lower_word(*t[pred - 1]) == "opponent" || lower_word(*t[pred - 1]) == "opponents")) {
      std::string prim = p_.verbs[static_cast<size_t>(c.verb)].primitive;
      auto amount = amount_at(c, pred + 1);
      size_t len = 0;
      int res = pred + 2 < t.size() ? lex_.resource_at(std::span(t).subspan(pred + 2), len) : -1;
      if ((prim == "gain" || prim == "lose") && amount && res >= 0) {
        Node who = call("cardrt_opponent", {G(), controller()});
        int32_t d = duration(c, -2);
        if (d >= 0)
          b.stmts.push_back(eval(call(prim == "lose" ? "cardrt_lose_resource_temporary" : "cardrt_gain_resource_temporary",
                                      {G(), C(), std::move(who), konst(res), std::move(*amount), konst(d)})));
        else
          b.stmts.push_back(eval(call(prim == "lose" ? "cardrt_lose_resource" : "cardrt_gain_resource",
                                      {G(), C(), std::move(who), konst(res), std::move(*amount)})));
        return true;
      }
    }
    // "You win the game"
    if (lower_word(*t[0]) == "you" && c.verb >= 0 && p_.verbs[static_cast<size_t>(c.verb)].primitive == "win") {
      b.stmts.push_back(eval(call("cardrt_player_wins", {G(), C(), controller()})));
      return true;
    }
    // "This Personality cannot be destroyed." / "he is not destroyed for having 0 Chi" (003 Chi)
    if (text.find("destroyed") != std::string::npos &&
        (text.find("cannot be") != std::string::npos || text.find("can not be") != std::string::npos ||
         text.find("is not destroyed") != std::string::npos)) {
      size_t end = 0;
      auto card = card_at(c, 0, end, why);
      if (!card) return fail({c.range, why});
      int32_t prot = text.find("0 chi") != std::string::npos || text.find("zero chi") != std::string::npos
                         ? CARDRT_PROT_ZERO_CHI : CARDRT_PROT_CANNOT_BE_DESTROYED;
      b.stmts.push_back(eval(call("cardrt_grant_protection", {G(), C(), std::move(*card), konst(prot), konst(dur)})));
      return true;
    }
    // "This unit cannot attack", "You may not gain Honor" (003 Traits: restrictions)
    if (std::optional<bool> r = restriction(c, b, dur)) return *r;
    // "His maximum Force is 1 until the battle ends" (003 maximum and minimum)
    if (pred > 0 && (text.find("maximum") != std::string::npos || text.find("minimum") != std::string::npos)) {
      size_t end = 0;
      auto card = card_at(c, 0, end, why);
      if (!card) return fail({c.range, why});
      size_t len = 0;
      int stat = end + 1 < t.size() ? lex_.stat_at(std::span(t).subspan(end + 1), len) : -1;
      auto value = amount_at(c, pred + 1);
      if (stat < 0 || !value) return fail({c.range, "its stat or value is not compiled yet"});
      int32_t which = text.find("maximum") != std::string::npos ? CARDRT_BOUND_MAX : CARDRT_BOUND_MIN;
      b.stmts.push_back(eval(call("cardrt_stat_bound", {G(), C(), std::move(*card), konst(stat), konst(which), std::move(*value), konst(dur)})));
      return true;
    }
    // "<subject> has/have +1F [for each Samurai in play] [until ...]"
    if (c.predicate == "has" || c.predicate == "have" || c.predicate == "gets" || c.predicate == "get") {
      std::vector<StatChange> changes;
      if (!stat_changes(c, pred + 1, changes)) return false;
      if (changes.empty()) return fail({c.range, "what it has is not compiled yet"});
      // A fluctuating bonus: "+1F for each Samurai in play" (003 fluctuating).
      std::optional<int> per;
      std::optional<int> per_status;
      for (size_t i = pred + 1; i + 2 < t.size(); ++i)
        if (lower_word(*t[i]) == "for" && lower_word(*t[i + 1]) == "each") {
          size_t to = i + 2;
          while (to < t.size() && lower_word(*t[to]) != "until") ++to;
          size_t slen = 0;
          // "for each wound on it": the counters on the card that has the bonus.
          if (int st = lex_.status_at(std::span(t).subspan(i + 2), slen); st >= 0 && i + 2 + slen < t.size() &&
                                                                          lower_word(*t[i + 2 + slen]) == "on") {
            per_status = st;
            break;
          }
          std::optional<Node> test;
          if (!noun_filter(t, i + 2, to, param(2), test, why)) return fail({c.range, why});
          Body f;
          f.stmts.push_back(ret(std::move(*test)));
          per = add_function("filter", FnKind::Filter, std::move(f), c.range);
          break;
        }
      size_t end = 0;
      std::string w0 = lower_word(*t[0]);
      bool single = w0 == "this" || is_pronoun(w0) || w0 == "the" || w0 == "that" || w0 == "target";
      if (single) {
        auto card = card_at(c, 0, end, why);
        if (!card) return fail({c.range, why});
        uint32_t who = b.local();
        b.stmts.push_back(let(who, std::move(*card)));
        for (auto& ch : changes) {
          if (per_status) {
            Body amount;
            amount.stmts.push_back(ret(binary(Op::Mul, call("cardrt_card_counters", {G(), param(2), konst(*per_status)}),
                                              binary(Op::Max, ch.delta, binary(Op::Sub, konst(0), ch.delta)))));
            int af = add_function("amount", FnKind::Amount, std::move(amount), c.range);
            b.stmts.push_back(eval(call("cardrt_stat_modify_fluctuating", {G(), C(), local(who), konst(ch.stat), fn_ref(af), if_sign(ch.delta), konst(dur)})));
          } else if (per) {
            Body amount;
            // Amount per card: the change times the count (the sign goes in the modifier).
            amount.stmts.push_back(ret(binary(Op::Mul, call("cardrt_count_cards", {G(), C(), fn_ref(*per)}),
                                              binary(Op::Max, ch.delta, binary(Op::Sub, konst(0), ch.delta)))));
            int af = add_function("amount", FnKind::Amount, std::move(amount), c.range);
            Node sign = if_sign(ch.delta);
            b.stmts.push_back(eval(call("cardrt_stat_modify_fluctuating", {G(), C(), local(who), konst(ch.stat), fn_ref(af), std::move(sign), konst(dur)})));
          } else {
            b.stmts.push_back(eval(call("cardrt_stat_modify", {G(), C(), local(who), konst(ch.stat), std::move(ch.delta), konst(dur)})));
          }
        }
        return true;
      }
      if (per) return fail({c.range, "a fluctuating bonus to many cards is not compiled yet"});
      // Many cards: "Your Samurai Personalities have +1F": for each card the subject names.
      auto filter = subject_filter(c, pred);
      if (!filter) return false;
      Body apply;
      for (auto& ch : changes)
        apply.stmts.push_back(eval(call("cardrt_stat_modify", {G(), C(), param(2), konst(ch.stat), std::move(ch.delta), konst(dur)})));
      apply.stmts.push_back(ret(konst(CARDRT_OK)));
      int af = add_function("each", FnKind::Amount, std::move(apply), c.range);
      b.stmts.push_back(eval(call("cardrt_for_each_card", {G(), C(), fn_ref(*filter), fn_ref(af)})));
      return true;
    }
    return fail({c.range, "this statement is not compiled yet"});
  }

  // A restriction (003 Traits: "cannot", "may not"): what the subject may not do, as a runtime grant the
  // runtime checks when the action happens. nullopt: not a restriction; false: one cardc cannot bind (reported).
  std::optional<bool> restriction(const Clause& c, Body& b, int32_t dur) {
    const auto& t = c.terms;
    size_t neg = 0, after = 0;
    for (; neg < t.size(); ++neg) {
      std::string w = lower_word(*t[neg]);
      if (w == "cannot") { after = neg + 1; break; }
      if ((w == "can" || w == "may") && neg + 1 < t.size() && lower_word(*t[neg + 1]) == "not") { after = neg + 2; break; }
    }
    if (neg == 0 || after >= t.size()) return std::nullopt;
    std::string verb = lower_word(*t[after]);
    std::string why;
    if (neg == 1 && lower_word(*t[0]) == "you" && verb == "gain") {
      size_t len = 0;
      int res = lex_.resource_at(std::span(t).subspan(after + 1), len);
      if (res < 0 || after + 1 + len != t.size()) return fail({c.range, "what may not be gained is not compiled yet"});
      b.stmts.push_back(eval(call("cardrt_forbid_player", {G(), C(), controller(), konst(CARDRT_FORBID_GAIN_RESOURCE), konst(res), konst(dur)})));
      return true;
    }
    int32_t action = -1;
    size_t rest = t.size();
    if (verb == "attack") {
      action = CARDRT_FORBID_ATTACK;
      rest = after + 1;
    } else if (verb == "issue" && after + 2 == t.size() && lower_word(*t[after + 1]).rfind("challenge", 0) == 0) {
      action = CARDRT_FORBID_ISSUE_CHALLENGE;
    }
    if (verb == "be" && after + 4 == t.size() && lower_word(*t[after + 1]) == "inflicted" && lower_word(*t[after + 2]) == "with" &&
        (lower_word(*t[after + 3]) == "statuses" || lower_word(*t[after + 3]) == "status"))
      action = CARDRT_FORBID_RECEIVE_STATUS;
    if (action < 0) return std::nullopt;
    size_t end = 0;
    auto card = card_at(c, 0, end, why);
    if (!card) return fail({c.range, why});
    if (end != neg) return fail({c.range, "the restricted card is not compiled yet"});
    Node filter = konst(0);
    if (rest < t.size()) {
      // "cannot attack structures": only against the cards the noun phrase names
      std::optional<Node> test;
      if (!noun_filter(t, rest, t.size(), param(2), test, why)) return fail({c.range, why});
      Body f;
      f.stmts.push_back(ret(std::move(*test)));
      filter = fn_ref(add_function("filter", FnKind::Filter, std::move(f), c.range));
    }
    b.stmts.push_back(eval(call("cardrt_forbid", {G(), C(), std::move(*card), konst(action), std::move(filter), konst(dur)})));
    return true;
  }

  static Node if_sign(const Node& delta) {
    if (delta.op == Op::Const) return konst(delta.value < 0 ? -1 : 1);
    return konst(1);
  }

  const CheckContext& ctx_;
  const GameProfile& p_;
  Lexicon lex_;
  Module& m_;
  const CardReading& r_;
  std::string prefix_, unit_prefix_;
  const TextUnit* unit_ = nullptr;
  const Clause* roll_ = nullptr;
  std::vector<int> modes_;
  bool constructor_used_ = false;
  Body targets_in_cost_;
  uint32_t last_created_ = 0;
  SourceRange created_range_;
  std::optional<uint32_t> roll_local_;  // the local holding "the result" of the last "Roll a D6"
  size_t chosen_ = 0;       // choice slots used after the unit's target slots
  bool replacing_ = false;  // binding a replacement effect (prevent works on the pending amount)
};

}  // namespace

BindResult bind_card_set(const CheckContext& ctx, const std::string& profile_identity, const std::string& source_hash) {
  BindResult out;
  out.module.game = ctx.profile.game;
  out.module.profile_hash = profile_identity;
  out.module.source_hash = source_hash;
  Body reg;
  for (size_t i = 0; i < ctx.readings.size(); ++i) {
    const CardReading& r = ctx.readings[i];
    DiagnosticEngine::CardScope scope(ctx.diags, r.card->title);
    ++out.cards;
    size_t functions_before = out.module.functions.size();
    Body card_reg;
    card_reg.locals = reg.locals;
    CardBinder b(ctx, out.module, r, i);
    if (b.bind(card_reg)) {
      reg.locals = card_reg.locals;
      for (auto& s : card_reg.stmts) reg.stmts.push_back(std::move(s));
      ++out.cards_compiled;
    } else {
      // Fail closed: a card that cannot be compiled entirely is not in the library at all.
      out.module.functions.resize(functions_before);
    }
  }
  reg.stmts.push_back(ret(konst(CARDRT_OK)));
  Function entry;
  entry.name = "cardrt_library_register";
  entry.kind = FnKind::Register;
  entry.locals = reg.locals;
  entry.body = block(std::move(reg.stmts));
  out.module.functions.push_back(std::move(entry));
  out.module.register_fn = static_cast<int>(out.module.functions.size() - 1);
  return out;
}

}  // namespace cardc
