#include "profile/load_profile.h"

#include <algorithm>
#include <charconv>
#include <set>

namespace cardc {

namespace {

using ast::DeclKind;

constexpr std::string_view kPrimitives[] = {
#define PRIMITIVE(n) #n,
#include "profile/primitives.def"
#undef PRIMITIVE
};

// The attributes each declaration kind accepts (docs/language.md, Game profiles).
const std::vector<std::string_view>& allowed_attrs(DeclKind k) {
  static const std::vector<std::string_view> stat{"floor", "destroy at zero", "dash is lowest", "lethal", "rolled",
                                                  "duel floor", "cost", "role"};
  static const std::vector<std::string_view> player_stat{"floor"};
  static const std::vector<std::string_view> resource{"produced", "supply", "gain limit", "temporary", "player stat",
                                                      "unique"};
  static const std::vector<std::string_view> card_type{"enters play", "attaches", "action", "created", "person",
                                                       "discard pile", "player keywords"};
  static const std::vector<std::string_view> zone{"x is zero", "in play", "hidden", "ordered", "provinces", "deck"};
  static const std::vector<std::string_view> state{"verb", "opposite", "undo verb"};
  static const std::vector<std::string_view> description{"stat", "at most", "at least"};
  static const std::vector<std::string_view> designator{"reaction", "interrupt"};
  static const std::vector<std::string_view> keyword{"rule", "prefix"};
  static const std::vector<std::string_view> event{"subject", "signal", "engine", "optional", "boundary"};
  static const std::vector<std::string_view> duration{"ends at"};
  static const std::vector<std::string_view> status{"resist roll", "damage", "token"};
  static const std::vector<std::string_view> dice{"sides"};
  static const std::vector<std::string_view> verb{"primitive", "permanent", "refills", "keyword action", "attack", "reaches",
                                                  "strength after", "refusable"};
  static const std::vector<std::string_view> none{};
  switch (k) {
    case DeclKind::Stat: return stat;
    case DeclKind::PlayerStat: return player_stat;
    case DeclKind::Resource: return resource;
    case DeclKind::CardType: return card_type;
    case DeclKind::Zone: return zone;
    case DeclKind::State: return state;
    case DeclKind::Description: return description;
    case DeclKind::Designator: return designator;
    case DeclKind::Keyword: return keyword;
    case DeclKind::Event: return event;
    case DeclKind::Duration: return duration;
    case DeclKind::Status: return status;
    case DeclKind::Dice: return dice;
    case DeclKind::Verb: return verb;
    default: return none;
  }
}


std::string join(const std::vector<std::string_view>& v) {
  std::string out;
  for (auto s : v) out += (out.empty() ? "" : ", ") + std::string(s);
  return out;
}

class Loader {
 public:
  Loader(const ast::ProfileFile& f, DiagnosticEngine& d) : file_(f), diags_(d) {}

  std::unique_ptr<GameProfile> run() {
    p_ = std::make_unique<GameProfile>();
    p_->game = file_.game;
    p_->title = file_.title;
    p_->file = file_.file;
    // Stats first: card types name them, whatever the order of lines.
    for (const auto& d : file_.decls)
      if (d.kind == DeclKind::Stat || d.kind == DeclKind::PlayerStat) declare(d);
    for (const auto& d : file_.decls)
      if (d.kind != DeclKind::Stat && d.kind != DeclKind::PlayerStat && d.kind != DeclKind::Description) declare(d);
    // descriptions last: they name card types and stats, whatever the order of lines
    for (const auto& d : file_.decls)
      if (d.kind == DeclKind::Description) declare(d);
    if (p_->card_types.empty()) diags_.report(DiagId::ProfileMissing, file_.game_range, "card types");
    check_discard_piles();
    check_player_keywords();
    if (p_->designators.empty()) diags_.report(DiagId::ProfileMissing, file_.game_range, "designators");
    if (p_->verbs.empty()) diags_.report(DiagId::ProfileMissing, file_.game_range, "verbs");
    p_->index_phrases();
    return std::move(p_);
  }

 private:
  const ast::Attr* attr(const ast::Declaration& d, std::string_view name) {
    for (const auto& a : d.attrs)
      if (a.name.text == name) return &a;
    return nullptr;
  }
  std::string attr_value(const ast::Declaration& d, std::string_view name) {
    const ast::Attr* a = attr(d, name);
    return a && a->value ? a->value->text : std::string();
  }

  bool fresh(std::string_view kind, const ast::Name& n) {
    if (!seen_.insert(std::string(kind) + "\x1f" + n.text).second) {
      diags_.report(DiagId::ProfileDuplicate, n.range, kind, n.text);
      return false;
    }
    return true;
  }

  void check_attrs(const ast::Declaration& d) {
    const auto& allowed = allowed_attrs(d.kind);
    for (const auto& a : d.attrs)
      if (std::find(allowed.begin(), allowed.end(), a.name.text) == allowed.end())
        diags_.report(DiagId::ProfileUnknownAttribute, a.name.range, a.name.text, ast::decl_kind_name(d.kind),
                      d.name ? d.name->text : std::string())
            .note({}, allowed.empty() ? std::string("this declaration takes no attributes")
                                      : "allowed here: " + join(allowed));
  }

  // A card type's player keywords name a family of keywords ("keyword Clan: Lion Clan, ..."), declared anywhere.
  void check_player_keywords() {
    for (CardTypeDef& t : p_->card_types) {
      if (t.player_keywords.empty()) continue;
      if (std::any_of(p_->keywords.begin(), p_->keywords.end(), [&](const KeywordDef& k) { return k.family == t.player_keywords; }))
        continue;
      std::vector<std::string_view> families;
      for (const KeywordDef& k : p_->keywords)
        if (!k.family.empty() && std::find(families.begin(), families.end(), k.family) == families.end()) families.push_back(k.family);
      diags_.report(DiagId::ProfileBadPolicy, t.player_keywords_at, "player keywords", t.player_keywords, join(families));
      t.player_keywords.clear();
    }
  }

  // A card type's discard pile names a zone that is not in play, declared anywhere in the file.
  void check_discard_piles() {
    std::vector<std::string_view> piles;
    for (const NamedDef& z : p_->zones)
      if (!z.attrs.count("in play")) piles.push_back(z.name);
    for (CardTypeDef& t : p_->card_types) {
      if (t.discard_pile.empty()) continue;
      if (std::find(piles.begin(), piles.end(), t.discard_pile) != piles.end()) continue;
      diags_.report(DiagId::ProfileBadPolicy, t.discard_pile_at, "discard pile", t.discard_pile, join(piles));
      t.discard_pile.clear();
    }
  }

  // `verb Ranged Attack: Follower, Personality (without Follower) [primitive = attack, keyword action = destroy,
  // attack = ranged, reaches = Force, strength after = Ranged]`: the verb just declared is a keyword action. Its
  // other spellings are verbs of the same action: the words before the strength ("Ranged 3 Attack") and the names in
  // parentheses ("Fear (Make a Fear effect)").
  // `description dishonorable: Personality [stat = Personal Honor, at most = 0]`: one card type, one card stat it has,
  // and one bound
  void description(const ast::Declaration& d, const ast::Name& n) {
    DescriptionDef s;
    s.name = n.text;
    s.words = phrase_words(n.text);
    s.where = n.range;
    const CardTypeDef* type = d.items.size() == 1 ? p_->card_type(d.items[0].name.text) : nullptr;
    if (!type) {
      diags_.report(DiagId::ProfileBadPolicy, d.items.empty() ? n.range : d.items[0].name.range, "description card type",
                    d.items.empty() ? std::string() : d.items[0].name.text, "one card type: " + join_types());
      return;
    }
    s.card_type = static_cast<size_t>(type - p_->card_types.data());
    const std::string stat_name = attr_value(d, "stat");
    auto stat = p_->stat(stat_name);
    if (!stat || !type->slot(*stat)) {  // a stat of that card type (003: a Follower has no Personal Honor)
      diags_.report(DiagId::ProfileUnknownStat, attr(d, "stat") ? attr(d, "stat")->name.range : n.range,
                    "description " + n.text, stat_name);
      return;
    }
    s.stat = *stat;
    const ast::Attr* most = attr(d, "at most");
    const ast::Attr* least = attr(d, "at least");
    const ast::Attr* bound = most ? most : least;
    const std::string value = bound && bound->value ? bound->value->text : std::string();
    auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), s.bound);
    if ((most != nullptr) == (least != nullptr) || value.empty() || ec != std::errc() || ptr != value.data() + value.size()) {
      diags_.report(DiagId::ProfileBadPolicy, bound && bound->value ? bound->value->range : n.range, "description bound",
                    value, "one of 'at most = N', 'at least = N'");
      return;
    }
    s.at_most = most != nullptr;
    p_->descriptions.push_back(std::move(s));
  }

  void keyword_action(const ast::Declaration& d, const ast::Name& n) {
    KeywordActionDef a;
    a.name = n.text;
    a.words = phrase_words(n.text);
    const ast::Attr* does = attr(d, "keyword action");
    std::string prim = does->value ? does->value->text : std::string();
    std::replace(prim.begin(), prim.end(), ' ', '_');
    if (std::find(std::begin(kPrimitives), std::end(kPrimitives), prim) == std::end(kPrimitives)) {
      std::vector<std::string_view> all(std::begin(kPrimitives), std::end(kPrimitives));
      diags_.report(DiagId::ProfileBadPolicy, does->value ? does->value->range : does->name.range, "keyword action",
                    prim, join(all));
      return;
    }
    // what it does to its one target: a verb the runtime does to a card
    if (prim != "destroy" && prim != "bow" && prim != "straighten") {
      diags_.report(DiagId::ProfileBadPolicy, does->value->range, "keyword action", prim, "destroy, bow, straighten");
      return;
    }
    a.primitive = prim;
    a.attack = attr_value(d, "attack");
    if (!a.attack.empty() && a.attack != "ranged" && a.attack != "melee") {
      diags_.report(DiagId::ProfileBadPolicy, attr(d, "attack")->value->range, "attack", a.attack, "ranged, melee");
      return;
    }
    const std::string reaches = attr_value(d, "reaches");
    auto stat = p_->stat(reaches);
    if (!stat || p_->stats[*stat].player) {
      diags_.report(DiagId::ProfileUnknownStat, attr(d, "reaches") ? attr(d, "reaches")->name.range : n.range,
                    "keyword action " + n.text, reaches);
      return;
    }
    // the runtime's attacks compare their strength with the force stat (attack_strength.cpp)
    if (!a.attack.empty() && p_->stats[*stat].role != "force") {
      diags_.report(DiagId::ProfileBadPolicy, attr(d, "reaches")->value->range, "reaches of an attack", reaches,
                    "the stat whose role is force");
      return;
    }
    a.stat = *stat;
    const std::vector<std::string> words = phrase_words(n.text);
    a.strength_at = words.size();
    if (const std::string after = attr_value(d, "strength after"); !after.empty()) {
      const std::vector<std::string> head = phrase_words(after);
      if (head.size() > words.size() || !std::equal(head.begin(), head.end(), words.begin())) {
        diags_.report(DiagId::ProfileBadPolicy, attr(d, "strength after")->value->range, "strength after", after,
                      "the first words of '" + n.text + "'");
        return;
      }
      a.strength_at = head.size();
    }
    for (const auto& it : d.items) {
      KeywordActionDef::Target t;
      const CardTypeDef* type = p_->card_type(it.name.text);
      if (!type) {
        diags_.report(DiagId::ProfileBadPolicy, it.name.range, "keyword action target", it.name.text, join_types());
        return;
      }
      t.card_type = static_cast<size_t>(type - p_->card_types.data());
      for (const auto& ab : it.abbrevs) {
        const std::vector<std::string> w = phrase_words(ab.text);
        const CardTypeDef* without = w.size() > 1 && w[0] == "without" ? p_->card_type(ab.text.substr(ab.text.find(' ') + 1)) : nullptr;
        if (!without) {
          diags_.report(DiagId::ProfileUnknownAttribute, ab.range, ab.text, "keyword action target", it.name.text)
              .note({}, "allowed here: without CARD TYPE");
          return;
        }
        t.without = static_cast<int>(without - p_->card_types.data());
      }
      a.targets.push_back(t);
    }
    if (a.targets.empty()) {
      diags_.report(DiagId::ProfileMissing, n.range, "targets for keyword action '" + n.text + "' (after a colon)");
      return;
    }
    const int index = static_cast<int>(p_->keyword_actions.size());
    p_->keyword_actions.push_back(std::move(a));
    VerbDef verb = p_->verbs.back();
    p_->verbs.back().action = index;
    verb.action = index;
    auto spelling = [&](std::string text, SourceRange at) {
      VerbDef v = verb;
      v.words = phrase_words(text);
      v.name = std::move(text);
      v.where = at;
      p_->verbs.push_back(std::move(v));
    };
    const size_t at = p_->keyword_actions.back().strength_at;
    if (at > 0 && at < words.size()) {
      size_t end = 0;  // after the at-th word of the name as printed
      for (size_t w = 0; w < at; ++w) {
        end = n.text.find_first_not_of(' ', end);
        end = std::min(n.text.find(' ', end), n.text.size());
      }
      spelling(n.text.substr(0, end), n.range);
    }
    for (const auto& ab : d.abbrevs)
      if (fresh("verb", ab)) spelling(ab.text, ab.range);
  }

  std::string join_types() const {
    std::string out;
    for (const CardTypeDef& t : p_->card_types) out += (out.empty() ? "" : ", ") + t.name;
    return out;
  }

  // `policy NAME = VALUE`, each with a closed set of values.
  void policy(const ast::Declaration& d) {
    std::string name = d.name ? d.name->text : std::string();
    std::string value = d.value ? d.value->text : std::string();
    SourceRange at = d.value ? d.value->range : d.range;
    auto bad = [&](std::vector<std::string_view> expected) {
      diags_.report(DiagId::ProfileBadPolicy, at, name.empty() ? "policy" : name, value, join(expected));
    };
    if (name == "modifier order") {
      if (value == "steps A-C") p_->modifier_order = ModifierOrder::StepsAC;
      else if (value == "rule 523") p_->modifier_order = ModifierOrder::Rule523;
      else bad({"steps A-C", "rule 523"});
    } else if (name == "negative results") {
      if (value == "zero") p_->negative_results = NegativeResults::Zero;
      else if (value == "zero except set double modify") p_->negative_results = NegativeResults::ZeroExceptSetDoubleModify;
      else bad({"zero", "zero except set double modify"});
    } else if (name == "modules") {
      // The runtime rule modules this game switches on (runtime/include/cardrt/cardrt.h CARDRT_RULE_*).
      static const std::vector<std::string_view> known{"zero chi", "lethal damage", "gem dice", "tactical", "terrain",
                                                       "hero wounds", "deck out", "x zero out of play"};
      size_t start = 0;
      while (start <= value.size()) {
        size_t comma = value.find(',', start);
        std::string one = value.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        one.erase(0, one.find_first_not_of(' '));
        if (one.find_last_not_of(' ') != std::string::npos) one.erase(one.find_last_not_of(' ') + 1);
        if (!one.empty()) {
          if (std::find(known.begin(), known.end(), one) == known.end())
            diags_.report(DiagId::ProfileBadPolicy, at, "rule module", one, join(known));
          else
            p_->modules.push_back(one);
        }
        if (comma == std::string::npos) break;
        start = comma + 1;
      }
    } else if (name == "rules") {
      size_t start = 0;
      while (start < value.size()) {
        size_t comma = value.find(',', start);
        std::string one = value.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        one.erase(0, one.find_first_not_of(' '));
        one.erase(one.find_last_not_of(' ') + 1);
        if (!one.empty()) p_->rules.push_back(one);
        if (comma == std::string::npos) break;
        start = comma + 1;
      }
    } else {
      diags_.report(DiagId::ProfileBadPolicy, d.name ? d.name->range : d.range, "policy", name,
                    "modifier order, negative results, modules, rules");
    }
  }

  void declare(const ast::Declaration& d) {
    check_attrs(d);
    if (d.kind == DeclKind::Policy) return policy(d);
    if (d.kind == DeclKind::Keywords) {  // `keywords: A, B, C`
      for (const auto& it : d.items)
        if (fresh("keyword", it.name)) p_->add_keyword({it.name.text, "", false, "", it.name.range});
      return;
    }
    if (!d.name) {
      diags_.report(DiagId::UnexpectedToken, d.kind_range, "declaration", "; a name must follow it");
      return;
    }
    const ast::Name& n = *d.name;
    std::vector<std::string> abbrevs;
    for (const auto& a : d.abbrevs) abbrevs.push_back(a.text);
    switch (d.kind) {
      case DeclKind::Stat:
      case DeclKind::PlayerStat: {
        if (!fresh("stat", n)) return;
        for (const auto& a : d.abbrevs) fresh("stat abbreviation", a);
        StatDef s;
        s.name = n.text;
        s.abbrevs = abbrevs;
        s.player = d.kind == DeclKind::PlayerStat;
        std::string floor = attr_value(d, "floor");
        if (floor == "none") s.floor = Floor::None;
        else if (!floor.empty() && floor != "zero")
          diags_.report(DiagId::ProfileBadPolicy, attr(d, "floor")->value->range, "floor", floor, "zero, none");
        s.destroy_at_zero = attr(d, "destroy at zero");
        s.dash_is_lowest = attr(d, "dash is lowest");
        s.lethal = attr(d, "lethal");
        s.rolled = attr(d, "rolled");
        s.duel_floor = attr(d, "duel floor");
        s.cost = attr(d, "cost");
        s.role = attr_value(d, "role");
        static const std::vector<std::string_view> roles{"force", "chi", "personal honor", "focus", "health",
                                                         "attack", "luck", "resist", "duel", "province strength"};
        if (!s.role.empty() && std::find(roles.begin(), roles.end(), s.role) == roles.end())
          diags_.report(DiagId::ProfileBadPolicy, attr(d, "role")->value->range, "stat role", s.role, join(roles));
        s.where = n.range;
        p_->add_stat(std::move(s));
        break;
      }
      case DeclKind::CardType: {
        if (!fresh("card type", n)) return;
        CardTypeDef t;
        t.name = n.text;
        for (const auto& it : d.items) {
          auto idx = p_->stat(it.name.text);
          if (!idx || p_->stats[*idx].player) {
            diags_.report(DiagId::ProfileUnknownStat, it.name.range, n.text, it.name.text);
            continue;
          }
          bool modifier = false;
          for (const auto& a : it.abbrevs) {
            if (a.text == "modifier") modifier = true;
            else diags_.report(DiagId::ProfileUnknownAttribute, a.range, a.text, "card type stat", it.name.text)
                     .note({}, "allowed here: modifier");
          }
          t.stats.push_back({*idx, modifier});
        }
        t.enters_play = attr(d, "enters play");
        t.attaches = attr(d, "attaches");
        t.action = attr(d, "action");
        t.created = attr(d, "created");
        t.person = attr(d, "person");
        if (const ast::Attr* pile = attr(d, "discard pile"); pile && pile->value) {
          t.discard_pile = pile->value->text;
          t.discard_pile_at = pile->value->range;
        }
        if (const ast::Attr* family = attr(d, "player keywords"); family && family->value) {
          t.player_keywords = family->value->text;
          t.player_keywords_at = family->value->range;
        }
        t.where = n.range;
        p_->add_card_type(std::move(t));
        break;
      }
      case DeclKind::Resource: {
        if (!fresh("resource", n)) return;
        ResourceDef r;
        r.name = n.text;
        r.abbrevs = abbrevs;
        r.produced = attr(d, "produced");
        r.supply = attr(d, "supply");
        r.temporary = attr(d, "temporary");
        r.unique = attr(d, "unique");
        r.player_stat = attr_value(d, "player stat");
        if (!r.player_stat.empty()) {
          auto idx = p_->stat(r.player_stat);
          if (!idx || !p_->stats[*idx].player)
            diags_.report(DiagId::ProfileUnknownStat, attr(d, "player stat")->value->range, "resource " + n.text,
                          r.player_stat);
        }
        std::string limit = attr_value(d, "gain limit");
        if (!limit.empty()) {
          auto [ptr, ec] = std::from_chars(limit.data(), limit.data() + limit.size(), r.gain_limit);
          if (ec != std::errc() || ptr != limit.data() + limit.size())
            diags_.report(DiagId::ProfileBadPolicy, attr(d, "gain limit")->value->range, "gain limit", limit,
                          "a number");
        }
        r.where = n.range;
        p_->add_resource(std::move(r));
        break;
      }
      case DeclKind::Keyword: {
        if (!d.items.empty()) {  // `keyword Clan: Lion Clan, Crab Clan`: a family and its members
          for (const auto& it : d.items)
            if (fresh("keyword", it.name)) p_->add_keyword({it.name.text, "", false, n.text, it.name.range});
          return;
        }
        if (!fresh("keyword", n)) return;
        KeywordDef k{n.text, attr_value(d, "rule"), attr(d, "prefix") != nullptr, "", n.range};
        static const std::vector<std::string_view> rules{"unique", "tactician", "tactical", "terrain",
                                                         "experienced", "dishonorable", "tribe", "repeatable"};
        if (!k.rule.empty() && std::find(rules.begin(), rules.end(), k.rule) == rules.end())
          diags_.report(DiagId::ProfileBadPolicy, attr(d, "rule")->value->range, "rule", k.rule, join(rules));
        p_->add_keyword(std::move(k));
        break;
      }
      case DeclKind::Event:
      case DeclKind::Duration: {
        bool event = d.kind == DeclKind::Event;
        if (!fresh(event ? "event" : "duration", n)) return;
        PhraseDef ph{n.text, phrase_words(n.text), attr_value(d, event ? "subject" : "ends at"), n.range, {}};
        if (event) {
          // The runtime's built-in event this phrase is (runtime/src/profile.cpp names them).
          ph.signal = attr_value(d, "signal");
          ph.engine = attr(d, "engine") != nullptr;
          ph.optional = attr(d, "optional") != nullptr;
          ph.boundary = attr_value(d, "boundary");
          static const std::vector<std::string_view> boundaries{"duel end", "turn start"};  // runtime_boundary (bind/runtime_profile.h)
          if (!ph.boundary.empty() && std::find(boundaries.begin(), boundaries.end(), ph.boundary) == boundaries.end())
            diags_.report(DiagId::ProfileBadPolicy, attr(d, "boundary")->value->range, "event boundary", ph.boundary,
                          join(boundaries));
          static const std::vector<std::string_view> signals{
              "enter play", "leave play", "destroyed", "damaged", "resource gained", "resource lost", "card drawn",
              "turn start", "turn end", "battle resolved", "targeted", "bonus", "penalty", "attached",
              "status inflicted", "bowed", "would gain resource", "would be destroyed", "would be damaged",
              "would draw", "would resolve action", "focused", "payment", "provinces revealed",
              "province destroyed", "lethal damage", "duel entered"};
          if (!ph.signal.empty() && std::find(signals.begin(), signals.end(), ph.signal) == signals.end())
            diags_.report(DiagId::ProfileBadPolicy, attr(d, "signal")->value->range, "event signal", ph.signal,
                          join(signals));
        }
        (event ? p_->events : p_->durations).push_back(std::move(ph));
        break;
      }
      case DeclKind::Description: {
        if (!fresh("description", n)) return;
        description(d, n);
        break;
      }
      case DeclKind::Verb: {
        if (!fresh("verb", n)) return;
        std::string prim = attr_value(d, "primitive");
        if (prim.empty()) {
          diags_.report(DiagId::ProfileMissing, n.range, "primitive for verb '" + n.text + "'");
        } else {
          std::string key = prim;
          std::replace(key.begin(), key.end(), ' ', '_');
          if (std::find(std::begin(kPrimitives), std::end(kPrimitives), key) == std::end(kPrimitives)) {
            std::vector<std::string_view> all(std::begin(kPrimitives), std::end(kPrimitives));
            diags_.report(DiagId::ProfileBadPolicy, attr(d, "primitive")->value->range, "primitive", prim, join(all));
          }
          prim = key;
        }
        p_->verbs.push_back({n.text, phrase_words(n.text), prim, n.range, attr(d, "permanent") != nullptr});
        p_->verbs.back().refills = attr(d, "refills") != nullptr;
        p_->verbs.back().refusable = attr(d, "refusable") != nullptr;
        if (attr(d, "keyword action")) keyword_action(d, n);
        break;
      }
      default: {
        auto& list = d.kind == DeclKind::Zone         ? p_->zones
                     : d.kind == DeclKind::State      ? p_->states
                     : d.kind == DeclKind::Designator ? p_->designators
                     : d.kind == DeclKind::Status     ? p_->statuses
                                                      : p_->dice;
        if (!fresh(ast::decl_kind_name(d.kind), n)) return;
        NamedDef nd{n.text, abbrevs, {}, {}, n.range};
        for (const auto& a : d.attrs) nd.attrs[a.name.text] = a.value ? a.value->text : std::string();
        for (const auto& it : d.items) {
          nd.items.push_back(it.name.text);
          if (d.kind == DeclKind::Dice) {
            auto idx = p_->stat(it.name.text);
            if (!idx) diags_.report(DiagId::ProfileUnknownStat, it.name.range, "dice " + n.text, it.name.text);
          }
        }
        if (d.kind == DeclKind::Designator) p_->add_designator(std::move(nd));
        else list.push_back(std::move(nd));
        break;
      }
    }
  }

  const ast::ProfileFile& file_;
  DiagnosticEngine& diags_;
  std::unique_ptr<GameProfile> p_;
  std::set<std::string> seen_;
};

}  // namespace

std::vector<std::string> phrase_words(std::string_view text) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : text) {
    if (c == ' ') {
      if (!cur.empty()) out.push_back(std::move(cur));
      cur.clear();
    } else {
      cur += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
  }
  if (!cur.empty()) out.push_back(std::move(cur));
  return out;
}

std::unique_ptr<GameProfile> load_profile(const ast::ProfileFile& file, DiagnosticEngine& diags) {
  return Loader(file, diags).run();
}

}  // namespace cardc
