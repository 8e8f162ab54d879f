#include "codegen/inline_queries.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/DerivedTypes.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/Module.h>

#include "cardrt/cardrt.h"

namespace cardc::codegen {
namespace {

// The views' fields in declaration order (cardrt.h); the target's data layout places them as the C compiler does.
enum GameViewField : unsigned { kGameViewGame, kGameViewCards, kGameViewCardCount, kGameViewCardStride };
enum CardViewField : unsigned {
  kCardExists,
  kCardInPlay,
  kCardType,
  kCardController,
  kCardKeywordsVaried,
  kCardPrintedKeywords
};
enum CtxViewField : unsigned { kCtxGame, kCtxSource, kCtxController };

struct Query {
  std::string_view name;
  bool on_ctx;           // reads the context (else a card)
  unsigned field;        // CardViewField or CtxViewField
  bool needs_existence;  // the function answers from the card only while it exists
};
constexpr Query kQueries[] = {
    {"cardrt_card_in_play", false, kCardInPlay, false},  // in range and in play, whether or not it exists
    {"cardrt_card_type", false, kCardType, true},
    {"cardrt_card_controller", false, kCardController, true},
    {"cardrt_card_has_keyword", false, kCardPrintedKeywords, true},  // (game, card, keyword)
    {"cardrt_ctx_source", true, kCtxSource, false},
    {"cardrt_ctx_controller", true, kCtxController, false},
};

// Straight-line reads, no branch: -O1 and -O2 use the fast code generator (target.cpp), which keeps no value in a
// register from one block to the next, so the lowering reads every query of an expression in one block and tests
// their `ok` once (lower.cpp). No read may fault: a missing game, context or card reads an all-zero stand-in (no
// cards, another game, a card that does not exist) instead, and is not ok.
class QueryEmitter {
 public:
  QueryEmitter(llvm::IRBuilder<>& b, llvm::ArrayRef<llvm::Value*> args)
      : b_(b), c_(b.getContext()), args_(args), fn_(b.GetInsertBlock()->getParent()) {
    llvm::Type* ptr = b.getPtrTy();
    llvm::Type* i32 = b.getInt32Ty();
    game_view_ = llvm::StructType::get(c_, {ptr, ptr, i32, i32});
    card_view_ = llvm::StructType::get(c_, {i32, i32, i32, i32, i32, b.getInt64Ty()});
    ctx_view_ = llvm::StructType::get(c_, {ptr, i32, i32});
  }

  QueryRead emit(const Query& q) {
    llvm::Value* game = args_[0];
    llvm::Value* game_present = b_.CreateIsNotNull(game);
    llvm::Value* gv = b_.CreateSelect(game_present, game, stand_in(game_view_, "cardrt.no_game"));
    llvm::Value* ok = nullptr;
    llvm::Value* v = nullptr;
    if (q.on_ctx) {
      llvm::Value* ctx = args_[1];
      llvm::Value* ctx_present = b_.CreateIsNotNull(ctx);
      llvm::Value* cv = b_.CreateSelect(ctx_present, ctx, stand_in(ctx_view_, "cardrt.no_ctx"));
      llvm::Value* own = b_.CreateICmpEQ(load(b_.getPtrTy(), game_view_, gv, kGameViewGame),
                                         load(b_.getPtrTy(), ctx_view_, cv, kCtxGame));
      ok = b_.CreateAnd(b_.CreateAnd(game_present, ctx_present), own);
      v = load(b_.getInt32Ty(), ctx_view_, cv, q.field);
    } else {
      llvm::Value* index = b_.CreateSub(args_[1], b_.getInt32(1), "query.index");
      // one unsigned comparison: ids below 1 wrap above every count (the stand-in game has none)
      ok = b_.CreateICmpULT(index, load(b_.getInt32Ty(), game_view_, gv, kGameViewCardCount));
      llvm::Value* cards = b_.CreateSelect(ok, load(b_.getPtrTy(), game_view_, gv, kGameViewCards),
                                           stand_in(card_view_, "cardrt.no_card"));
      llvm::Value* stride = load(b_.getInt32Ty(), game_view_, gv, kGameViewCardStride);
      llvm::Value* offset = b_.CreateMul(b_.CreateZExt(b_.CreateSelect(ok, index, b_.getInt32(0)), b_.getInt64Ty()),
                                         b_.CreateZExt(stride, b_.getInt64Ty()));
      llvm::Value* view = b_.CreateGEP(b_.getInt8Ty(), cards, offset, "query.view");
      if (q.needs_existence)
        ok = b_.CreateAnd(ok, b_.CreateIsNotNull(load(b_.getInt32Ty(), card_view_, view, kCardExists)));
      if (q.field == kCardPrintedKeywords) {
        // a keyword below 64 of a card whose keywords are the printed ones: its bit
        llvm::Value* keyword = args_[2];
        ok = b_.CreateAnd(ok, b_.CreateICmpULT(keyword, b_.getInt32(64)));
        ok = b_.CreateAnd(ok, b_.CreateIsNull(load(b_.getInt32Ty(), card_view_, view, kCardKeywordsVaried)));
        llvm::Value* bits = load(b_.getInt64Ty(), card_view_, view, kCardPrintedKeywords);
        llvm::Value* shift = b_.CreateZExt(b_.CreateAnd(keyword, b_.getInt32(63)), b_.getInt64Ty());
        v = b_.CreateTrunc(b_.CreateAnd(b_.CreateLShr(bits, shift), b_.getInt64(1)), b_.getInt32Ty());
      } else {
        v = load(b_.getInt32Ty(), card_view_, view, q.field);
        if (q.field == kCardInPlay) v = b_.CreateZExt(b_.CreateIsNotNull(v), b_.getInt32Ty());  // 1 or 0, as the call
      }
    }
    return QueryRead{v, ok};
  }

 private:
  llvm::Value* load(llvm::Type* t, llvm::StructType* view, llvm::Value* base, unsigned field) {
    return b_.CreateLoad(t, b_.CreateStructGEP(view, base, field));
  }

  // An all-zero view, one per module.
  llvm::Constant* stand_in(llvm::StructType* type, const char* name) {
    llvm::Module& m = *fn_->getParent();
    if (llvm::GlobalVariable* g = m.getGlobalVariable(name, /*AllowInternal=*/true)) return g;
    auto* g = new llvm::GlobalVariable(m, type, /*isConstant=*/true, llvm::GlobalValue::PrivateLinkage,
                                       llvm::Constant::getNullValue(type), name);
    g->setAlignment(llvm::Align(8));
    return g;
  }

  llvm::IRBuilder<>& b_;
  llvm::LLVMContext& c_;
  llvm::ArrayRef<llvm::Value*> args_;
  llvm::Function* fn_;
  llvm::StructType* game_view_ = nullptr;
  llvm::StructType* card_view_ = nullptr;
  llvm::StructType* ctx_view_ = nullptr;
};

}  // namespace

bool is_inlined_query(std::string_view name) {
  for (const Query& q : kQueries)
    if (q.name == name) return true;
  return false;
}

std::optional<QueryRead> read_query(llvm::IRBuilder<>& b, std::string_view name, llvm::ArrayRef<llvm::Value*> args) {
  for (const Query& q : kQueries)
    if (q.name == name && args.size() == (q.field == kCardPrintedKeywords ? 3u : 2u)) return QueryEmitter(b, args).emit(q);
  return std::nullopt;
}

}  // namespace cardc::codegen
