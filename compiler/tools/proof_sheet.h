#pragma once
// Card proofs: a self-contained HTML page that lays out each card of a checked set as a card face, with a badge
// for its check status and its diagnostics beneath (`cardc render`, docs/tools.md).
#include <string>

#include "driver/compile_pipeline.h"

namespace cardc::tools {

struct ProofCounts {
  size_t cards = 0, clean = 0, with_warnings = 0, with_errors = 0;
};

// The whole page (no external resources). `set.ctx` may be null when the profile could not be loaded: the
// cards are still laid out, from the AST alone.
std::string render_proof_sheet(const CompiledSet& set, ProofCounts* counts = nullptr);

// Card text markup to HTML: **bold**, _italic_, (reminder) in italics; `bold_ranges` (byte offsets into the
// source, half-open) are bold too (designators the reading found). Exposed for tests.
std::string text_to_html(std::string_view source, uint32_t base_offset,
                         const std::vector<std::pair<uint32_t, uint32_t>>& bold_ranges);

std::string html_escape(std::string_view s);

}  // namespace cardc::tools
