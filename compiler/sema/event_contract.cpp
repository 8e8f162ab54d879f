// Pass "events": the events cards wait for are a contract (docs/language.md, Events). A trigger waits for one of the
// profile's events; the event is raised either by the runtime (its `signal`: the built-in event it is) or by the
// engine, which the profile declares with `[engine]` (the engine performs that step or action and calls
// cardrt_game_emit). A trigger on an event neither raises would leave the card waiting forever: the card is refused.
// A delayed effect's moment is checked where the binder reads it (compiler/bind/moments.cpp): a boundary such as
// "after this duel ends" is signalled by the runtime and needs no event, a moment about a card waits for one.
#include "sema/pipeline.h"
#include "sema/unit_walk.h"

namespace cardc {

void check_event_contract(CheckContext& ctx) {
  for (CardReading& r : ctx.readings) {
    DiagnosticEngine::CardScope scope(ctx.diags, r.card->title);
    for_each_unit(r.units, [&](TextUnit& u, bool) {
      for (Clause* c : clauses_of(u)) {
        if (c->role != ClauseRole::Trigger || c->delayed) continue;
        if (c->event < 0 || static_cast<size_t>(c->event) >= ctx.profile.events.size()) continue;
        const PhraseDef& e = ctx.profile.events[static_cast<size_t>(c->event)];
        if (!e.raised()) ctx.diags.report(DiagId::EventNeverRaised, c->range, e.text, ctx.profile.game);
      }
    });
  }
}

}  // namespace cardc
