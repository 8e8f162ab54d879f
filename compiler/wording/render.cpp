// The English renderer (render.h): the canonical word order of each meaning node, one function per node kind.
// The words themselves come from the wording grammar's tokens (WordingLexer.g4) and the profile's names.
#include "wording/render.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <optional>

#include "meaning/primitive.h"
#include "wording_tokens.h"

namespace cardc::wording {

namespace {

using namespace meaning;

class Renderer {
 public:
  explicit Renderer(const GameProfile& p) : p_(p) {}

  std::vector<WordToken> unit(const Unit& u) {
    u_ = &u;
    if (u.kind == UnitKind::Ability) {
      for (ProfileId k : u.keywords) name(Token::KEYWORD, k);
      for (size_t i = 0; i < u.designators.size(); ++i) {
        if (i > 0) word(Token::SLASH);
        name(Token::DESIGNATOR, u.designators[i]);
      }
      word(Token::COLON);
    }
    if (u.limit) {  // "Once per game:", "Twice per turn, after ...:"
      if (u.limit->times == 1) word(Token::ONCE);
      else if (u.limit->times == 2) word(Token::TWICE);
      else {
        Amount n;
        n.value = u.limit->times;
        number(n);
        word(Token::TIMES);
      }
      word(Token::PER);
      word(u.limit->per_game ? Token::GAME : Token::TURN);
      word(u.trigger || !u.constraints.empty() ? Token::COMMA : Token::COLON);
    }
    if (u.trigger) {
      trigger(*u.trigger);
      word(u.trigger->leads ? Token::COMMA : Token::COLON);
    }
    if (u.even_if) {  // "Even if this card is bowed:", "Even if Nanae is bowed, target a Personality:"
      word(Token::EVEN);
      word(Token::IF);
      condition(*u.even_if);
      word(u.constraints.empty() ? Token::COLON : Token::COMMA);
    }
    for (size_t b = 0; b < u.constraints.size(); ++b) {
      const Constraint& c = u.constraints[b];
      if (c.joined) word(Token::AND);
      if (c.kind == Constraint::Kind::Targeting) targeting(u.targets[static_cast<size_t>(c.items.at(0))]);
      if (c.kind == Constraint::Kind::Performer) {
        verb(Primitive::choose_);
        performer(*u.performer);
      }
      if (c.kind == Constraint::Kind::Roll) {  // "Roll for Luck:"
        verb(Primitive::roll_);
        word(Token::FOR);
        name(Token::STAT, u.roll);
      }
      if (c.kind == Constraint::Kind::Condition) {
        word(Token::IF);
        condition(u.conditions[static_cast<size_t>(c.items.at(0))]);
      }
      for (size_t i = 0; c.kind == Constraint::Kind::Costs && i < c.items.size(); ++i) {
        if (i > 0) word(c.sentences ? Token::PERIOD : Token::AND);  // "Bow this card. Pay 3 Gold:"
        const Effect& paid = u.costs[static_cast<size_t>(c.items[i])];
        effect(paid);
        if (paid.unless) {  // "Bow this Shugenja unless he is Void"
          word(Token::UNLESS);
          condition(*paid.unless);
        }
      }
      if (b + 1 == u.constraints.size() || !u.constraints[b + 1].joined) word(c.leads ? Token::COMMA : Token::COLON);
    }
    for (size_t i = 0; i < u.body.size(); ++i) {
      const Step& s = u.body[i];
      if (const auto* e = std::get_if<Effect>(&s)) effect(*e);
      else if (const auto* t = std::get_if<TargetStep>(&s)) targeting(u.targets[static_cast<size_t>(t->target)]);
      else if (const auto* k = std::get_if<Conditional>(&s)) conditional(*k);
      else if (const auto* o = std::get_if<InOrderTo>(&s)) in_order_to(*o);
      else if (const auto* k = std::get_if<Choice>(&s)) choice(*k);
      else if (const auto* k = std::get_if<Constructor>(&s)) constructor(*k);
      else if (const auto* k = std::get_if<ChooseCards>(&s)) choose_cards(*k);
      else if (const auto* a = std::get_if<AttachRequirement>(&s)) attach_requirement(*a);
      else if (const auto* r = std::get_if<Restriction>(&s)) restriction(*r);
      else if (const auto* l = std::get_if<StatLimit>(&s)) stat_limit(*l);
      else if (const auto* a = std::get_if<ActionStrength>(&s)) action_strength(*a);
      else if (const auto* pm = std::get_if<ProvinceModifier>(&s)) province_modifier(*pm);
      else if (const auto* ep = std::get_if<EnteringPlay>(&s)) entering_play(*ep);
      else if (const auto* d = std::get_if<Delayed>(&s)) delayed(*d);
      else if (const auto* d = std::get_if<Duel>(&s)) duel(*d);
      else if (const auto* d = std::get_if<DuelStat>(&s)) duel_stat(*d);
      else stat_modifier(std::get<StatModifier>(s));
      if (u.x && u.x->after == i) where_x(*u.x);
      word(Token::PERIOD);
    }
    return std::move(out_);
  }

 private:
  void word(Token t) { out_.push_back(WordToken{static_cast<int>(t), {}}); }
  void name(Token t, ProfileId id, bool plural = false) {
    WordToken w{static_cast<int>(t), {}, id};
    w.plural = plural;
    out_.push_back(w);
  }
  void number(const Amount& a) {
    if (a.kind == Amount::Kind::X) return word(Token::VARX);
    WordToken w{static_cast<int>(Token::NUMBER), {}};
    w.value = a.value;
    out_.push_back(w);
  }
  // The verb token of a primitive, as the profile spells it (its first verb for that primitive; for a permanent
  // gift, its first verb marked [permanent]).
  // The profile's verb for a primitive: the one named as the primitive ("Put" for put), else the first
  void verb(Primitive p, bool permanent = false, bool third_person = false) {
    std::optional<size_t> named;
    for (size_t v = 0; v < p_.verbs.size() && !named; ++v)
      if (primitive_named(p_.verbs[v].primitive) == p && p_.verbs[v].permanent == permanent &&
          std::equal(p_.verbs[v].name.begin(), p_.verbs[v].name.end(), primitive_name(p).begin(), primitive_name(p).end(),
                     [](char a, char b) { return (a >= 'A' && a <= 'Z' ? a + ('a' - 'A') : a) == b; }))
        named = v;
    for (size_t v = named.value_or(0); v < p_.verbs.size(); ++v)
      if (primitive_named(p_.verbs[v].primitive) == p && p_.verbs[v].permanent == permanent) {
        WordToken w{verb_token(p), {}, static_cast<int32_t>(v)};
        w.value = permanent ? 1 : 0;
        w.third_person = third_person;
        out_.push_back(w);
        return;
      }
  }
  // A set-state verb: the profile's verb of the state ("Dishonor"), or its undo verb ("Rehonor")
  void state_verb(const StateTest& st) {
    const NamedDef& d = p_.states[static_cast<size_t>(st.state)];
    auto it = d.attrs.find(st.holds ? "verb" : "undo verb");
    for (size_t v = 0; it != d.attrs.end() && v < p_.verbs.size(); ++v)
      if (p_.verbs[v].name == it->second) return out_.push_back(WordToken{verb_token(Primitive::set_state_), {}, static_cast<int32_t>(v)});
  }
  static int verb_token(Primitive p) {
    // each primitive's token found once (the grammar's token named V_ and its name in upper case), not per verb rendered
    static const std::array<int, kPrimitiveCount> tokens = [] {
      std::array<int, kPrimitiveCount> out{};
      for (size_t i = 0; i < kPrimitiveCount; ++i) {
        std::string n = "V_";
        for (char c : primitive_name(static_cast<Primitive>(i))) n += static_cast<char>(c >= 'a' && c <= 'z' ? c - ('a' - 'A') : c);
        for (const TokenWord& t : kTokenNames)
          if (n == t.word) {
            out[i] = t.token;
            break;
          }
      }
      return out;
    }();
    return tokens[static_cast<size_t>(p)];
  }

  void trigger(const Trigger& t) {
    if (t.alone && t.as_a) words({Token::AS, Token::A});  // "As a Focus Effect:"
    if (t.alone) return name(Token::EVENT, t.event);  // "Invest:"
    word(t.timing == Timing::After ? Token::AFTER : t.timing == Timing::Before ? Token::BEFORE : Token::WHEN);
    if (t.card && t.yours) {  // "After you Equip this Follower"
      word(Token::YOU);
      name(Token::EVENT, t.event);
      card_ref(*t.card, false);
      attached_to(t);
      return from_zone(t);
    }
    if (t.revealed_in >= 0) return revealed_in(t);
    if (t.action) return action_trigger(t);
    if (t.card) card_ref(*t.card, true);
    else if (t.yours) word(Token::YOUR);
    else if (t.others) words({Token::ANOTHER, Token::PLAYER, Token::POSS});
    else if (t.article != Trigger::Article::None) word(t.article == Trigger::Article::Definite ? Token::THE : Token::AN);
    else if (t.cards) card_filter(*t.cards);
    name(Token::EVENT, t.event);
    from_zone(t);
  }
  // "the action Equips a Spell to Rin", "another player's Battle action targets this Personality"
  void action_trigger(const Trigger& t) {
    const ActionBy& a = *t.action;
    if (a.whose == ActionBy::Whose::Yours) word(Token::YOUR);
    else if (a.whose == ActionBy::Whose::Others) words({Token::ANOTHER, Token::PLAYER, Token::POSS});
    else word(a.the ? Token::THE : Token::AN);
    if (a.designator >= 0) name(Token::DESIGNATOR, a.designator);
    word(Token::ACTION);
    name(Token::EVENT, t.event);
    if (t.card) card_ref(*t.card, false);
    else card_filter(*t.cards);
    attached_to(t);
    if (t.at_battlefield) words({Token::AT, Token::A, Token::BATTLEFIELD});
    from_zone(t);
  }
  // "to Rin", "to a Void Shugenja"
  void attached_to(const Trigger& t) {
    if (!t.attached_to && !t.attached_to_cards) return;
    word(Token::TO);
    if (t.attached_to) card_ref(*t.attached_to, false);
    else card_filter(*t.attached_to_cards);
  }
  // "you reveal cards in your Provinces at the start of your turn"
  void revealed_in(const Trigger& t) {
    word(Token::YOU);
    name(Token::EVENT, t.event);
    words({Token::IN, Token::YOUR});
    name(Token::ZONE, t.revealed_in, true);
    words({Token::AT, Token::THE, Token::START, Token::OF, Token::YOUR, Token::TURN});
  }
  void from_zone(const Trigger& t) {  // "from a Province"
    if (t.from < 0) return;
    words({Token::FROM, Token::A});
    name(Token::ZONE, t.from);
  }

  // effects one after the other, joined by `between` ("bow him and destroy him"; a constructor's options by ";")
  void effects(const std::vector<Effect>& list, Token between) {
    for (size_t i = 0; i < list.size(); ++i) {
      if (i > 0) word(between);
      effect(list[i]);
    }
  }

  // "His controller", "A target player", "Each player who does not control ...", "All other players": who does it
  void player_subject(const PlayerRef& p) {
    if (p.kind == PlayerRef::Kind::ControllerOf) {  // "His controller loses 1 Honor"
      possessor(*p.of);
      return word(Token::CONTROLLER);
    }
    if (p.kind == PlayerRef::Kind::Target) {  // "A target player loses 1 Honor"
      word(Token::A);
      verb(Primitive::target_);
      return word(Token::PLAYER);
    }
    word(p.all ? Token::ALL : Token::EACH);  // "Each player loses", "All other players lose"
    if (p.other) word(Token::OTHER);
    word(p.all ? Token::PLAYERS : Token::PLAYER);
    if (p.who) {  // "who does not control an Ancestor Personality"
      word(Token::WHO);
      word(p.who->negated ? Token::DOES : Token::CONTROLS);
      if (p.who->negated) words({Token::NOT, Token::CONTROL});
      CardFilter any = *p.who->cards;
      any.side = Side::Any;
      card_filter(any);
    }
  }

  // verb_printed: the subject and the verb were printed before it ("A target player gains or loses 2 Honor": the
  // second option's verb only)
  void effect(const Effect& e, bool verb_printed = false) {
    if (e.optional) {
      word(Token::YOU);
      word(Token::MAY);
    }
    if (e.action >= 0) return keyword_action(e);
    if (e.refill >= 0) return province_effect(e);
    // "target and bow an enemy Personality": the target first, the verb after "and", the set with its article
    if (e.card && e.card->kind == CardRef::Kind::Target && u_->targets[static_cast<size_t>(e.card->target)].verb_after) {
      verb(Primitive::target_);
      word(Token::AND);
      if (e.state) state_verb(*e.state);
      else verb(e.verb, e.duration && e.duration->permanent);
      card_filter(u_->targets[static_cast<size_t>(e.card->target)].filter);
      if (e.verb == Primitive::give_) gifts(e.gifts);  // "target and give your Samurai Personality Conqueror"
      if (e.duration && !e.duration->permanent) name(Token::DURATION, e.duration->duration);
      return;
    }
    if (e.player && e.player->kind != PlayerRef::Kind::You) {
      if (!verb_printed) player_subject(*e.player);
      verb(e.verb, false, e.player->kind != PlayerRef::Kind::Each || !e.player->all);
    } else {
      if (e.state) state_verb(*e.state);
      else verb(e.verb, e.duration && e.duration->permanent);
    }
    if (e.province) return province_effect(e);
    if (e.top || e.looked || e.searched >= 0) return deck_effect(e);
    switch (e.verb) {
      case Primitive::draw_:
        number(*e.amount);
        word(e.amount->kind == Amount::Kind::Constant && e.amount->value == 1 ? Token::CARD : Token::CARDS);
        break;
      case Primitive::gain_:
      case Primitive::lose_:
      case Primitive::produce_:
      case Primitive::pay_:
        if (e.amount && e.amount->kind == Amount::Kind::StatOf) {  // "Gain Honor equal to its Focus Value"
          name(Token::RESOURCE, e.resource);
          word(Token::EQUAL);
          word(Token::TO);
          stat_of(*e.amount);
          break;
        }
        if (e.amount) number(*e.amount);
        name(Token::RESOURCE, e.resource);
        if (e.amount && e.amount->kind == Amount::Kind::CountOf) for_each(*e.amount->cards);  // "1 Honor for each Samurai you control"
        if (e.earmark) earmark(*e.earmark, e.earmark_spelling);
        if (e.amount && e.amount->or_if) or_if(*e.amount->or_if, [&](const Amount& a) {
          number(a);
          name(Token::RESOURCE, e.resource);
        });
        break;
      case Primitive::take_action_:
        if (e.resource < 0) {  // "Take two additional Battle or Open actions"
          number(*e.amount);
          word(Token::ADDITIONAL);
          for (size_t i = 0; i < e.designators.size(); ++i) {
            if (i > 0) word(Token::OR);
            name(Token::DESIGNATOR, e.designators[i]);
          }
          word(e.amount->value == 1 ? Token::ACTION : Token::ACTIONS);
          if (e.performer) {  // "..., which he must perform"
            words({Token::COMMA, Token::WHICH});
            card_ref(*e.performer, true);
            words({Token::MUST, Token::PERFORM});
          }
          break;
        }
        [[fallthrough]];
      case Primitive::discard_:  // "Take the Imperial Favor", "Discard the Imperial Favor", "Discard a Kiho"
        if (e.cards) {
          card_filter(*e.cards);
          break;
        }
        if (e.card) {  // "Discard this card" (a cost)
          card_ref(*e.card, false);
          break;
        }
        word(Token::THE);
        name(Token::RESOURCE, e.resource);
        break;
      case Primitive::create_: {  // "Create two 1F/1C/0PH Ninja • Shadowlands Personalities at the current battlefield"
        if (e.amount->value == 1) word(Token::A);
        else number(*e.amount);
        for (size_t i = 0; i < e.base.size(); ++i) {
          if (i > 0) word(Token::SLASH);
          WordToken v{static_cast<int>(Token::STAT_VALUE), {}, e.base[i].stat};
          v.value = e.base[i].delta.value;
          out_.push_back(v);
        }
        for (size_t i = 0; i < e.cards->keywords.size(); ++i) {
          if (i > 0 && !e.side_by_side) word(Token::BULLET);
          name(Token::KEYWORD, e.cards->keywords[i]);
        }
        const bool many = e.amount->value != 1;
        name(many ? Token::CARD_TYPES : Token::CARD_TYPE, e.cards->card_types.at(0), many);
        if (e.to) {
          word(Token::AT);
          place(*e.to);
        }
        break;
      }
      case Primitive::put_:  // "Put this Strategy into play", "Put it into its owner's hand"
        if (e.card) card_ref(*e.card, false);
        else card_filter(*e.cards);  // "Put a Spell in your discard pile into your hand"
        word(Token::INTO);
        if (e.zone_of == Effect::ZoneOf::Yours) word(Token::YOUR);
        if (e.zone_of == Effect::ZoneOf::Owners) words({Token::ITS, Token::OWNER, Token::POSS});
        name(Token::ZONE, e.zone);
        break;
      case Primitive::give_:  // "Give him +2F", "Give each Nonhuman Personality +1F", "Give him and each of his Followers +3F"
        if (e.card) card_ref(*e.card, false);
        if (e.card && e.cards) word(Token::AND);
        if (e.cards) {
          word(Token::EACH);
          card_filter(*e.cards, true);
        }
        gifts(e.gifts);
        break;
      case Primitive::increase_:  // "Reduce his Force by 2", "Raise this Shugenja's Force by his Chi"
      case Primitive::reduce_:
        possessor(*e.card);
        name(Token::STAT, e.stat);
        word(Token::BY);
        if (e.amount->kind == Amount::Kind::StatOf) stat_of(*e.amount);
        else number(*e.amount);
        break;
      case Primitive::attach_:  // "Attach it to him, paying 2 less Gold, to a minimum of 1"
        card_ref(*e.card, false);
        word(Token::TO);
        card_ref(*e.host, false);
        if (!e.payment) break;  // a card just created (003 Created cards)
        word(Token::COMMA);
        payment(*e.payment);
        break;
      case Primitive::switch_:  // "Switch his Force and Chi", "Switch the target's and this Follower's Force"
        possessor(*e.card);
        if (e.other_card) {
          word(Token::AND);
          possessor(*e.other_card);
          name(Token::STAT, e.stat);
          break;
        }
        name(Token::STAT, e.stat);
        word(Token::AND);
        name(Token::STAT, e.other_stat);
        break;
      case Primitive::heal_:  // "Heal 2", "Heal 2 wounds on target beast"
        number(*e.amount);
        if (!e.card) break;
        name(Token::STATUS, e.status, !(e.amount->kind == Amount::Kind::Constant && e.amount->value == 1));
        word(Token::ON);
        card_ref(*e.card, false);
        break;
      case Primitive::deal_:  // "Deal 2 wounds to target beast"
      case Primitive::inflict_:  // "Inflict Poison on target unit"
        if (e.verb == Primitive::deal_) number(*e.amount);
        name(Token::STATUS, e.status, e.verb == Primitive::deal_ && !(e.amount->kind == Amount::Kind::Constant && e.amount->value == 1));
        word(e.verb == Primitive::deal_ ? Token::TO : Token::ON);
        card_ref(*e.card, false);
        if (e.ignoring >= 0) {  // "ignoring Resist"
          word(Token::IGNORING);
          name(Token::STAT, e.ignoring);
        }
        break;
      case Primitive::win_:  // "win the game"
        words({Token::THE, Token::GAME});
        break;
      case Primitive::remove_:  // "Remove Ninja from Hurunayi", "Remove this Spell from the game"
        if (e.any_status) {  // "Remove all counters of one Status from target unit"
          words({Token::ALL, Token::COUNTERS, Token::OF, Token::ONE, Token::STATUS_NOUN, Token::FROM});
          card_ref(*e.card, false);
        } else if (e.status >= 0) {  // "Remove 2 damage counters from it", "Remove all Poison counters from target unit"
          const bool many = !e.amount || !(e.amount->kind == Amount::Kind::Constant && e.amount->value == 1);
          if (e.amount) number(*e.amount);
          else word(Token::ALL);
          name(Token::STATUS, e.status, many && !e.counters_word);  // before "counters" the name is singular
          if (e.counters_word) word(many ? Token::COUNTERS : Token::COUNTER);
          word(Token::FROM);
          card_ref(*e.card, false);
        } else if (e.keyword >= 0) {
          name(Token::KEYWORD, e.keyword);
          word(Token::FROM);
          card_ref(*e.card, false);
        } else {
          card_ref(*e.card, false);
          words({Token::FROM, Token::THE, Token::GAME});
        }
        break;
      default:
        if (e.to && e.place_first) place(*e.to);
        if (e.card) card_ref(*e.card, false);
        if (e.either) {  // "Bow Kojinrue or one of his Weapons"
          word(Token::OR);
          card_filter(*e.cards);
        } else if (e.other_card) {  // "Move home this unit and a target enemy unit" (its article: "and target" would be a verb)
          word(Token::AND);
          if (e.other_card->kind == CardRef::Kind::Target && !e.other_card->plural &&
              u_->targets[static_cast<size_t>(e.other_card->target)].filter.side != Side::Yours)
            word(Token::A);
          card_ref(*e.other_card, false);
        }
        else if (e.cards) card_filter(*e.cards);  // "Destroy one of his attachments": one chosen
        if (e.to && e.to->kind != Place::Kind::Home && !e.to->there) word(Token::TO);  // "to the current battlefield"
        if (e.to && !e.place_first) place(*e.to);
        if (e.opposing) {  // "to oppose him"
          word(Token::TO);
          out_.push_back(WordToken{static_cast<int>(Token::V_ASSIGN), {}, e.opposing_verb});
          card_ref(*e.opposing, false);
        }
        if (e.into) {  // "into your defending army"
          word(Token::INTO);
          army(*e.into);
        }
        break;
    }
    if (e.duration && !e.duration->permanent) name(Token::DURATION, e.duration->duration);
  }

  // "Give this Province +3 strength", "Increase the current battlefield's province's strength by 2", "Destroy one of
  // your Provinces" (the verb is written)
  // "Discard the top 3 cards of your Fate deck", "Look at a number of cards on top of your Fate deck equal to his Chi",
  // "Put one of them in your hand", "Put the other three on the bottom of your deck in any order"
  void deck_effect(const Effect& e) {
    if (e.searched >= 0) {  // "Search your Fate deck for a Ring"
      word(Token::YOUR);
      name(Token::ZONE, e.searched);
      word(Token::FOR);
      return card_filter(*e.cards);
    }
    if (e.top) {
      const DeckTop& t = *e.top;
      if (e.verb == Primitive::look_) word(Token::AT);
      if (t.number_of) {
        words({Token::A, Token::NUMBER_, Token::OF, Token::CARDS, Token::ON});
        if (t.on_the_top) word(Token::THE);
        words({Token::TOP, Token::OF});
      } else {
        words({Token::THE, Token::TOP});
        if (t.count.value == 1) word(Token::CARD);
        else {
          number(t.count);
          word(Token::CARDS);
        }
        word(Token::OF);
      }
      if (t.whose == DeckTop::Whose::OneOfYours) words({Token::ONE, Token::OF, Token::YOUR});
      else word(t.whose == DeckTop::Whose::Yours ? Token::YOUR : t.whose_a ? Token::A : Token::ANY);
      name(Token::ZONE, t.zone, t.whose == DeckTop::Whose::OneOfYours);
      if (t.number_of) {
        words({Token::EQUAL, Token::TO});
        stat_of(t.count);
      }
      return;
    }
    const LookedCards& k = *e.looked;
    switch (k.form) {
      case LookedCards::Form::Them: word(Token::THEM); break;
      case LookedCards::Form::It: word(Token::IT); break;
      case LookedCards::Form::TheRest: words({Token::THE, Token::REST}); break;
      case LookedCards::Form::TheRemainingCards: words({Token::THE, Token::REMAINING, Token::CARDS}); break;
      case LookedCards::Form::TheOther: {
        words({Token::THE, Token::OTHER});
        Amount n;
        n.value = k.other;
        number(n);
        if (k.cards_word) word(Token::CARDS);
        break;
      }
      default: {  // "one", "one of them", "one or two of these cards"
        Amount n;
        n.value = k.min;
        number(n);
        if (k.max != k.min) {
          word(Token::OR);
          n.value = k.max;
          number(n);
        }
        if (k.form == LookedCards::Form::OfThem) words({Token::OF, Token::THEM});
        if (k.form == LookedCards::Form::OfTheseCards) words({Token::OF, Token::THESE, Token::CARDS});
      }
    }
    if (!e.looked_place) return;
    const LookedPlace& w = *e.looked_place;
    switch (w.kind) {
      case LookedPlace::Kind::Back: word(Token::BACK); break;
      case LookedPlace::Kind::Zone:
        words({w.into ? Token::INTO : Token::IN, Token::YOUR});
        name(Token::ZONE, w.zone);
        break;
      default:
        word(w.at ? Token::AT : Token::ON);
        if (w.the) word(Token::THE);
        word(w.kind == LookedPlace::Kind::Top ? Token::TOP : Token::BOTTOM);
        if (w.zone >= 0) {
          words({Token::OF, w.of_the ? Token::THE : Token::YOUR});
          name(Token::ZONE, w.zone);
        }
    }
    if (w.any_order) words({Token::IN, Token::ANY, Token::ORDER});
  }

  void province_effect(const Effect& e) {
    if (e.refill >= 0) {  // "Refill this Province face-up": the verb the profile marks [refills]
      out_.push_back(WordToken{static_cast<int>(Token::V_PUT), {}, e.refill});
      province(*e.province);
      if (e.state) name(Token::STATE, e.state->state);
      if (e.state) out_.back().value = e.state->holds ? 1 : 0;
      return;
    }
    province(*e.province);
    if (e.verb == Primitive::increase_ || e.verb == Primitive::reduce_) {
      words({Token::POSS, Token::STRENGTH, Token::BY});
      if (e.amount->kind == Amount::Kind::StatOf) stat_of(*e.amount);
      else number(*e.amount);
    } else if (e.verb == Primitive::give_) {
      const StatChange& ch = *e.gifts.at(0).change;
      const Boxed<StatChange>& other = e.gifts.at(0).or_else;
      if (ch.delta.kind == Amount::Kind::StatOf) {  // "a strength bonus equal to his Chi", "a strength bonus or penalty ..."
        words({Token::A, Token::STRENGTH});
        bonus_or_penalty(ch, other);
        words({Token::EQUAL, Token::TO});
        stat_of(ch.delta);
      } else {  // "+3 strength", "+2 or -2 strength"
        for (const StatChange* c : {&ch, other ? &*other : nullptr}) {
          if (!c) continue;
          if (c != &ch) word(Token::OR);
          WordToken m{static_cast<int>(Token::MODIFIER), {}, -1};
          m.value = c->delta.value;
          out_.push_back(m);
        }
        word(Token::STRENGTH);
      }
    }
    if (e.duration && !e.duration->permanent) name(Token::DURATION, e.duration->duration);
  }

  void province_modifier(const ProvinceModifier& m) {  // "Your provinces have +2 strength"
    if (m.yours) word(Token::YOUR);
    name(Token::ZONE, m.zone, true);
    word(Token::HAVE);
    WordToken v{static_cast<int>(Token::MODIFIER), {}, -1};
    v.value = m.change.delta.value;
    out_.push_back(v);
    word(Token::STRENGTH);
    if (m.while_) {  // "... while another player controls a dishonorable Personality"
      word(Token::WHILE);
      condition(*m.while_);
    }
  }

  void province(const ProvinceRef& r) {
    switch (r.kind) {
      case ProvinceRef::Kind::This: word(Token::THIS); break;
      case ProvinceRef::Kind::Current:
        if (r.this_battlefield) words({Token::THIS, Token::BATTLEFIELD, Token::POSS});
        else if (r.battlefield) words({Token::THE, Token::CURRENT, Token::BATTLEFIELD, Token::POSS});
        else words({Token::THE, Token::CURRENT});
        break;
      case ProvinceRef::Kind::OfCard: possessor(*r.of); break;
      case ProvinceRef::Kind::OneOfYours: words({Token::ONE, Token::OF, Token::YOUR}); break;
      case ProvinceRef::Kind::Left: word(Token::THE); break;
    }
    WordToken z{static_cast<int>(Token::ZONE), {}, r.zone};
    z.plural = r.kind == ProvinceRef::Kind::OneOfYours;
    out_.push_back(z);
  }

  void place(const Place& p) {
    if (p.there) return word(Token::THERE);
    switch (p.kind) {
      case Place::Kind::Home: return word(Token::HOME);
      case Place::Kind::CurrentBattlefield:
        if (p.this_battlefield) return words({Token::THIS, Token::BATTLEFIELD});
        return words({Token::THE, Token::CURRENT, Token::BATTLEFIELD});
      case Place::Kind::AnyBattlefield: return words({Token::ANY, Token::BATTLEFIELD});
      case Place::Kind::AnotherBattlefield: return words({Token::ANOTHER, Token::BATTLEFIELD});
    }
  }

  void words(std::initializer_list<Token> ts) {
    for (Token t : ts) word(t);
  }

  // "Ranged 3 Attack", "Fear 2": the strength where the profile puts it; "Ranged Attack with strength equal to his Chi"
  void keyword_action(const Effect& e) {
    const KeywordActionDef& a = p_.keyword_actions[static_cast<size_t>(e.action)];
    const bool inside = a.strength_at < a.words.size();
    WordToken head{static_cast<int>(Token::KEYWORD_ACTION), {}, e.action};
    if (e.amount->kind == Amount::Kind::StatOf) {
      out_.push_back(head);
      word(Token::WITH);
      word(Token::STRENGTH);
      word(Token::EQUAL);
      word(Token::TO);
      return stat_of(*e.amount);
    }
    head.value = inside ? 1 : 0;
    out_.push_back(head);
    number(*e.amount);
    if (inside) name(Token::ACTION_TAIL, e.action);
    // ", with +2 strength if you control a Shugenja, and with +1 strength if ..."; ", or Ranged 4 Attack if ..."
    for (size_t i = 0; i < e.bonuses.size(); ++i) {
      word(Token::COMMA);
      if (e.bonuses[i].instead) {
        word(Token::OR);
        out_.push_back(head);
        WordToken other{static_cast<int>(Token::NUMBER), {}};
        other.value = e.bonuses[i].value;
        out_.push_back(other);
        if (inside) name(Token::ACTION_TAIL, e.action);
        word(Token::IF);
        condition(e.bonuses[i].condition);
        continue;
      }
      if (i > 0) word(Token::AND);
      word(Token::WITH);
      WordToken plus{static_cast<int>(Token::MODIFIER), {}, -1};
      plus.value = e.bonuses[i].value;
      out_.push_back(plus);
      word(Token::STRENGTH);
      word(Token::IF);
      condition(e.bonuses[i].condition);
    }
  }

  // "his Chi", "Akagi's Force", "its Focus Value", "your target Personality's Chi"
  void stat_of(const Amount& a) {
    possessor(*a.of);
    if (a.own) word(Token::OWN);
    stat(a.stat, a.base, a.printed);
    if (a.minus == 0) return;
    word(Token::MINUS);
    Amount m;
    m.value = a.minus;
    number(m);
  }

  // a stat, or its base value ("base Force", "printed Force": 003 Stats)
  void stat(ProfileId id, bool base, bool printed) {
    if (base) word(printed ? Token::PRINTED : Token::BASE);
    name(Token::STAT, id);
  }

  // "for each Samurai you control"
  void for_each(const CardFilter& f) {
    word(Token::FOR);
    word(Token::EACH);
    card_filter(f, true);
  }

  // ", where X is this beast's ATK", ", where X is the number of Structures you control" (000 7.4)
  void where_x(const XDefinition& d) {
    word(Token::COMMA);
    word(Token::WHERE);
    word(Token::VARX);
    word(Token::IS);
    if (d.amount.kind == Amount::Kind::StatOf) return stat_of(d.amount);
    word(Token::THE);
    word(Token::NUMBER_);
    word(Token::OF);
    card_filter(*d.amount.cards);
  }

  // "his", "its", "Akagi's", "the target's"
  void possessor(const CardRef& r) {
    if (r.kind == CardRef::Kind::Pronoun || r.pronoun) return word(person(r) ? Token::HIS : Token::ITS);
    card_ref(r, true);
    word(Token::POSS);
  }

  // "+2F", "+1F/+1C", "Cavalry", "+1F, Shadowlands and Naval": stat changes in a row share a slash
  void gifts(const std::vector<Gift>& g) {
    for (size_t i = 0; i < g.size(); ++i) {
      if (i > 0 && g[i].change && g[i - 1].change) word(Token::SLASH);
      else if (i > 0) word(i + 1 == g.size() ? Token::AND : Token::COMMA);
      if (g[i].change && g[i].change->delta.kind == Amount::Kind::StatOf) {  // "a Force penalty equal to his Chi"
        word(Token::A);
        name(Token::STAT, g[i].change->stat);
        bonus_or_penalty(*g[i].change, g[i].or_else);
        word(Token::EQUAL);
        word(Token::TO);
        stat_of(g[i].change->delta);
      } else if (g[i].change) {
        modifier(*g[i].change);
        if (g[i].or_else) {  // "+2F or -2F"
          word(Token::OR);
          modifier(*g[i].or_else);
        }
        // "+1F/+1C for each Ring you control": after the last change counted over the same set
        const auto& per = g[i].change->delta.cards;
        if (per && (i + 1 == g.size() || !g[i + 1].change || g[i + 1].change->delta.cards != per)) for_each(*per);
      } else if (g[i].tokens) {
        tokens(*g[i].tokens);
      } else if (g[i].granted) {
        granted(*g[i].granted);
      } else name(Token::KEYWORD, g[i].keyword);
    }
  }

  // 003 Embedded text: "the ability, "Battle: ..."", "the trait, "..."": the unit in quotes, rendered as a unit of its
  // own (its pronouns are its own) between an opening EMBEDDED (value 1) and a closing one (value 2), which the round
  // trip reads as the one quoted term printed (the unit's own words are compared on their own, read_meaning.cpp)
  void granted(const Unit& u) {
    word(Token::THE);
    word(u.kind == UnitKind::Ability ? Token::ABILITY : Token::TRAIT);
    word(Token::COMMA);
    out_.push_back(WordToken{static_cast<int>(Token::EMBEDDED), {}, -1, 1});
    for (WordToken& w : Renderer(p_).unit(u)) out_.push_back(w);
    out_.push_back(WordToken{static_cast<int>(Token::EMBEDDED), {}, -1, 2});
  }

  // "a +1F token", "two +1F Fire tokens", "a -1F/-1C Poison token" (001 Token)
  void tokens(const TokenGift& t) {
    if (t.count == 1) {
      word(Token::A);
    } else {
      Amount n;
      n.value = t.count;
      number(n);
    }
    for (size_t i = 0; i < t.changes.size(); ++i) {
      if (i > 0) word(Token::SLASH);
      modifier(t.changes[i]);
    }
    name(Token::STATUS, t.kind, t.count != 1);
  }

  // "bonus", "penalty", "bonus or penalty" (the controller's choice)
  void bonus_or_penalty(const StatChange& c, const Boxed<StatChange>& other) {
    word(c.delta.negated ? Token::PENALTY : Token::BONUS);
    if (!other) return;
    word(Token::OR);
    word(other->delta.negated ? Token::PENALTY : Token::BONUS);
  }

  // "+2F", and its alternative: "-2F, or -3F if he is defending"
  void modifier(const StatChange& c) {
    WordToken w{static_cast<int>(Token::MODIFIER), {}, c.stat};
    w.value = c.delta.value;
    out_.push_back(w);
    if (c.delta.or_if) or_if(*c.delta.or_if, [&](const Amount& a) { modifier(StatChange{c.stat, a, {}}); });
  }

  // ", or 3 Gold if it is not your turn", ", or +4F while he is Fire": `amount` spells the other amount with its unit
  template <class Spell>
  void or_if(const AmountIf& k, Spell amount) {
    word(Token::COMMA);
    word(Token::OR);
    amount(k.amount);
    word(k.while_ ? Token::WHILE : Token::IF);
    condition(k.condition);
  }

  // "Bow him to gain 2 Honor", "Bow him and lose 1 Honor to draw a card and gain 1 Honor"
  void in_order_to(const InOrderTo& k) {
    if (k.only_if) {  // "If he is a Kensai, you may bow ... to ..."
      word(Token::IF);
      condition(*k.only_if);
      word(Token::COMMA);
    }
    if (k.optional) {
      word(Token::YOU);
      word(Token::MAY);
    }
    if (k.target) targeting(u_->targets[static_cast<size_t>(*k.target)]);  // "Target your performing Tactician to ..."
    effects(k.done, Token::AND);
    switch (k.form) {
      case InOrderTo::Form::To: word(Token::TO); break;
      case InOrderTo::Form::And: word(Token::AND); break;  // "You may target your Personality and move him home"
      case InOrderTo::Form::IfYouDid:  // "You may discard a Kiho; if you did, destroy the target"
        words({k.did_period ? Token::PERIOD : Token::SEMI, Token::IF, Token::YOU, k.did_present ? Token::DO : Token::DID, Token::COMMA});
        break;
    }
    effects(k.then, Token::AND);
  }

  // "Move him home or give him +2F"; "Bow or straighten him", "Raise or lower his Force by 2" (the verbs alone, then
  // the last effect whole)
  void choice(const Choice& k) {
    for (size_t i = 0; i < k.options.size(); ++i) {
      if (i > 0) word(Token::OR);
      const Effect& e = k.options[i];
      if (k.shared_verb && i > 0) {  // "Bow him or all of his attachments"
        card_filter(*e.cards);
        continue;
      }
      if (!k.shared_card || i + 1 == k.options.size()) {
        effect(e, i > 0 && e.player && e.player->kind != PlayerRef::Kind::You);
        continue;
      }
      if (e.player && e.player->kind != PlayerRef::Kind::You) {  // "A target player gains or loses 2 Honor"
        player_subject(*e.player);
        verb(e.verb, false, e.player->kind != PlayerRef::Kind::Each || !e.player->all);
      } else if (e.state) state_verb(*e.state);
      else verb(e.verb);
    }
  }

  // "Choose one or more: Gain 1 coin; Draw a card", "choose 2 times from: ..." (002 524)
  void constructor(const Constructor& k) {
    verb(Primitive::choose_);
    if (k.times) {
      number(*k.times);
      word(Token::TIMES);
      word(Token::FROM);
    } else {
      word(Token::ONE);
      word(Token::OR);
      word(Token::MORE_);
    }
    word(Token::COLON);
    effects(k.options, Token::SEMI);
  }

  // "Choose a beast you rule", "Choose 2 beasts you rule", "Choose -2 beasts" (a negative count keeps its sign)
  void choose_cards(const ChooseCards& k) {
    verb(Primitive::choose_);
    if (k.count && k.count->kind == Amount::Kind::Constant && k.count->value < 0) {
      WordToken w{static_cast<int>(Token::MODIFIER), {}, -1};
      w.value = k.count->value;
      out_.push_back(w);
    } else if (k.count) {
      number(*k.count);
    }
    if (!k.filter.plural || k.filter.side != Side::Yours) return card_filter(k.filter);
    CardFilter any = k.filter;  // "2 Samurai you control", not "2 your Samurai"
    any.side = Side::Any;
    card_filter(any);
    word(Token::YOU);
    word(Token::CONTROL);
  }

  // "If it is your turn, draw a card and gain 1 Honor", "Destroy him if he is bowed"
  // "After the next time this turn he is destroyed during a battle, gain 2 Honor" (002 rule 521)
  void delayed(const Delayed& d) {
    const Moment& m = d.moment;
    word(m.timing == Timing::When ? Token::WHEN : Token::AFTER);
    if (m.times == Moment::Times::Each) words({Token::EACH, Token::TIME});
    else if (m.times != Moment::Times::Unsaid) words({Token::THE, m.times == Moment::Times::Next ? Token::NEXT : Token::FIRST, Token::TIME});
    if (m.boundary) {  // "After this duel ends", "When your next turn begins"
      if (m.your_next) words({Token::YOUR, Token::NEXT});
      else word(Token::THIS);
      name(Token::EVENT, m.event);
      word(Token::COMMA);
      return effects(d.effects, Token::AND);
    }
    if (m.span_first) moment_span(m);
    card_ref(m.card, true);
    name(Token::EVENT, m.event);
    if (!m.span_first) moment_span(m);
    if (m.during) {
      words({Token::DURING, Token::A});
      name(Token::DESIGNATOR, m.battle);
    }
    word(Token::COMMA);
    effects(d.effects, Token::AND);
  }
  // "This Personality challenges him", "... to a duel": the profile's verb printed (whether it may be refused)
  // "Nikaru uses his printed Force as his duel stat"
  void duel_stat(const DuelStat& d) {
    card_ref(d.card, true);
    verb(Primitive::use_, false, true);
    const Token own = d.person ? Token::HIS : Token::ITS;
    word(own);
    if (d.printed) word(Token::PRINTED);
    name(Token::STAT, d.stat);
    words({Token::AS, own, Token::DUEL, Token::STAT_NOUN});
  }

  void duel(const Duel& d) {
    card_ref(d.challenger, true);
    WordToken v{verb_token(Primitive::challenge_), {}, d.verb};
    v.third_person = true;
    out_.push_back(v);
    card_ref(d.challenged, false);
    if (d.to_a_duel) words({Token::TO, Token::A, Token::DUEL});
  }
  void moment_span(const Moment& m) { span(m.span, m.battle); }
  void span(Span s, ProfileId battle) {  // "this turn", "this battle"
    if (s == Span::None) return;
    word(Token::THIS);
    if (s == Span::Turn) word(Token::TURN);
    else if (s == Span::Phase) word(Token::PHASE);
    else if (s == Span::Game) word(Token::GAME);
    else name(Token::DESIGNATOR, battle);
  }

  void conditional(const Conditional& k) {
    if (k.as_moving) {  // "Straighten his unit as he moves"
      effect(k.effects.at(0));
      word(Token::AS);
      card_ref(*k.condition.card, true);
      verb(Primitive::move_, false, true);
      return;
    }
    if (!k.condition_first) {
      effect(k.effects.at(0));
      word(Token::IF);
      condition(k.condition);
      return;
    }
    word(Token::IF);
    condition(k.condition);
    word(Token::COMMA);
    if (k.you) word(Token::YOU);  // "..., you win the game"
    effects(k.effects, Token::AND);
    if (k.otherwise.empty()) return;
    word(Token::PERIOD);
    word(Token::OTHERWISE);
    word(Token::COMMA);
    effects(k.otherwise, Token::AND);
  }

  void condition(const Condition& k) {
    switch (k.kind) {
      case Condition::Kind::All:
      case Condition::Kind::Any:
        for (size_t i = 0; i < k.parts.size(); ++i) {
          if (i > 0) word(k.kind == Condition::Kind::All ? Token::AND : Token::OR);
          condition(k.parts[i]);
        }
        return;
      case Condition::Kind::CardIs:
        if (k.card) {  // none: the card the trait describes ("while unbowed")
          card_ref(*k.card, true);
          word(Token::IS);
          if (k.negated) word(Token::NOT);
        }
        if (k.state) {
          WordToken w{static_cast<int>(Token::STATE), {}, k.state->state};
          w.value = k.state->holds ? 1 : 0;
          out_.push_back(w);
        }
        if (k.cards) {  // "it is an attachment", "the target is a Follower"
          word(Token::A);
          return card_types(*k.cards, false);
        }
        // "Kolat", "Kolat or Ninja", "Kolat, Ninja, or Shadowlands", "Ninja, Shadowlands, or dishonorable"
        for (size_t i = 0, n = k.keywords.size() + k.descriptions.size(); i < n; ++i) {
          if (i > 0 && n > 2) word(Token::COMMA);
          if (i > 0 && i + 1 == n) word(Token::OR);
          if (i < k.keywords.size()) name(Token::KEYWORD, k.keywords[i]);
          else name(Token::DESCRIPTION, k.descriptions[i - k.keywords.size()]);
        }
        return;
      case Condition::Kind::Exists:  // "any enemy units are at the current battlefield"
        word(Token::ANY);
        if (k.cards->side == Side::Enemy) word(Token::ENEMY);
        else if (k.cards->side == Side::Opposing) word(Token::OPPOSING);
        else if (k.cards->side == Side::Yours) word(Token::YOUR);
        words({Token::UNITS, Token::ARE});
        if (!k.cards->at->there) word(Token::AT);
        place(*k.cards->at);
        return;
      case Condition::Kind::YouControl: {
        if (k.cards->side == Side::AnotherPlayers) words({Token::ANOTHER, Token::PLAYER, Token::CONTROLS});  // "another player controls"
        else words({Token::YOU, Token::CONTROL});
        if (k.any) word(Token::ANY);  // "you control any Rings"
        CardFilter any = *k.cards;
        any.side = Side::Any;  // "you control" says whose
        card_filter(any);
        return;
      }
      case Condition::Kind::YouAre:  // "you are a Crab Clan player", "you are Mantis Clan"
        word(Token::YOU);
        word(Token::ARE);
        if (k.player_noun) word(Token::A);
        for (size_t i = 0; i < k.keywords.size(); ++i) {
          if (i > 0) word(Token::OR);
          name(Token::KEYWORD, k.keywords[i]);
        }
        if (k.player_noun) word(Token::PLAYER);
        return;
      case Condition::Kind::YouHave:
        word(Token::YOU);
        word(Token::HAVE);
        name(Token::RESOURCE, k.resource);
        break;
      case Condition::Kind::HowMany:  // "you have four or fewer cards in your hand", "you have 10 or more Gold"
        word(Token::YOU);
        word(Token::HAVE);
        number(*k.count);
        word(Token::OR);
        word(k.compare == StatBound::Compare::AtLeast ? Token::MORE_ : k.zone >= 0 ? Token::FEWER : Token::LESS);
        if (k.zone < 0) {
          name(Token::RESOURCE, k.resource);
          break;
        }
        word(Token::CARDS);
        word(Token::IN);
        word(Token::YOUR);
        name(Token::ZONE, k.zone);
        return;
      case Condition::Kind::PaysFor: {  // "when it pays for a single Shugenja only"
        words({Token::WHEN, Token::IT});
        verb(Primitive::pay_, false, true);
        words({Token::FOR, Token::A, Token::SINGLE});
        const size_t noun = out_.size();
        card_filter(*k.cards);
        out_.erase(out_.begin() + static_cast<std::ptrdiff_t>(noun));  // its article: "a single" said it
        word(Token::ONLY);
        return;
      }
      case Condition::Kind::InProvinces: {  // "this Event is face-up in one of them"
        card_ref(*k.card, true);
        word(Token::IS);
        WordToken w{static_cast<int>(Token::STATE), {}, k.state->state};
        w.value = k.state->holds ? 1 : 0;
        out_.push_back(w);
        word(Token::IN);
        if (k.provinces == Condition::ProvincesNamed::OneOfThem) return words({Token::ONE, Token::OF, Token::THEM});
        if (k.provinces == Condition::ProvincesNamed::OneOfYours) words({Token::ONE, Token::OF});
        word(Token::YOUR);
        name(Token::ZONE, k.zone, k.provinces == Condition::ProvincesNamed::OneOfYours);
        return;
      }
      case Condition::Kind::YourTurn:
        word(Token::IT);
        word(Token::IS);
        if (k.negated) word(Token::NOT);
        word(Token::YOUR);
        word(Token::TURN);
        return;
      // the card the trait describes, unnamed: "while attacking", "while attached to a Ratling"; or named: "if he is
      // defending"
      case Condition::Kind::At:  // "he is at the current battlefield"
        card_ref(*k.card, true);
        word(Token::IS);
        if (k.negated) word(Token::NOT);
        if (!k.at->there) word(Token::AT);
        place(*k.at);
        return;
      case Condition::Kind::Moved:  // "he moved"
        card_ref(*k.card, true);
        word(Token::MOVED);
        return;
      case Condition::Kind::ArmyUnits:  // "her army has fewer units than the enemy army"
        army(*k.army);
        word(Token::HAS);
        word(k.compare == StatBound::Compare::Below ? Token::FEWER : Token::MORE_);
        words({Token::UNITS, Token::THAN});
        army(*k.than);
        return;
      case Condition::Kind::ArmySize: {  // "there are two or more units in his army"
        const bool one = k.count->value == 1 && k.compare == StatBound::Compare::Exactly;
        words({Token::THERE, one ? Token::IS : Token::ARE});
        number(*k.count);
        if (k.compare != StatBound::Compare::Exactly) words({Token::OR, k.compare == StatBound::Compare::AtLeast ? Token::MORE_ : Token::FEWER});
        words({one ? Token::UNIT : Token::UNITS, Token::IN});
        army(*k.army);
        return;
      }
      case Condition::Kind::ArmyOpposed:  // "your current army is opposed"
        army(*k.army);
        word(Token::IS);
        if (k.negated) word(Token::NOT);
        word(Token::OPPOSED);
        return;
      case Condition::Kind::WouldBeOpposed:  // "he would be opposed"
        card_ref(*k.card, true);
        word(Token::WOULD);
        word(Token::BE);
        word(Token::OPPOSED);
        return;
      case Condition::Kind::InBattle:
        if (k.card) {
          card_ref(*k.card, true);
          word(Token::IS);
          if (k.negated) word(Token::NOT);
        }
        role(*k.role);
        return;
      case Condition::Kind::AttachedTo:
        if (k.card) {  // "this Follower is attached to an Earth Shugenja"
          card_ref(*k.card, true);
          word(Token::IS);
          if (k.negated) word(Token::NOT);
        }
        word(Token::ATTACHED);
        word(Token::TO);
        card_filter(*k.cards);
        return;
      case Condition::Kind::StatIs:  // "his Force is 0", "his Personal Honor is 3 or higher", "he has 0 Force"
        if (k.stat->form == StatBound::Form::Has) {
          card_ref(*k.card, true);
          word(Token::HAS);
          number(k.stat->value);
          return name(Token::STAT, k.stat->stat);
        }
        possessor(*k.card);
        stat(k.stat->stat, k.stat->base, k.stat->printed);
        word(Token::IS);
        number(k.stat->value);
        if (k.stat->compare == StatBound::Compare::AtMost || k.stat->compare == StatBound::Compare::AtLeast) {
          word(Token::OR);
          word(k.stat->compare == StatBound::Compare::AtMost ? Token::LOWER : Token::HIGHER);
        }
        return;
      case Condition::Kind::Has:
        card_ref(*k.card, true);
        word(Token::HAS);
        if (k.negated) word(Token::NO);  // "it has no attachments"
        attached_cards(*k.attached);
        if (k.attached_word) word(Token::ATTACHED);  // "he has a Weapon attached"
        return;
      case Condition::Kind::Opposes:  // "it is opposing a bowed Follower", "opposing this Item"
        if (k.card) {
          card_ref(*k.card, true);
          word(Token::IS);
        }
        word(Token::OPPOSING);
        if (k.other) return card_ref(*k.other, false);
        if (k.any) word(Token::ANY);
        return card_filter(*k.cards);
      case Condition::Kind::BattleSide:  // "you are the Attacker"
        return words({Token::YOU, Token::ARE, Token::THE, k.defender ? Token::DEFENDER : Token::ATTACKER});
      case Condition::Kind::HasTokens:  // "your Monk has any Fire tokens"
        card_ref(*k.card, true);
        words({Token::HAS, Token::ANY});
        return name(Token::STATUS, k.status, true);
      case Condition::Kind::RollResult:  // "successful", "unsuccessful"
        return word(k.lost ? Token::UNSUCCESSFUL : Token::SUCCESSFUL);
      case Condition::Kind::DuelResult:  // "this Personality wins the duel", "he loses the duel"
        card_ref(*k.card, true);
        verb(k.lost ? Primitive::lose_ : Primitive::win_, false, true);
        return words({Token::THE, Token::DUEL});
    }
  }

  // "Will only attach to a Samurai", "Will not attach to a Shadowlands Personality"
  // "Melee and Ranged Attacks targeting this Personality have -2 strength"
  // "Melee and Ranged Attacks": each keyword action's first words, the last one's name after them in the plural
  void keyword_actions(const std::vector<ProfileId>& actions) {
    for (size_t i = 0; i < actions.size(); ++i) {
      if (i > 0) word(Token::AND);
      WordToken head{static_cast<int>(Token::KEYWORD_ACTION), {}, actions[i]};
      head.value = 1;
      out_.push_back(head);
    }
    name(Token::ACTION_TAIL, actions.back(), true);
  }
  void action_strength(const ActionStrength& a) {
    keyword_actions(a.actions);
    word(Token::TARGETING);
    card_ref(a.target, false);
    word(Token::HAVE);
    WordToken m{static_cast<int>(Token::MODIFIER), {}};
    m.value = a.delta;
    out_.push_back(m);
    word(Token::STRENGTH);
  }

  // "His maximum Force is 1 until the battle ends"
  void stat_limit(const StatLimit& l) {
    possessor(l.card);
    word(l.maximum ? Token::MAXIMUM : Token::MINIMUM);
    name(Token::STAT, l.stat);
    word(Token::IS);
    number(l.value);
    if (l.duration) name(Token::DURATION, l.duration->duration);
  }

  // "This unit cannot attack structures", "This Personality cannot be destroyed", "He may not perform actions this
  // turn", "Ranged Attacks cannot target cards in this unit", "Negate his next straightening"
  void restriction(const Restriction& r) {
    using K = Restriction::Kind;
    if (r.negation == Restriction::Negation::Negate) {  // "Negate his next straightening (this turn)"
      verb(Primitive::negate_);
      possessor(r.card);
      if (r.next) word(Token::NEXT);
      word(r.kind == K::Straighten ? Token::STRAIGHTENING : Token::MOVEMENT);
      return restriction_span(r);
    }
    switch (r.kind) {
      case K::UseAbilities:  // "Its abilities may not be used"
        possessor(r.card);
        word(Token::ABILITIES);
        negation(r.negation);
        words({Token::BE, Token::USED});
        return restriction_span(r);
      case K::BeMoved:  // "Card effects will not move this Personality"
        words({Token::CARD, Token::EFFECTS});
        negation(r.negation);
        verb(Primitive::move_);
        card_ref(r.card, false);
        return restriction_span(r);
      case K::AttackTarget:  // "Ranged Attacks cannot target cards in this unit"
        keyword_actions(r.actions);
        negation(r.negation);
        verb(Primitive::target_);
        return card_filter(*r.cards);
      case K::ResolutionBow:  // "Battle resolution does not bow cards in this unit"
        name(Token::DESIGNATOR, r.battle);
        word(Token::RESOLUTION);
        negation(r.negation);
        verb(Primitive::bow_);
        return card_filter(*r.cards);
      default:
        break;
    }
    if (r.subject_printed) card_ref(r.card, true);
    negation(r.negation);
    switch (r.kind) {
      case K::ReceiveAttachment:  // "Cannot attach Items"
        verb(Primitive::attach_);
        card_filter(*r.against);
        break;
      case K::Attack:
        verb(Primitive::attack_);
        if (r.against) card_filter(*r.against);
        break;
      case K::BeDestroyed:
        words({Token::BE, Token::DESTROYED});
        break;
      case K::ReceiveStatus:
        words({Token::BE, Token::INFLICTED, Token::WITH, Token::STATUSES});
        break;
      case K::PerformActions:  // "may not perform actions"
        words({Token::PERFORM, Token::ACTIONS});
        break;
      case K::AssignAttack:  // "may not be assigned to attack"
        words({Token::BE, Token::ASSIGNED, Token::TO});
        verb(Primitive::attack_);
        break;
      case K::ContributeForce:  // "does not contribute Force to his army during battle resolution while unbowed"
        word(Token::CONTRIBUTE);
        name(Token::STAT, r.stat);
        if (r.army) {
          word(Token::TO);
          possessor(*r.army);
          word(Token::ARMY);
        }
        if (r.battle >= 0) {
          word(Token::DURING);
          name(Token::DESIGNATOR, r.battle);
          word(Token::RESOLUTION);
        }
        if (r.while_) {
          word(Token::WHILE);
          condition(*r.while_);
        }
        break;
      default:
        break;
    }
    restriction_span(r);
  }
  void negation(Restriction::Negation n) {
    switch (n) {
      case Restriction::Negation::Cannot: return word(Token::CANNOT);
      case Restriction::Negation::CanNot: return words({Token::CAN, Token::NOT});
      case Restriction::Negation::MayNot: return words({Token::MAY, Token::NOT});
      case Restriction::Negation::WillNot: return words({Token::WILL, Token::NOT});
      case Restriction::Negation::DoesNot: return words({Token::DOES, Token::NOT});
      case Restriction::Negation::Negate: return verb(Primitive::negate_);
    }
  }
  void restriction_span(const Restriction& r) {
    if (r.duration) name(Token::DURATION, r.duration->duration);
    span(r.span, r.span_battle);
  }

  // 003 Gold Cost: "This Fortification enters play bowed", "Enters play paying 2 less Gold if you are a Lion Clan player"
  // "Your Spells enter play for 1 less Gold", "Attaches to a Thunder Shugenja for 1 less Gold", "... ignoring costs"
  void entering_play(const EnteringPlay& e) {
    if (e.host) {
      verb(Primitive::attach_, false, true);
      word(Token::TO);
      card_filter(*e.host);
    } else if (e.card) {
      card_ref(*e.card, true);
      word(Token::ENTERS);
      name(Token::ZONE, e.zone);
    } else if (e.cards) {
      card_filter(*e.cards);
      word(Token::ENTER);
      name(Token::ZONE, e.zone);
    } else {
      name(Token::EVENT, e.event);
    }
    if (e.state) {
      name(Token::STATE, e.state->state);
      out_.back().value = e.state->holds ? 1 : 0;
      return;
    }
    if (e.ignoring) {
      word(Token::IGNORING);
      if (e.ignored_stat >= 0) name(Token::STAT, e.ignored_stat);
      else word(Token::COSTS);
    } else {
      word(e.paying ? Token::PAYING : Token::FOR);
      cost_change(*e.change);
    }
    if (e.change && e.change->amount.kind == Amount::Kind::CountOf) for_each(*e.change->amount.cards);
    if (e.condition) {
      word(Token::IF);
      condition(*e.condition);
    }
  }
  // ", which can only pay for a single Armor, Mine, or Weapon"
  void earmark(const CardFilter& f, const Effect::EarmarkSpelling& sp) {
    if (sp.comma) word(Token::COMMA);
    words({sp.which ? Token::WHICH : Token::THAT, sp.may ? Token::MAY : Token::CAN, Token::ONLY});
    verb(Primitive::pay_);
    words({Token::FOR, sp.one ? Token::ONE : Token::A, Token::SINGLE});
    const std::vector<ProfileId>& k = f.keywords.empty() ? f.any_keywords : f.keywords;
    for (size_t i = 0; i < k.size(); ++i) {
      if (i > 0 && k.size() > 2) word(Token::COMMA);
      if (i > 0 && i + 1 == k.size()) word(Token::OR);
      name(Token::KEYWORD, k[i]);
    }
  }
  void cost_change(const CostChange& c) {  // "2 less Gold"
    number(c.amount);
    word(c.more ? Token::MORE_ : Token::LESS);
    name(Token::RESOURCE, c.resource);
  }
  void payment(const Payment& p) {  // "paying all costs", "paying 2 less Gold, to a minimum of 1"
    word(Token::PAYING);
    if (!p.change) return words({Token::ALL, Token::COSTS});
    cost_change(*p.change);
    if (!p.minimum) return;
    words({Token::COMMA, Token::TO, Token::A, Token::MINIMUM, Token::OF});
    number(*p.minimum);
  }

  void attach_requirement(const AttachRequirement& a) {
    word(Token::WILL);
    word(a.only ? Token::ONLY : Token::NOT);
    verb(Primitive::attach_);
    word(Token::TO);
    card_filter(a.to);
  }

  void role(BattleRole r) {
    static constexpr Token roles[] = {Token::ATTACKING, Token::DEFENDING, Token::OPPOSED};
    word(roles[static_cast<size_t>(r)]);
  }

  void targeting(const Targeting& t) {
    verb(Primitive::target_);
    if (t.performing) return performing(t.filter, t.anywhere);  // "Target your performing Courtier"
    if (!t.count) return card_filter(t.filter);
    // "Target one or two enemy cards", "Target one or more of your Samurai", "Target up to two Personalities you control"
    target_count(*t.count);
    const CardFilter& f = t.filter;
    if (f.partitive) return partitive(f, true);
    side(f, false);
    adjectives(f);
    card_types(f, f.plural);
    if (f.side == Side::Yours) words({Token::YOU, Token::CONTROL});
    clauses(f);
  }

  // how many cards a targeting takes: "one or two", "one or more", "up to two", "two"
  void target_count(const TargetCount& n) {
    auto count = [&](int64_t v) {
      Amount a;
      a.value = v;
      number(a);
    };
    if (n.form == TargetCount::Form::UpTo) words({Token::UP, Token::TO});
    else count(n.min);
    if (n.form == TargetCount::Form::OrMore) words({Token::OR, Token::MORE_});
    if (n.form == TargetCount::Form::OrN) word(Token::OR);
    if (n.form == TargetCount::Form::OrN || n.form == TargetCount::Form::UpTo) count(n.max);
  }

  // the side of a target's set after "target": "opposing", "enemy", "other"
  void side(const CardFilter& f, bool yours) {
    if (yours && f.side == Side::Yours) word(Token::YOUR);
    if (f.side == Side::Opposing) word(Token::OPPOSING);
    if (f.side == Side::Enemy) word(Token::ENEMY);
    if (f.other) word(Token::OTHER);
  }

  void stat_modifier(const StatModifier& m) {
    if (m.changes.size() == 1 && m.changes[0].op != StatChange::Op::Add) return stat_operation(m);
    if (m.while_first) {  // "While this Shugenja is Fire, he has +1F"
      word(Token::WHILE);
      condition(*m.while_);
      word(Token::COMMA);
    }
    if (m.card) {
      card_ref(*m.card, true);
      if (m.loss) {  // "He loses 1F": the profile's verb after its subject
        verb(*m.loss);
        out_.back().third_person = true;
      }
      else word(Token::HAS);
    } else {
      card_filter(*m.cards);
      word(Token::HAVE);
    }
    for (size_t i = 0; i < m.changes.size(); ++i) {
      if (i > 0) word(Token::AND);
      modifier(m.changes[i]);
    }
    if (!m.changes.empty() && m.changes.back().delta.cards) for_each(*m.changes.back().delta.cards);
    for (ProfileId k : m.keywords) {  // "+3F and Elite", "Naval"
      if (!m.changes.empty()) word(Token::AND);
      name(Token::KEYWORD, k);
    }
    if (m.granted) {  // "+1F and the ability, "...""
      if (!m.changes.empty()) word(Token::AND);
      granted(*m.granted->granted);
    }
    if (m.duration) name(Token::DURATION, m.duration->duration);
    if (m.while_ && m.while_->kind == Condition::Kind::PaysFor) return condition(*m.while_);  // "when it pays for ..."
    if (m.while_ && !m.while_first) {
      if (!m.changes.empty() && m.changes.back().delta.or_if) word(Token::COMMA);  // "+2F, or +3F if ..., while attacking"
      word(Token::WHILE);
      condition(*m.while_);
    }
  }

  // 002 523: "Double its ATK", "Reduce the ATK of target creature by half", "Its ATK is divided by 3, rounded up": as
  // printed (StatChange::form)
  void stat_operation(const StatModifier& m) {
    using Form = StatChange::Form;
    const StatChange& c = m.changes[0];
    auto operand = [&] {
      if (c.stat_first) {  // "the ATK of target creature"
        word(Token::THE);
        name(Token::STAT, c.stat);
        word(Token::OF);
        return card_ref(*m.card, false);
      }
      possessor(*m.card);
      name(Token::STAT, c.stat);
    };
    auto by = [&] {
      word(Token::BY);
      number(c.delta);
    };
    switch (c.form) {
      case Form::Double: verb(Primitive::double_); operand(); break;
      case Form::Halve: verb(Primitive::halve_); operand(); break;
      case Form::Divide: verb(Primitive::divide_); operand(); by(); break;
      case Form::ReduceByHalf:
      case Form::ReduceToHalf:
        verb(Primitive::reduce_);
        operand();
        word(c.form == Form::ReduceByHalf ? Token::BY : Token::TO);
        word(Token::HALF);
        break;
      case Form::Set: verb(Primitive::set_); operand(); word(Token::TO); number(c.delta); break;
      default:
        operand();
        word(Token::IS);
        if (c.form == Form::IsDoubled) word(Token::DOUBLED);
        else if (c.form == Form::IsHalved) word(Token::HALVED);
        if (c.form == Form::IsMultiplied || c.form == Form::IsDivided) {
          word(c.form == Form::IsMultiplied ? Token::MULTIPLIED : Token::DIVIDED);
          by();
        }
        if (c.form == Form::IsSet) {
          verb(Primitive::set_);
          word(Token::TO);
          number(c.delta);
        }
        break;
    }
    if (c.rounding_printed) {
      if (c.rounding_comma) word(Token::COMMA);
      word(Token::ROUNDED);
      word(c.round_up ? Token::UP : Token::DOWN);
    }
    if (m.duration) name(Token::DURATION, m.duration->duration);
  }

  void card_ref(const CardRef& r, bool subject) {
    if (r.unit && !r.unit_itself) {  // "this unit", "his unit"
      if (r.kind == CardRef::Kind::Pronoun || r.pronoun) word(person(r) ? Token::HIS : Token::ITS);
      else word(Token::THIS);
      return word(Token::UNIT);
    }
    if (r.pronoun) return word(!person(r) ? Token::IT : subject ? Token::HE : Token::HIM);  // "this Shugenja ... he"
    switch (r.kind) {
      case CardRef::Kind::ThisCard:
        if (!r.name.empty()) {  // by its own name
          WordToken w{static_cast<int>(Token::NAME), {}};
          w.text = r.name;
          out_.push_back(w);
          break;
        }
        if (r.keyword >= 0) {  // by a keyword it prints ("this Terrain" on a Terrain Strategy)
          word(Token::THIS);
          name(Token::KEYWORD, r.keyword);
          break;
        }
        [[fallthrough]];
      case CardRef::Kind::Bearer:
        word(r.its ? Token::ITS : Token::THIS);  // "its Personality", "this Personality"
        if (r.card_type >= 0) name(Token::CARD_TYPE, r.card_type);
        else word(Token::CARD);
        break;
      case CardRef::Kind::ThisKeyword:
        word(Token::THIS);
        name(Token::KEYWORD, r.keyword);
        break;
      case CardRef::Kind::Performer:
        if (u_->performer->named_by_this) {  // "this Shugenja" on an action card
          word(Token::THIS);
          name(Token::KEYWORD, r.keyword);
          break;
        }
        if (r.card_type < 0 && r.keyword < 0) {
          performer(*u_->performer);
          break;
        }
        word(Token::YOUR);  // named again: "your Monk"
        if (r.card_type >= 0) name(Token::CARD_TYPE, r.card_type);
        else name(Token::KEYWORD, r.keyword);
        break;
      case CardRef::Kind::Discarded:  // "the card"
        words({Token::THE, Token::CARD});
        break;
      case CardRef::Kind::Duelist: {  // "the loser", "the duel's winner", "its winner", "your Personality in it"
        using Form = CardRef::DuelForm;
        if (r.yours) {
          word(Token::YOUR);
          name(Token::CARD_TYPE, r.card_type);
          word(Token::IN);
          if (r.duel_form == Form::InIt) word(Token::IT);
          else words({Token::THIS, Token::DUEL});
          break;
        }
        if (r.duel_form == Form::Its) word(Token::ITS);
        else if (r.duel_form == Form::ThisDuels) words({Token::THIS, Token::DUEL, Token::POSS});
        else if (r.duel_form == Form::TheDuels) words({Token::THE, Token::DUEL, Token::POSS});
        else word(Token::THE);
        word(r.loser ? Token::LOSER : Token::WINNER);
        break;
      }
      case CardRef::Kind::Created:  // "it", "him": the card just created
        word(!r.person ? Token::IT : subject ? Token::HE : Token::HIM);
        break;
      case CardRef::Kind::TheTarget:
        word(r.plural ? Token::EACH : Token::THE);  // "each target": every card of a targeting of several
        if (r.side_named != CardRef::SideNamed::None) word(r.side_named == CardRef::SideNamed::Enemy ? Token::ENEMY : Token::OPPOSING);
        if (r.card_type >= 0) name(Token::CARD_TYPE, r.card_type);  // "the Personality"
        else if (r.keyword >= 0) name(Token::KEYWORD, r.keyword);
        else verb(Primitive::target_);
        break;
      case CardRef::Kind::Pronoun:
        if (r.plural) word(subject ? Token::THEY : Token::THEM);
        else word(!person(r) ? Token::IT : subject ? Token::HE : Token::HIM);
        break;
      case CardRef::Kind::Target: {
        // "target Personality", "target opposing Samurai Personality", "your target unbowed Follower"; several: "one or
        // two target attachments", "one or more of your target Shugenja"
        const Targeting& t = u_->targets[static_cast<size_t>(r.target)];
        if (t.performing) {
          performing(t.filter, t.anywhere, true);
          break;
        }
        const CardFilter& f = t.filter;
        if (t.count) {
          target_count(*t.count);
          if (f.side == Side::Yours) word(Token::OF);
        }
        if (f.side == Side::Yours) word(Token::YOUR);
        verb(Primitive::target_);
        side(f, false);
        adjectives(f);
        card_types(f, t.count && f.plural);
        clauses(f);
        break;
      }
    }
  }

  // "he" or "it" as printed: both may name a person ("a Nonhuman Personality ... it"); "he" for a card that is no
  // person is reported where the pronoun is read (PronounAgreement), not rendered away
  static bool person(const CardRef& r) { return r.person; }

  // "your performing unbowed Monk", "your performing Courtier at any location"
  void performer(const Performer& p) { performing(p.filter, p.anywhere); }
  void performing(const CardFilter& f, bool anywhere, bool target = false) {
    word(Token::YOUR);
    if (target) verb(Primitive::target_);  // "your target performing Ancestor"
    word(Token::PERFORMING);
    performed(f, anywhere);
  }
  void performed(const CardFilter& f, bool anywhere) {
    adjectives(f);
    card_types(f, false);
    if (anywhere) {
      word(Token::AT);
      word(Token::ANY);
      word(Token::LOCATION);
    }
  }

  // One card: "a[n] [opposing] [Samurai] Personality [with 2 Chi or less]", "another ..."; every card of a set:
  // "Your [other] Samurai Personalities". A card you control: "a Follower you control".
  // `each`: after "each", every card of the set in the singular with no article ("each Nonhuman Personality").
  void card_filter(const CardFilter& f, bool each = false) {
    if (!f.alternatives.empty()) {  // "an Air Shugenja or a Holding"
      CardFilter first = f;
      first.alternatives.clear();
      card_filter(first, each);
      for (const CardFilter& a : f.alternatives) {
        word(Token::OR);
        card_filter(a, each);
      }
      return;
    }
    if (f.partitive) return partitive(f, each);
    const bool plural = f.plural && !each;
    if (f.side == Side::AnotherPlayers) {  // "another player's Personality"
      word(Token::ANOTHER);
      word(Token::PLAYER);
      word(Token::POSS);
    } else if (!f.plural) word(f.other && f.side == Side::Any ? Token::ANOTHER : Token::A);
    if (plural && f.side == Side::Yours) word(Token::YOUR);
    if (f.side == Side::Opposing) word(Token::OPPOSING);
    if (f.side == Side::Enemy) word(Token::ENEMY);
    if (f.other && (f.plural || f.side != Side::Any)) word(Token::OTHER);
    adjectives(f, each);
    card_types(f, plural);
    if ((!f.plural || each) && f.side == Side::Yours) {  // "a Follower you control", "each Samurai you control"
      word(Token::YOU);
      word(Token::CONTROL);
    }
    clauses(f);
  }

  // "one of your Personalities", "(each) of his Fire Spells": the noun in the plural after "of"
  void partitive(const CardFilter& f, bool each) {
    if (!each) word(f.plural ? Token::ALL : Token::ONE);  // "all of his attachments", "one of your Followers"
    if (!f.without_of) word(Token::OF);  // "all his attachments"
    if (f.of) possessor(*f.of);
    else word(Token::YOUR);
    CardFilter many = f;
    many.plural = true;
    if (f.other) word(Token::OTHER);
    adjectives(many);
    card_types(many, true);
    clauses(f);
  }

  void adjectives(const CardFilter& f, bool each = false) {
    for (const StateTest& st : f.states) {
      WordToken w{static_cast<int>(Token::STATE), {}, st.state};
      w.value = st.holds ? 1 : 0;
      out_.push_back(w);
    }
    for (ProfileId d : f.descriptions) name(Token::DESCRIPTION, d);  // "dishonorable"
    for (BattleRole r : f.roles) role(r);
    for (ProfileId k : f.no_keywords) {  // "non-Unique"
      word(Token::NON);
      name(Token::KEYWORD, k);
    }
    for (ProfileId t : f.not_types) {  // "non-Ring"
      word(Token::NON);
      name(Token::CARD_TYPE, t);
    }
    // "Nonhuman or Shadowlands": one of them, then the keywords it has all of
    const size_t any = f.any_keywords.size(), n = any + f.keywords.size();
    for (size_t i = 0; i < n; ++i) {
      // "a Daimyo, Duelist, or Kensai Personality": a list as printed
      if (i > 0 && i < any && f.keywords_listed && (i + 1 < any || f.keywords_serial)) word(Token::COMMA);
      if (i > 0 && i < any && (i + 1 == any || !f.keywords_listed)) word(f.keywords_and ? Token::AND : Token::OR);
      // cards named by keywords alone, several: the last in the plural ("Monks")
      name(Token::KEYWORD, i < any ? f.any_keywords[i] : f.keywords[i - any],
           f.plural && !f.singular_spelling && !each && f.card_types.empty() && i + 1 == n);
    }
  }

  // "Personality", "Follower or Item", "Personalities"; "card" for any card
  void card_types(const CardFilter& f, bool plural) {
    for (size_t i = 0; i < f.card_types.size(); ++i) {
      if (i > 0) word(f.types_and ? Token::AND : Token::OR);
      name(plural ? Token::CARD_TYPES : Token::CARD_TYPE, f.card_types[i], plural);
    }
    if (f.attachment) return word(plural ? Token::ATTACHMENTS : Token::ATTACHMENT);
    if (f.units && !plural) return word(Token::UNIT);  // "a target enemy unit"
    // any card: "card", or its keywords alone ("an unbowed Samurai")
    if (f.card_types.empty() && f.keywords.empty() && f.any_keywords.empty()) word(plural ? Token::CARDS : Token::CARD);
  }

  // what follows the noun: "with 2 Chi or less", "without attachments"
  void clauses(const CardFilter& f) {
    for (const StatBound& b : f.stats)
      if (!b.whose) stat_bound(b);
    for (const AttachedTest& a : f.attached) {
      if (a.none && a.no_word) words({Token::WITH, Token::NO});  // "with no Followers"
      else word(a.none ? Token::WITHOUT : Token::WITH);  // "without attachments", "with a Weapon"
      attached_cards(a);
    }
    if (f.at) {
      word(Token::AT);
      place(*f.at);
    }
    if (f.in_unit) {  // "in this unit", "in his unit"
      word(Token::IN);
      card_ref(*f.in_unit, false);
    }
    if (f.in) {  // "in your hand or discard pile", "from your hand", "in play"
      word(f.in->from ? Token::FROM : Token::IN);
      if (f.in->yours) word(Token::YOUR);
      for (size_t i = 0; i < f.in->zones.size(); ++i) {
        if (i > 0) word(Token::OR);
        name(Token::ZONE, f.in->zones[i]);
      }
    }
    if (f.army) {  // "in your army", "in the enemy army", "in this army"
      word(Token::IN);
      army(*f.army);
    }
    // a relative clause ends the noun phrase: "an enemy card without attachments whose unit has lower total Force ..."
    for (const StatBound& b : f.stats)
      if (b.whose) stat_bound(b);
    for (ProfileId k : f.has_tokens) {  // "who has a Madness token"
      words({f.who ? Token::WHO : Token::THAT, Token::HAS, Token::A});
      name(Token::STATUS, k);
    }
  }

  // "your army", "your current army", "the enemy army", "the opposing army", "this army", "his army", "Yoritomo's army"
  void army(const Army& a) {
    switch (a.kind) {
      case Army::Kind::Yours:
        word(Token::YOUR);
        if (a.current) word(Token::CURRENT);
        if (a.defending) word(Token::DEFENDING);
        break;
      case Army::Kind::Enemy:
        word(Token::THE);
        word(a.opposing ? Token::OPPOSING : Token::ENEMY);
        break;
      case Army::Kind::OfCard:
        if (a.this_word) word(Token::THIS);
        else possessor(*a.of);
        break;
    }
    word(Token::ARMY);
  }

  // "with 2 Chi or less", "with 4 or lower Force", "with [equal or] lower Chi than this Shugenja", "with Force lower
  // than or equal to his Chi", "with Force equal to or lower than your Paragon's Personal Honor"
  void stat_bound(const StatBound& b) {
    using C = StatBound::Compare;
    if (b.whose) return whose_bound(b);
    const bool lower = b.compare == C::AtMost || b.compare == C::Below;
    const bool equal = b.compare == C::AtMost || b.compare == C::AtLeast;
    word(Token::WITH);
    switch (b.form) {
      case StatBound::Form::Has:  // (a condition's form: never in a set)
      case StatBound::Form::Trailing:
        number(b.value);
        stat(b.stat, b.base, b.printed);
        word(Token::OR);
        word(lower ? Token::LESS : Token::MORE_);
        return;
      case StatBound::Form::Leading:
        number(b.value);
        word(Token::OR);
        word(lower ? Token::LOWER : Token::HIGHER);
        stat(b.stat, b.base, b.printed);
        return;
      case StatBound::Form::Before:
        if (equal) {
          word(Token::EQUAL);
          word(Token::OR);
        }
        word(lower ? Token::LOWER : Token::HIGHER);
        stat(b.stat, b.base, b.printed);
        if (b.implied) return;  // "with lower Force"
        word(Token::THAN);
        break;
      case StatBound::Form::After:
        stat(b.stat, b.base, b.printed);
        if (equal && b.equal_first) {
          word(Token::EQUAL);
          word(Token::TO);
          word(Token::OR);
        }
        word(lower ? Token::LOWER : Token::HIGHER);
        word(Token::THAN);
        if (equal && !b.equal_first) {
          word(Token::OR);
          word(Token::EQUAL);
          word(Token::TO);
        }
        break;
    }
    bound_value(b);
  }
  // what a stat is compared with: a number, a card's stat, or a card and the same stat
  void bound_value(const StatBound& b) {
    if (b.value.kind != Amount::Kind::StatOf) return number(b.value);
    if (!b.same_stat) return stat_of(b.value);
    card_ref(*b.value.of, false);  // "than this Personality", "than Fushiki's"
    if (b.possessive) word(Token::POSS);
  }

  // A relative clause (docs/meaning.md 23): "whose Force is 7 or higher", "whose Force is now 0", "whose unit's total
  // Force is less than or equal to ...", "whose unit has lower total Force than this unit"
  void whose_bound(const StatBound& b) {
    using C = StatBound::Compare;
    const bool lower = b.compare == C::AtMost || b.compare == C::Below;
    const bool equal = b.compare == C::AtMost || b.compare == C::AtLeast;
    word(Token::WHOSE);
    if (b.unit_has) {
      words({Token::UNIT, Token::HAS});
      if (equal) words({Token::EQUAL, Token::OR});
      words({lower ? Token::LOWER : Token::HIGHER, Token::TOTAL});
      stat(b.stat, false, false);
      word(Token::THAN);
      return bound_value(b);
    }
    if (b.total) words({Token::UNIT, Token::POSS, Token::TOTAL});
    stat(b.stat, b.base, b.printed);
    word(Token::IS);
    if (b.now) word(Token::NOW);
    if (b.form == StatBound::Form::Leading) {  // "7 or higher", "0"
      number(b.value);
      if (b.compare != C::Exactly) words({Token::OR, lower ? Token::LOWER : Token::HIGHER});
      return;
    }
    if (b.compare == C::Differs) {
      words({Token::DIFFERENT, Token::FROM});
      return bound_value(b);
    }
    if (equal && b.equal_first) words({Token::EQUAL, Token::TO, Token::OR});
    words({lower ? Token::LOWER : Token::HIGHER, Token::THAN});
    if (equal && !b.equal_first) words({Token::OR, Token::EQUAL, Token::TO});
    bound_value(b);
  }

  // "attachments", "Followers", "a Weapon or Armor"
  void attached_cards(const AttachedTest& a) {
    if (a.card_types.empty() && a.keywords.empty()) return word(Token::ATTACHMENTS);
    if (a.plural) return name(Token::CARD_TYPES, a.card_types.at(0), true);
    word(Token::A);
    bool first = true;
    for (size_t i = 0; i < a.choice.size(); ++i) {  // "a Gaijin or Peasant Weapon"
      if (i > 0 && a.choice.size() > 2) word(Token::COMMA);
      if (i > 0 && i + 1 == a.choice.size()) word(Token::OR);
      name(Token::KEYWORD, a.choice[i]);
    }
    for (ProfileId t : a.card_types) {
      if (!first) word(Token::OR);
      first = false;
      name(Token::CARD_TYPE, t);
    }
    for (ProfileId k : a.keywords) {
      if (!first) word(Token::OR);
      first = false;
      name(Token::KEYWORD, k);
    }
  }


  const GameProfile& p_;
  const Unit* u_ = nullptr;
  std::vector<WordToken> out_;
};

const char* closed_word(int token) {
  for (const TokenWord& w : kTokenWords)
    if (w.token == token) return w.word;
  return nullptr;
}

// A profile verb inside a sentence: its first letter in lower case ("Target" in "Straighten target Personality");
// the sentence's first word gets its capital back below.
std::string verb_word(std::string v) {
  if (!v.empty() && v[0] >= 'A' && v[0] <= 'Z') v[0] = static_cast<char>(v[0] + ('a' - 'A'));
  return v;
}

// English plural of a name ("Personality" -> "Personalities"); a verb after its subject takes the same ending ("loses")
std::string plural(const std::string& s) {
  if (s.size() > 1 && s.back() == 'y' && s[s.size() - 2] != 'a' && s[s.size() - 2] != 'e' && s[s.size() - 2] != 'o')
    return s.substr(0, s.size() - 1) + "ies";
  if (s.ends_with('s') || s.ends_with("sh") || s.ends_with("ch") || s.ends_with('x')) return s + "es";
  return s + "s";
}

}  // namespace

std::vector<WordToken> render(const meaning::Unit& u, const GameProfile& p) { return Renderer(p).unit(u); }

std::string spell(const std::vector<WordToken>& words, const GameProfile& p) {
  std::vector<std::string> out;
  auto at = [](const auto& table, int32_t id) -> std::string {
    return id >= 0 && static_cast<size_t>(id) < table.size() ? table[static_cast<size_t>(id)].name : std::string("?");
  };
  auto phrase = [](const auto& table, int32_t id) -> std::string {
    return id >= 0 && static_cast<size_t>(id) < table.size() ? table[static_cast<size_t>(id)].text : std::string("?");
  };
  for (const WordToken& w : words) {
    switch (static_cast<Token>(w.type)) {
      case Token::CARD_TYPE: out.push_back(at(p.card_types, w.id)); break;
      case Token::CARD_TYPES: out.push_back(plural(at(p.card_types, w.id))); break;
      case Token::STAT: out.push_back(at(p.stats, w.id)); break;
      case Token::RESOURCE: out.push_back(at(p.resources, w.id)); break;
      case Token::KEYWORD: out.push_back(w.plural ? plural(at(p.keywords, w.id)) : at(p.keywords, w.id)); break;
      case Token::STATUS: {  // in the plural, as the profile spells it last ("Wound (wounds)"), else "+s"
        const NamedDef* d = w.id >= 0 && static_cast<size_t>(w.id) < p.statuses.size() ? &p.statuses[static_cast<size_t>(w.id)] : nullptr;
        out.push_back(!w.plural || !d ? at(p.statuses, w.id) : !d->abbrevs.empty() ? d->abbrevs.back() : plural(d->name));
        break;
      }
      case Token::STATE: {  // an adjective: "unbowed"
        std::string s = at(p.states, w.id);
        if (w.value == 0 && w.id >= 0 && static_cast<size_t>(w.id) < p.states.size())
          if (auto opp = p.states[static_cast<size_t>(w.id)].attrs.find("opposite"); opp != p.states[static_cast<size_t>(w.id)].attrs.end())
            s = opp->second;
        for (char& ch : s) ch = static_cast<char>(ch >= 'A' && ch <= 'Z' ? ch + ('a' - 'A') : ch);
        out.push_back(s);
        break;
      }
      case Token::DESIGNATOR: out.push_back(at(p.designators, w.id)); break;
      case Token::STAT_VALUE:  // "2F": the number and the stat's first letters, written together
        out.push_back(std::to_string(w.value) + (w.id >= 0 && static_cast<size_t>(w.id) < p.stats.size() && !p.stats[static_cast<size_t>(w.id)].abbrevs.empty()
                                                      ? p.stats[static_cast<size_t>(w.id)].abbrevs[0] : std::string("?")));
        break;
      case Token::BULLET: out.push_back("•"); break;
      case Token::ZONE: {  // in lower case, as text names a zone ("into play", "into your hand")
        std::string z = at(p.zones, w.id);
        // in the plural by its short name when it has one: "one of your decks" (of the zone "Fate Deck (deck)")
        if (w.plural && w.id >= 0 && static_cast<size_t>(w.id) < p.zones.size() && !p.zones[static_cast<size_t>(w.id)].abbrevs.empty())
          z = p.zones[static_cast<size_t>(w.id)].abbrevs.front();
        for (char& ch : z) ch = static_cast<char>(ch >= 'A' && ch <= 'Z' ? ch + ('a' - 'A') : ch);
        out.push_back(w.plural ? plural(z) : z);
        break;
      }
      case Token::DESCRIPTION: out.push_back(at(p.descriptions, w.id)); break;
      case Token::KEYWORD_ACTION:  // its words before the strength (value 1), or its whole name
      case Token::ACTION_TAIL: {   // its words after the strength
        const std::string name = at(p.keyword_actions, w.id);
        const size_t before = name == "?" ? 0 : p.keyword_actions[static_cast<size_t>(w.id)].strength_at;
        size_t cut = 0;  // where its words before the strength end
        for (size_t k = 0; k < before && cut < name.size(); ++k) cut = std::min(name.find(' ', cut + (k > 0 ? 1 : 0)), name.size());
        // in the plural ("Ranged Attacks"): the kind in general
        if (w.type == static_cast<int>(Token::ACTION_TAIL)) out.push_back((cut < name.size() ? name.substr(cut + 1) : std::string()) + (w.plural ? "s" : ""));
        else out.push_back(w.value == 1 ? name.substr(0, cut) : name);
        break;
      }
      case Token::EVENT: out.push_back(phrase(p.events, w.id)); break;
      case Token::DURATION: out.push_back(phrase(p.durations, w.id)); break;
      case Token::NUMBER: out.push_back(std::to_string(w.value)); break;
      case Token::EMBEDDED: out.push_back(w.value == 2 ? "\u201d" : "\u201c"); break;  // the granted unit's quotes
      case Token::VARX: out.push_back("X"); break;
      case Token::NAME: out.push_back(std::string(w.text)); break;
      case Token::POSS: out.push_back(!out.empty() && out.back().ends_with('s') ? "'" : "'s"); break;
      case Token::MODIFIER: {
        const StatDef* s = w.id >= 0 && static_cast<size_t>(w.id) < p.stats.size() ? &p.stats[static_cast<size_t>(w.id)] : nullptr;
        std::string letters = s && !s->abbrevs.empty() ? s->abbrevs[0] : std::string();
        out.push_back(fmt::format("{:+}{}", w.value, letters));
        if (s && letters.empty()) out.push_back(s->name);
        break;
      }
      default:
        if (w.id >= 0 && w.type != static_cast<int>(Token::COLON) && static_cast<size_t>(w.id) < p.verbs.size() &&
            !closed_word(w.type))
          // a verb token: the profile's verb; after a subject in the third person, with the plural's ending ("loses")
          out.push_back(w.third_person ? plural(verb_word(p.verbs[static_cast<size_t>(w.id)].name)) : verb_word(p.verbs[static_cast<size_t>(w.id)].name));
        else if (const char* c = closed_word(w.type)) out.push_back(c);
        else if (w.type == static_cast<int>(Token::COLON)) out.push_back(":");
        else if (w.type == static_cast<int>(Token::PERIOD)) out.push_back(".");
        else if (w.type == static_cast<int>(Token::SLASH)) out.push_back("/");
        else if (w.type == static_cast<int>(Token::COMMA)) out.push_back(",");
        else if (w.type == static_cast<int>(Token::SEMI)) out.push_back(";");  // between a constructor's options
        break;
    }
  }
  // Punctuation joins the word before it; a sentence starts with a capital; "a" before a vowel is "an".
  std::string text;
  bool capital = true;
  for (size_t i = 0; i < out.size(); ++i) {
    std::string w = out[i];
    bool punct = w == ":" || w == ";" || w == "." || w == "/" || w == "," || w == "'s" || w == "'" || w == "\u201d";
    if (w == "a" && i + 1 < out.size() && !out[i + 1].empty() && std::string_view("aeiouAEIOU").find(out[i + 1][0]) != std::string_view::npos)
      w = "an";
    if (w == "." && text.ends_with(".\u201d")) {  // the quoted unit's period ends the sentence around it too
      capital = true;
      continue;
    }
    if (capital && !w.empty() && w[0] >= 'a' && w[0] <= 'z') w[0] = static_cast<char>(w[0] - ('a' - 'A'));
    if (!text.empty() && !punct && text.back() != '/' && text.back() != '-' && !text.ends_with("\u201c")) text += ' ';  // "non-Unique"
    text += w;
    capital = w == ":" || w == "." || w == "\u201c";
  }
  return text;
}

}  // namespace cardc::wording
