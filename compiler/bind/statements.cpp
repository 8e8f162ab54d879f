// The binder (card_binder.h): declaratives (stat bonuses, bounds, protections) and restrictions (003 Traits).
#include "bind/card_binder.h"

#include <algorithm>
#include <span>

#include "bind/runtime_profile.h"
#include "sema/clause_reader.h"
#include "sema/unit_walk.h"

namespace cardc::binding {

namespace {

// The sign of a bonus whose size a fluctuating amount gives (an X bonus counts as positive).
Node if_sign(const Node& delta) {
  if (delta.op == Op::Const) return konst(delta.value < 0 ? -1 : 1);
  return konst(1);
}

}  // namespace

// A fluctuating change: the change times a count the runtime recomputes ("+1F for each Samurai in play"; 003
// fluctuating); the sign goes in the modifier.
void CardBinder::modify_per(Body& into, Node card, const StatChange& ch, Node count, int32_t dur, SourceRange origin) {
  Body amount;
  amount.stmts.push_back(ret(binary(Op::Mul, std::move(count), binary(Op::Max, ch.delta, binary(Op::Sub, konst(0), ch.delta)))));
  int af = add_function("amount", FnKind::Amount, std::move(amount), origin);
  into.stmts.push_back(eval(call("cardrt_stat_modify_fluctuating", {G(), C(), std::move(card), konst(ch.stat), fn_ref(af), if_sign(ch.delta), konst(dur)})));
}

bool CardBinder::declarative(const Clause& c, Body& b, bool continuous) {
  const auto& t = c.terms;
  // The predicate's position.
  size_t pred = 0;
  while (pred < t.size() && !word_is(*t[pred], c.predicate)) ++pred;
  std::string text = lower_text(c.range);
  int32_t dur = duration(c, continuous ? CARDRT_DUR_CONTINUOUS : CARDRT_DUR_END_OF_TURN);
  if (dur == -1) return fail({c.range, "its duration is not compiled yet"});
  std::string why;
  // "Each player targets and bows an unbowed Samurai", "all players lose 3 Honor", "Each other player targets a
  // Personality he controls": every player (or every other) does it in turn, as the one who chooses
  if (c.verb >= 0 && pred >= 2 && pred <= 3 && !each_term_) {
    std::string w0 = lower_word(*t[0]), w1 = lower_word(*t[1]), wp = lower_word(*t[pred - 1]);
    bool other = pred == 3 && w1 == "other";
    if ((w0 == "each" || w0 == "all") && (wp == "player" || wp == "players") && (pred == 2 || other)) {
      Body each;
      std::optional<Node> saved = std::move(player_);
      player_ = controller();  // in each run, the player doing it controls the context ("bows", "he controls")
      bool ok = effect_body(tail_clause(c, pred, c.verb), each, continuous);
      player_ = std::move(saved);
      if (!ok) return false;
      each.stmts.push_back(ret(konst(CARDRT_OK)));
      int fn = add_function("each_player", FnKind::Effect, std::move(each), c.range);
      Node who = other ? fn_ref(filter_function(binary(Op::Ne, param(2), controller()), c.range)) : konst(0);
      b.stmts.push_back(eval(call("cardrt_for_each_player", {G(), C(), std::move(who), fn_ref(fn)})));
      return true;
    }
  }
  // "Each opponent loses 2 coins until end of turn" (002 rule 522.4: temporary)
  if (c.verb >= 0 && (word_is(*t[0], "each") || word_is(*t[0], "your")) && pred > 0 &&
      (word_is(*t[pred - 1], "opponent") || word_is(*t[pred - 1], "opponents"))) {
    std::string prim = p_.verbs[static_cast<size_t>(c.verb)].primitive;
    auto amount = amount_at(c, pred + 1);
    size_t len = 0;
    int res = pred + 2 < t.size() ? lex_.resource_at(std::span(t).subspan(pred + 2), len) : -1;
    if ((prim == "gain" || prim == "lose") && amount && res >= 0) {
      change_resource(b, prim, call("cardrt_opponent", {G(), controller()}), res, std::move(*amount), duration(c, -2));
      return true;
    }
  }
  // "His controller may bow him": that player decides
  size_t may = 0;
  while (may < t.size() && !word_is(*t[may], "may")) ++may;
  if (may > 0 && may + 1 < t.size()) {
    size_t len = 0;
    int verb = ClauseReader(p_).verb_at(std::span(t).subspan(may + 1), len);
    std::optional<Node> who;
    size_t end = 0;
    std::string ignored;
    if (verb >= 0) {
      if (auto card = card_at(c, 0, end, ignored); card && end + 1 == may && word_is(*t[end], "controller"))
        who = call("cardrt_card_controller", {G(), std::move(*card)});
    }
    if (who) {
      Clause act = tail_clause(c, may + 1, verb);
      Body inner;
      inner.locals = b.locals;
      if (!effect_body(act, inner, continuous)) return false;
      b.locals = inner.locals;
      b.stmts.push_back(if_(call("cardrt_choose_yes_no_for", {G(), C(), std::move(*who), konst(0)}), block(std::move(inner.stmts))));
      return true;
    }
  }
  // "His controller loses 1 Honor", "The winner gains 2 Honor", "Its controller discards a card at random": a
  // player (or the controller of a card) doing what the verb says
  if (c.verb >= 0 && pred > 0 && pred < t.size()) {
    std::string prim = p_.verbs[static_cast<size_t>(c.verb)].primitive;
    if (prim == "gain" || prim == "lose" || prim == "draw" || prim == "discard") {
      std::optional<Node> who;
      size_t end = 0;
      std::string ignored;
      size_t tp = word_is(*t[0], "a") ? 1 : 0;  // "A target player discards a card at random" (001 Target)
      if (pred == 1 && word_is(*t[0], "you")) who = controller();
      else if (pred == 2 && word_is(*t[0], "another") && word_is(*t[1], "player")) {
        // "another player loses 2 Honor": a player other than you, the controller's choice (not targeted, 001 Target)
        who = chosen_player(c, binary(Op::Ne, param(2), controller()), b);
        if (!who) return false;
      } else if (pred == tp + 2 && word_is(*t[tp], "target") && word_is(*t[tp + 1], "player")) {
        for (size_t k = 0; k < unit_->targets.size() && !who; ++k)
          if (unit_->targets[k].range.begin == t[tp]->range.begin) {
            int any = filter_function(konst(1), unit_->targets[k].range);
            b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_target_player", {G(), C(), konst(static_cast<int64_t>(k)), fn_ref(any), konst(0)}),
                                             konst(CARDRT_OK))));
            who = slot(static_cast<int>(k));
          }
      } else if (auto card = card_at(c, 0, end, ignored)) {
        if (end + 1 == pred && word_is(*t[end], "controller")) who = call("cardrt_card_controller", {G(), std::move(*card)});
        else if (end == pred && (prim == "gain" || prim == "lose")) who = call("cardrt_card_controller", {G(), std::move(*card)});
      }
      if (who) {
        player_ = std::move(who);
        bool ok = effect_body(tail_clause(c, pred, c.verb), b, continuous);
        player_.reset();
        return ok;
      }
    }
  }
  // "You win the game"
  if (word_is(*t[0], "you") && c.verb >= 0 && p_.verbs[static_cast<size_t>(c.verb)].primitive == "win") {
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
    // exactly "cannot be destroyed" or "is not destroyed for having 0 Chi", then only how long ("this turn", "until
    // ..."): "cannot be destroyed by Spells" is another protection, not compiled yet
    auto word = [&](size_t k) { return word_at(t, k); };
    size_t be = word(end) == "cannot" ? end + 1 : word(end) == "can" && word(end + 1) == "not" ? end + 2 : 0;
    int32_t prot = -1;
    size_t read = end;
    if (be && word(be) == "be" && word(be + 1) == "destroyed") {
      prot = CARDRT_PROT_CANNOT_BE_DESTROYED;
      read = be + 2;
    } else if (word(end) == "is" && word(end + 1) == "not" && word(end + 2) == "destroyed" && word(end + 3) == "for" &&
               word(end + 4) == "having" && end + 6 < t.size() &&
               ((t[end + 5]->kind == ast::TermKind::Number && t[end + 5]->value == 0) || word(end + 5) == "zero") &&
               word(end + 6) == "chi") {
      prot = CARDRT_PROT_ZERO_CHI;
      read = end + 7;
    }
    if (prot < 0 || !restriction_span(t, read, dur))
      return fail({c.range, "the words after '" + words_text(t, 0, read) + "' are not compiled yet"});
    b.stmts.push_back(eval(call("cardrt_grant_protection", {G(), C(), std::move(*card), konst(prot), konst(dur)})));
    return true;
  }
  // "... can not be targeted by other players' actions [while ...]" (001 Target)
  if (std::optional<bool> r = untargetable(c, b, dur)) return *r;
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
    if (text.find(" penalty equal to ") != std::string::npos || text.find(" bonus equal to ") != std::string::npos) {
      floor_used_ = true;
      return linked_penalty(c, pred, b, dur);
    }
    // "You have Reconnaissance there", "You have Reconnaissance at the current battlefield": the player holds one of
    // the resource for this battle, unless he already does (held, not counted)
    if (size_t len = 0; pred == 1 && word_is(*t[0], "you") && c.predicate == "have" && dur != CARDRT_DUR_CONTINUOUS) {
      int res = lex_.resource_at(std::span(t).subspan(pred + 1), len);
      size_t k = pred + 1 + len;
      // "there": the current battlefield, named before or engaged at ("After engaging: You have ... there")
      auto named = [&] {
        std::string before = lower_text(SourceRange{unit_->range.file, unit_->range.begin, c.range.begin});
        return current_battlefield_named_before(c.range.begin) || before.find("after engaging") != std::string::npos;
      };
      bool there = res >= 0 && ((k + 1 == t.size() && word_at(t, k) == "there" && unit_ && named()) ||
                                lower(words_text(t, k, t.size())) == "at the current battlefield");
      if (there) {
        Node held = binary(Op::Gt, call("cardrt_resource_get", {G(), controller(), konst(res)}), konst(0));
        b.stmts.push_back(if_(not_(std::move(held)),
                              block({eval(call("cardrt_gain_resource_temporary", {G(), C(), controller(), konst(res), konst(1), konst(CARDRT_DUR_END_OF_BATTLE)}))})));
        return true;
      }
    }
    std::vector<StatChange> changes;
    size_t read = pred + 1;
    if (!stat_changes(c, pred + 1, changes, &read)) return false;
    // "This Personality has **Naval**": a keyword it has (003 Keywords), for as long as the trait applies
    int keyword = -1;
    if (changes.empty()) {
      size_t klen = 0;
      if (pred + 1 < t.size()) keyword = lex_.keyword_at(std::span(t).subspan(pred + 1), klen);
      if (keyword < 0) return fail({c.range, "what it has is not compiled yet"});
      read = pred + 1 + klen;
    }
    auto grant = [&](Body& into, Node card) {
      into.stmts.push_back(eval(call("cardrt_grant_keyword", {G(), C(), std::move(card), konst(keyword), konst(dur)})));
    };
    // "+3F and **Elite** while defending": a keyword with the bonus
    if (size_t klen = 0; !changes.empty() && keyword < 0 && word_at(t, read) == "and" &&
                         (keyword = read + 1 < t.size() ? lex_.keyword_at(std::span(t).subspan(read + 1), klen) : -1) >= 0)
      read += 1 + klen;
    // "+3F, or +4F while he is Fire", "+1F, or +2F if the Defender is Spider Clan, while attacking": the second
    // amount while its condition holds (judged each time the trait applies), folded into the bonus below
    std::optional<Node> alt_second;
    size_t alt_from = 0, alt_to = 0;
    if (changes.size() == 1 && keyword < 0 && dur == CARDRT_DUR_CONTINUOUS && read + 2 < t.size() &&
        t[read]->kind == ast::TermKind::Comma && word_at(t, read + 1) == "or" && t[read + 2]->kind == ast::TermKind::Modifier) {
      std::vector<StatChange> second;
      size_t after = read + 2;
      if (!stat_changes(c, read + 2, second, &after)) return false;
      if (second.size() != 1 || second[0].stat != changes[0].stat || (word_at(t, after) != "while" && word_at(t, after) != "if"))
        return fail({c.range, "the words after '" + words_text(t, pred + 1, read) + "' are not compiled yet"});
      alt_second = std::move(second[0].delta);
      alt_from = after;
      alt_to = t.size();
      read = t.size();
      // "if ..., while attacking": the alternative's condition ends at the comma before the trait's own "while"
      for (size_t k = after + 1; k + 1 < t.size(); ++k)
        if (t[k]->kind == ast::TermKind::Comma && word_at(t, k + 1) == "while") {
          alt_to = k;
          read = k + 1;
          break;
        }
    }
    // after the changes: "for each ..." (read below), "while ..." on a continuous trait, a duration, or nothing
    // (fail closed)
    bool while_ = read < t.size() && word_is(*t[read], "while") && dur == CARDRT_DUR_CONTINUOUS;
    // "This Holding has +2GP when it pays for a single Shugenja only": while the payment under way is for such a
    // card (Gold is produced while paying and pays only that payment's card)
    bool paying = dur == CARDRT_DUR_CONTINUOUS && read + 7 < t.size() + 1 && word_at(t, read) == "when" &&
                  word_at(t, read + 1) == "it" && word_at(t, read + 2) == "pays" && word_at(t, read + 3) == "for" &&
                  word_at(t, read + 4) == "a" && word_at(t, read + 5) == "single" && word_at(t, t.size() - 1) == "only" &&
                  t.size() > read + 7;
    if (!while_ && !paying && !only_duration_left(c, read) &&
        !(read + 1 < t.size() && word_is(*t[read], "for") && word_is(*t[read + 1], "each")))
      return fail({c.range, "the words after '" + words_text(t, pred + 1, read) + "' are not compiled yet"});
    // The condition on the card that has the bonus; nullopt: none. Fails closed when it cannot be read.
    auto while_guard = [&](Node subject, std::optional<Node>& guard) {
      if (paying) {
        Node paid = call("cardrt_payment_card", {G()});
        std::optional<Node> test;
        if (!noun_filter(t, read + 6, t.size() - 1, paid, test, why, false)) return fail({c.range, why});
        guard = and_(binary(Op::Ne, paid, konst(0)), std::move(*test));
        return true;
      }
      if (!while_) return true;
      guard = while_subject(t, read, pred, std::move(subject));
      // "while your Stronghold's Gold Production is 4 or greater": a condition not about the subject
      if (!guard) guard = card_condition(c, terms_range(t, read, t.size()));
      if (!guard) return fail({c.range, "the condition '" + words_text(t, read, t.size()) + "' is not compiled yet"});
      return true;
    };
    // A fluctuating bonus: "+1F for each Samurai in play" (003 fluctuating).
    std::optional<int> per;
    std::optional<int> per_status;
    std::optional<Node> per_province;  // "for each of your Provinces that have been destroyed this game" (provinces.cpp)
    for (size_t i = pred + 1; i + 2 < t.size(); ++i)
      if (word_is(*t[i], "for") && word_is(*t[i + 1], "each")) {
        size_t to = i + 2;
        while (to < t.size() && !word_is(*t[to], "until")) ++to;
        size_t slen = 0;
        // "for each wound on it": the counters on the card that has the bonus.
        if (int st = lex_.status_at(std::span(t).subspan(i + 2), slen); st >= 0 && i + 2 + slen < t.size() &&
                                                                        word_is(*t[i + 2 + slen], "on")) {
          per_status = st;
          break;
        }
        if ((per_province = province_count(t, i + 2, to))) break;
        std::optional<Node> test;
        if (!noun_filter(t, i + 2, to, param(2), test, why)) return fail({c.range, why});
        per = filter_function(std::move(*test), c.range);
        break;
      }
    size_t end = 0;
    std::string w0 = lower_word(*t[0]);
    bool single = w0 == "this" || is_pronoun(w0) || w0 == "the" || w0 == "that" || w0 == "target" || reference_at(t[0]);
    if (single) {
      auto card = card_at(c, 0, end, why);
      if (!card) return fail({c.range, why});
      Node subject = *card;  // as written (this card, a target): filters may read it, unlike a local
      uint32_t who = b.local();
      b.stmts.push_back(let(who, std::move(*card)));
      if (alt_second) {
        std::optional<Node> cond;
        if (word_at(t, alt_from) == "while") {
          std::vector<const ast::Term*> span(t.begin(), t.begin() + std::ptrdiff_t(alt_to));
          cond = while_subject(span, alt_from, pred, subject);
        } else {
          cond = card_condition(c, terms_range(t, alt_from, alt_to));
        }
        if (!cond) return fail({c.range, "the condition '" + words_text(t, alt_from, alt_to) + "' is not compiled yet"});
        Node first = std::move(changes[0].delta);
        Node chosen = binary(Op::Ne, std::move(*cond), konst(0));
        changes[0].delta = binary(Op::Add, first, binary(Op::Mul, binary(Op::Sub, std::move(*alt_second), first), std::move(chosen)));
      }
      std::optional<Node> guard;
      if (!while_guard(std::move(subject), guard)) return false;
      Body guarded;
      guarded.locals = b.locals;
      Body& into = guard ? guarded : b;
      if (keyword >= 0) grant(into, local(who));
      for (auto& ch : changes) {
        if (per_status || per || per_province) {
          Node count = per_status ? call("cardrt_card_counters", {G(), param(2), konst(*per_status)})
                       : per_province ? *per_province
                                      : call("cardrt_count_cards", {G(), C(), fn_ref(*per)});
          modify_per(into, local(who), ch, std::move(count), dur, c.range);
        } else {
          into.stmts.push_back(eval(call("cardrt_stat_modify", {G(), C(), local(who), konst(ch.stat), std::move(ch.delta), konst(dur)})));
        }
      }
      if (guard) {
        b.locals = guarded.locals;
        b.stmts.push_back(if_(std::move(*guard), block(std::move(guarded.stmts))));
      }
      return true;
    }
    if (per || per_province) return fail({c.range, "a fluctuating bonus to many cards is not compiled yet"});
    if (alt_second) return fail({c.range, "an alternative bonus for many cards is not compiled yet"});
    // Many cards: "Your Samurai Personalities have +1F": for each card the subject names.
    auto filter = subject_filter(c, pred);
    if (!filter) return false;
    Body apply;
    std::optional<Node> guard;
    if (!while_guard(param(2), guard)) return false;
    if (guard) apply.stmts.push_back(if_(not_(std::move(*guard)), block({ret(konst(CARDRT_OK))})));
    if (keyword >= 0) grant(apply, param(2));
    for (auto& ch : changes)
      apply.stmts.push_back(eval(call("cardrt_stat_modify", {G(), C(), param(2), konst(ch.stat), std::move(ch.delta), konst(dur)})));
    for_each_card(b, *filter, std::move(apply), c.range);
    return true;
  }
  return fail({c.range, "this statement is not compiled yet"});
}

// A restriction (003 Traits: "cannot", "may not"): what the subject may not do, as a runtime grant the
// runtime checks when the action happens. nullopt: not a restriction; false: one cardc cannot bind (reported).
std::optional<bool> CardBinder::restriction(const Clause& c, Body& b, int32_t dur) {
  const auto& t = c.terms;
  size_t neg = 0, after = 0;
  for (; neg < t.size(); ++neg) {
    std::string w = lower_word(*t[neg]);
    if (w == "cannot") { after = neg + 1; break; }
    if ((w == "can" || w == "may" || w == "will") && neg + 1 < t.size() && word_is(*t[neg + 1], "not")) { after = neg + 2; break; }
  }
  if (after == 0) {
    // "Battle resolution does not bow ...", "He does not contribute Force ...": what the engine's procedures do
    for (neg = 0; neg + 2 < t.size(); ++neg)
      if (word_is(*t[neg], "does") && word_is(*t[neg + 1], "not")) {
        after = neg + 2;
        break;
      }
    if (after == 0 || (!word_is(*t[after], "bow") && !word_is(*t[after], "contribute"))) return std::nullopt;
  }
  if (after >= t.size()) return std::nullopt;
  std::string verb = lower_word(*t[after]);
  if (std::optional<bool> r = procedure_restriction(c, neg, after, b, dur)) return *r;
  // "Cannot attach Items", "Will not attach cards": printed without a subject, about the card itself
  if (neg == 0 && verb != "attach") return std::nullopt;
  std::string why;
  if (neg == 1 && word_is(*t[0], "you") && verb == "gain") {
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
  } else if (verb == "attach" && after + 1 < t.size()) {
    action = CARDRT_FORBID_RECEIVE_ATTACHMENT;  // "attach Items": have them attached (other: the attached card)
    rest = after + 1;
  } else if (verb == "issue" && after + 2 == t.size() && lower_word(*t[after + 1]).rfind("challenge", 0) == 0) {
    action = CARDRT_FORBID_ISSUE_CHALLENGE;
  }
  if (verb == "be" && after + 4 == t.size() && word_is(*t[after + 1], "inflicted") && word_is(*t[after + 2], "with") &&
      (word_is(*t[after + 3], "statuses") || word_is(*t[after + 3], "status")))
    action = CARDRT_FORBID_RECEIVE_STATUS;
  if (action < 0) return std::nullopt;
  size_t end = 0;
  auto card = neg == 0 ? std::optional<Node>(self()) : card_at(c, 0, end, why);
  if (!card) return fail({c.range, why});
  if (end != neg) return fail({c.range, "the restricted card is not compiled yet"});
  Node filter = konst(0);
  if (rest < t.size()) {
    // "cannot attack structures": only against the cards the noun phrase names
    // (a card about to be attached is not in play yet)
    std::optional<Node> test;
    if (!noun_filter(t, rest, t.size(), param(2), test, why, action != CARDRT_FORBID_RECEIVE_ATTACHMENT)) return fail({c.range, why});
    filter = fn_ref(filter_function(std::move(*test), c.range));
  }
  b.stmts.push_back(eval(call("cardrt_forbid", {G(), C(), std::move(*card), konst(action), std::move(filter), konst(dur)})));
  return true;
}

// A span ending a restriction: "this turn", "(this turn)", "this phase", "this game", "this battle", or an "until"
// duration; true (and `dur` set) when the words from `k` are only that. Nothing left: `dur` is kept.
bool CardBinder::restriction_span(const std::vector<const ast::Term*>& t, size_t k, int32_t& dur) {
  size_t end = t.size();
  if (k < end && t[k]->kind == ast::TermKind::Other && t[k]->text == "(" && t[end - 1]->kind == ast::TermKind::Other &&
      t[end - 1]->text == ")") {
    ++k;
    --end;
  }
  if (k == end) return true;
  if (k + 2 == end && word_at(t, k) == "this") {
    std::string span = word_at(t, k + 1);
    int32_t d = span == "turn" ? CARDRT_DUR_END_OF_TURN : span == "phase" ? CARDRT_DUR_END_OF_PHASE
                : span == "battle" ? CARDRT_DUR_END_OF_BATTLE : span == "game" ? CARDRT_DUR_PERMANENT : -1;
    if (d < 0) return false;
    dur = d;
    return true;
  }
  size_t len = 0;
  if (word_at(t, k) != "until" || lex_.duration_at(std::span(t).subspan(k), len) < 0 || k + len != end) return false;
  Clause tail;
  tail.all_terms = std::vector<const ast::Term*>(t.begin() + std::ptrdiff_t(k), t.begin() + std::ptrdiff_t(end));
  int32_t d = duration(tail, -1);
  if (d < 0) return false;
  dur = d;
  return true;
}

// Restrictions on what a card does in the rules' procedures, not by an ability (003 Traits: "cannot", "may not"):
// t[neg] is the negation, t[after] its verb. "He may not perform actions this turn", "He may not be assigned to
// attack this turn", "A target Holding's abilities may not be used", "Card effects will not move this
// Personality", "He does not contribute Force while unbowed", "Battle resolution does not bow cards in this unit".
// nullopt: not one of these.
std::optional<bool> CardBinder::procedure_restriction(const Clause& c, size_t neg, size_t after, Body& b, int32_t dur) {
  const auto& t = c.terms;
  auto word = [&](size_t k) { return word_at(t, k); };
  std::string subject = lower(words_text(t, 0, neg));
  std::string why;
  int32_t action = -1;
  size_t rest = 0, card_end = neg;
  std::optional<Node> card;
  std::optional<Node> filter;  // over `other`; for Force and resolution, the restricted card itself
  if (word(after) == "perform" && word(after + 1) == "actions") {
    action = CARDRT_FORBID_PERFORM_ACTIONS;
    rest = after + 2;
  } else if (word(after) == "be" && word(after + 1) == "assigned" && word(after + 2) == "to" && word(after + 3) == "attack") {
    action = CARDRT_FORBID_ASSIGN_ATTACK;
    rest = after + 4;
  } else if (word(after) == "be" && word(after + 1) == "used" && neg >= 2 && word(neg - 1) == "abilities") {
    action = CARDRT_FORBID_USE_ABILITIES;
    rest = after + 2;
    card_end = neg - 1;
  } else if (word(after) == "move" && subject == "card effects") {
    action = CARDRT_FORBID_MOVE;  // by effects only: the engine's own moves (assigning) are not card effects
    size_t end = after + 1;
    card = card_at(c, after + 1, end, why);
    if (!card) return fail({c.range, why});
    rest = end;
  } else if (word(after) == "contribute" && word(after + 1) == "force") {
    action = CARDRT_FORBID_CONTRIBUTE_FORCE;
    rest = after + 2;
    if (word(rest) == "to" && (word(rest + 1) == "his" || word(rest + 1) == "her" || word(rest + 1) == "its") && word(rest + 2) == "army") rest += 3;
    if (word(rest) == "during" && word(rest + 1) == "battle" && word(rest + 2) == "resolution") rest += 3;
    if (word(rest) == "while") {
      // the condition is judged when the engine asks (`other` is the card itself)
      filter = while_subject(t, rest, neg, param(2));
      // "while there are two or more units in his army": a condition not about the card alone
      if (!filter) filter = card_condition(c, terms_range(t, rest, t.size()));
      if (!filter) return fail({c.range, "the condition '" + words_text(t, rest, t.size()) + "' is not compiled yet"});
      rest = t.size();
    }
  } else if (word(after) == "bow" && subject == "battle resolution") {
    // each card the words name keeps its state through battle resolution (the engine bows the rest)
    std::optional<Node> test;
    if (!noun_filter(t, after + 1, t.size(), param(2), test, why)) return fail({c.range, why});
    Body apply;
    apply.stmts.push_back(eval(call("cardrt_forbid", {G(), C(), param(2), konst(CARDRT_FORBID_RESOLUTION_BOW), konst(0), konst(dur)})));
    for_each_card(b, filter_function(std::move(*test), c.range), std::move(apply), c.range);
    return true;
  } else {
    return std::nullopt;
  }
  if (!card) {
    size_t end = 0;
    card = targeted_card(c, 0, end, b);  // "A target Holding's abilities": a target in the subject
    if (!card) return false;
    if (action == CARDRT_FORBID_USE_ABILITIES && end < card_end && word(end) == "'s") ++end;
    if (end != card_end) return fail({c.range, "the restricted card is not compiled yet"});
  }
  if (!restriction_span(t, rest, dur)) return fail({c.range, "the words after '" + words_text(t, 0, rest) + "' are not compiled yet"});
  Node f = filter ? fn_ref(filter_function(std::move(*filter), c.range)) : konst(0);
  b.stmts.push_back(eval(call("cardrt_forbid", {G(), C(), std::move(*card), konst(action), std::move(f), konst(dur)})));
  return true;
}

// "Negate his straightening until your next turn", "Negate its next straightening (this turn)", "negate his (future)
// movement": a restriction on the card (the runtime refuses the straightening or the move, logged `forbidden`);
// "next" ends it once it has negated one. nullopt: not about straightening or movement.
std::optional<bool> CardBinder::negate_procedure(const Clause& c, size_t v, Body& b, int32_t dur) {
  const auto& t = c.terms;
  size_t k = v;
  std::string who = word_at(t, k);
  if (who != "his" && who != "her" && who != "its" && who != "their") return std::nullopt;
  ++k;
  bool next = word_at(t, k) == "next";
  if (next) ++k;
  // "(future)": the movement still to come, which is all a restriction can negate
  if (k + 2 < t.size() && t[k]->text == "(" && word_at(t, k + 1) == "future" && t[k + 2]->text == ")") k += 3;
  std::string what = word_at(t, k);
  int32_t action = what == "straightening" ? CARDRT_FORBID_STRAIGHTEN : what == "movement" ? CARDRT_FORBID_MOVE : -1;
  if (action < 0) return std::nullopt;
  const Reference* r = reference_at(t[v]);
  if (!restriction_span(t, k + 1, dur)) return fail({c.range, "the words after '" + words_text(t, v, k + 1) + "' are not compiled yet"});
  Node kind = konst(action | (next ? CARDRT_FORBID_NEXT : 0));
  // "Negate their straightening" after "target one or two Personalities": each of them
  if (who == "their" && r)
    for (size_t j : multi_targets_)
      if (unit_->targets[j].range == r->antecedent) {
        Body each;
        each.stmts.push_back(eval(call("cardrt_forbid", {G(), C(), param(2), kind, konst(0), konst(dur)})));
        int fn = each_function(std::move(each), c.range);
        b.stmts.push_back(eval(call("cardrt_for_each_in_slot", {G(), C(), konst(static_cast<int64_t>(j)), fn_ref(fn)})));
        return true;
      }
  std::string why;
  std::optional<Node> card = r ? from_antecedent(r->antecedent, why) : std::nullopt;
  if (!card) return fail({c.range, why.empty() ? "whose " + what + " it negates is not compiled yet" : why});
  b.stmts.push_back(eval(call("cardrt_forbid", {G(), C(), std::move(*card), std::move(kind), konst(0), konst(dur)})));
  return true;
}

// "<cards> can not be targeted by other players' actions [while they <state> [and <state>]]": a protection (001
// Target) for each card the subject names, held only while the condition does. nullopt: not this statement.
std::optional<bool> CardBinder::untargetable(const Clause& c, Body& b, int32_t dur) {
  const auto& t = c.terms;
  size_t neg = 0;
  for (; neg + 3 < t.size(); ++neg) {
    std::string w = lower_word(*t[neg]);
    size_t be = w == "cannot" ? neg + 1 : (w == "can" && word_is(*t[neg + 1], "not")) ? neg + 2 : 0;
    if (be && be + 1 < t.size() && word_is(*t[be], "be") && word_is(*t[be + 1], "targeted")) break;
  }
  if (neg + 3 >= t.size()) return std::nullopt;
  std::string rest = lower(words_text(t, neg, t.size()));
  if (rest.find("by other players") == std::string::npos && rest.find("by opponents") == std::string::npos &&
      rest.find("by your opponents") == std::string::npos)
    return fail({c.range, "only 'can not be targeted by other players' actions' is compiled yet"});
  // the condition: "while they have an attachment and are not in an army"
  Node holds = konst(1);
  bool conditional = false;
  size_t wh = neg;
  while (wh < t.size() && !word_is(*t[wh], "while")) ++wh;
  for (size_t i = wh + 2; i < t.size(); ++i) {  // after "while they"
    std::string w = lower_word(*t[i]);
    if (w == "and") continue;
    bool no = false;
    size_t k = i + 1;
    if (k < t.size() && word_is(*t[k], "not")) {
      no = true;
      ++k;
    }
    std::optional<Node> p;
    if ((w == "have" || w == "has") && k + 1 < t.size() && lower_word(*t[k + 1]).rfind("attachment", 0) == 0) {
      p = binary(Op::Gt, call("cardrt_card_attachments", {G(), param(2), konst(-1)}), konst(0));
      i = k + 1;
    } else if ((w == "are" || w == "is") && k + 2 < t.size() && word_is(*t[k], "in") && word_is(*t[k + 2], "army")) {
      p = binary(Op::Gt, call("cardrt_card_battlefield", {G(), param(2)}), konst(0));  // an army is at a battlefield
      i = k + 2;
    } else if ((w == "are" || w == "is") && k < t.size() && (word_is(*t[k], "bowed") || word_is(*t[k], "unbowed"))) {
      p = call("cardrt_card_state", {G(), param(2), konst(CARDRT_STATE_BOWED)});
      if (word_is(*t[k], "unbowed")) no = !no;
      i = k;
    }
    if (!p) return fail({c.range, "the condition '" + words_text(t, wh, t.size()) + "' is not compiled yet"});
    holds = and_(std::move(holds), no ? not_(std::move(*p)) : std::move(*p));
    conditional = true;
  }
  std::string why;
  std::optional<Node> subject;
  if (!noun_filter(t, 0, neg, param(2), subject, why)) return fail({c.range, why});
  int filter = filter_function(std::move(*subject), c.range);
  Body apply;
  if (conditional) {
    int cond = filter_function(std::move(holds), c.range);
    apply.stmts.push_back(eval(call("cardrt_grant_protection_while", {G(), C(), param(2), konst(CARDRT_PROT_UNTARGETABLE_BY_OPPONENTS), fn_ref(cond), konst(dur)})));
  } else {
    apply.stmts.push_back(eval(call("cardrt_grant_protection", {G(), C(), param(2), konst(CARDRT_PROT_UNTARGETABLE_BY_OPPONENTS), konst(dur)})));
  }
  for_each_card(b, filter, std::move(apply), c.range);
  return true;
}

}  // namespace cardc::binding
