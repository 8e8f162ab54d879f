#include "ast/ast.h"

namespace cardc::ast {

const char* field_name(FieldKind k) {
  switch (k) {
    case FieldKind::Type: return "type";
    case FieldKind::Stats: return "stats";
    case FieldKind::Keywords: return "keywords";
    case FieldKind::Text: return "text";
    case FieldKind::Flavor: return "flavor";
  }
  return "?";
}

const char* decl_kind_name(DeclKind k) {
  switch (k) {
    case DeclKind::Stat: return "stat";
    case DeclKind::PlayerStat: return "player stat";
    case DeclKind::Resource: return "resource";
    case DeclKind::CardType: return "card type";
    case DeclKind::Zone: return "zone";
    case DeclKind::State: return "state";
    case DeclKind::Designator: return "designator";
    case DeclKind::Keyword: return "keyword";
    case DeclKind::Keywords: return "keywords";
    case DeclKind::Event: return "event";
    case DeclKind::Duration: return "duration";
    case DeclKind::Status: return "status";
    case DeclKind::Dice: return "dice";
    case DeclKind::Verb: return "verb";
    case DeclKind::Policy: return "policy";
  }
  return "?";
}

}  // namespace cardc::ast
