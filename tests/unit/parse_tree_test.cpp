// compiler/parse/parse_tree.h answers as ANTLR's generated accessors and dynamic_cast do, on every node of a parsed
// card set (the card text grammar: rules, labeled alternatives, tokens).
#include "parse/parse_tree.h"

#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <sstream>
#include <string>

#include "CardTextLexer.h"
#include "CardTextParser.h"

namespace cardc {
namespace {

using P = cardc_grammar::CardTextParser;
using namespace parse_tree;

template <class T>
void same_as_dynamic_cast(antlr4::ParserRuleContext* c, size_t& found) {
  size_t i = 0;
  for (antlr4::tree::ParseTree* n : c->children) {
    EXPECT_EQ(node_as<T>(n), dynamic_cast<T*>(n));
    if (dynamic_cast<T*>(n)) {
      EXPECT_EQ(sub<T>(c, i), c->getRuleContext<T>(i));
      ++i;
      ++found;
    }
  }
  EXPECT_EQ(sub<T>(c, i), nullptr);
  EXPECT_EQ(subs<T>(c).size(), c->getRuleContexts<T>().size());
  size_t k = 0;
  for (T* t : subs<T>(c)) EXPECT_EQ(t, c->getRuleContext<T>(k++));
}

TEST(ParseTree, AnswersAsTheGeneratedAccessors) {
  std::ifstream in(std::string(CARDC_SOURCE_DIR) + "/cards/legends/emerald_dawn.cards");
  std::stringstream text;
  text << in.rdbuf();
  ASSERT_FALSE(text.str().empty());
  antlr4::ANTLRInputStream input(text.str());
  cardc_grammar::CardTextLexer lexer(&input);
  antlr4::CommonTokenStream tokens(&lexer);
  P parser(&tokens);
  P::CardSetFileContext* file = parser.cardSetFile();
  ASSERT_EQ(parser.getNumberOfSyntaxErrors(), 0u);

  size_t rules = 0, labeled = 0, terminals = 0;
  std::function<void(antlr4::ParserRuleContext*)> walk = [&](antlr4::ParserRuleContext* c) {
    same_as_dynamic_cast<P::CardDeclContext>(c, rules);
    same_as_dynamic_cast<P::FieldContext>(c, rules);  // a rule whose children are its labeled alternatives
    same_as_dynamic_cast<P::ParagraphContext>(c, rules);
    same_as_dynamic_cast<P::StatEntryContext>(c, rules);
    same_as_dynamic_cast<P::TypeFieldContext>(c, labeled);
    same_as_dynamic_cast<P::TextFieldContext>(c, labeled);
    same_as_dynamic_cast<P::StatsFieldContext>(c, labeled);
    for (antlr4::tree::ParseTree* n : c->children) {
      EXPECT_EQ(is_terminal(n), dynamic_cast<antlr4::tree::TerminalNode*>(n) != nullptr);
      if (auto* t = dynamic_cast<antlr4::tree::TerminalNode*>(n)) {
        const size_t type = t->getSymbol()->getType();
        EXPECT_EQ(terms(c, type), c->getTokens(type));
        for (size_t i = 0; i <= c->getTokens(type).size(); ++i) EXPECT_EQ(term(c, type, i), c->getToken(type, i));
        ++terminals;
      } else {
        walk(static_cast<antlr4::ParserRuleContext*>(n));
      }
    }
  };
  walk(file);
  EXPECT_GT(rules, 10u);
  EXPECT_GT(labeled, 10u);
  EXPECT_GT(terminals, 100u);
}

}  // namespace
}  // namespace cardc
